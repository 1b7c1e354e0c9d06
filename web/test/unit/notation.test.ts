import assert from 'node:assert/strict';
import { test } from 'node:test';
import { translateSan } from '../../src/notation';

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
