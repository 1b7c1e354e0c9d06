import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGUAGES, sanToEnglish, translateSan } from '../../src/notation';

test('German letters replace the moving piece and the promotion piece', () => {
  assert.equal(translateSan('Nf3', 'de', 'white'), 'Sf3');
  assert.equal(translateSan('Qxd8+', 'de', 'white'), 'Dxd8+');
  assert.equal(translateSan('exd8=N#', 'de', 'white'), 'exd8=S#');
});

test('squares and castling are never translated', () => {
  assert.equal(translateSan('O-O-O+', 'fr', 'black'), 'O-O-O+');
  assert.equal(translateSan('Bb5', 'fr', 'white'), 'Fb5'); // the file b stays Latin
  assert.equal(translateSan('e4', 'ru', 'white'), 'e4');
});

test('Russian king has two letters, figurines follow the colour', () => {
  assert.equal(translateSan('Kxe2', 'ru', 'black'), 'Крxe2');
  assert.equal(translateSan('Nbd7', 'figurine', 'black'), '♞bd7');
  assert.equal(translateSan('Nbd2', 'figurine', 'white'), '♘bd2');
  assert.equal(translateSan('a8=Q', 'figurine', 'white'), 'a8=♕');
});

test('typed moves in a language read back as English SAN', () => {
  assert.equal(sanToEnglish('Sf3', 'de'), 'Nf3');
  assert.equal(sanToEnglish('exd8=S#', 'de'), 'exd8=N#');
  assert.equal(sanToEnglish('Rf1', 'fr'), 'Kf1'); // French R is the king, T the rook
  assert.equal(sanToEnglish('Txe8', 'fr'), 'Rxe8');
  assert.equal(sanToEnglish('Крe2', 'ru'), 'Ke2'); // two letters, not К (knight) + р
  assert.equal(sanToEnglish('Кf3', 'ru'), 'Nf3');
  assert.equal(sanToEnglish('♞bd7', 'figurine'), 'Nbd7');
  assert.equal(sanToEnglish('a8=♕', 'figurine'), 'a8=Q');
  assert.equal(sanToEnglish('Nf3', 'en'), 'Nf3');
  assert.equal(sanToEnglish('O-O', 'de'), 'O-O');
});

test('every language reads back what it writes', () => {
  const moves = ['Nf3', 'Qxd8+', 'Kxe2', 'Rad1', 'Bb5', 'exd8=N#', 'a1=Q', 'O-O-O', 'e4'];
  for (const { code } of LANGUAGES) {
    for (const san of moves) {
      for (const side of ['white', 'black'] as const) assert.equal(sanToEnglish(translateSan(san, code, side), code), san, `${code} ${san}`);
    }
  }
});
