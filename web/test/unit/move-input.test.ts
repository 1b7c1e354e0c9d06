import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTypedMove } from '../../src/move-input';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const START_DESTS = {
  a2: ['a3', 'a4'], b2: ['b3', 'b4'], e2: ['e3', 'e4'], g1: ['f3', 'h3'], b1: ['a3', 'c3'],
};

test('SAN and UCI resolve to the same move', () => {
  assert.deepEqual(parseTypedMove('Nf3', START, START_DESTS, 'white'), { uci: 'g1f3' });
  assert.deepEqual(parseTypedMove('g1f3', START, START_DESTS, 'white'), { uci: 'g1f3' });
  assert.deepEqual(parseTypedMove(' e4 ', START, START_DESTS, 'white'), { uci: 'e2e4' });
});

test('a move the server did not list is refused', () => {
  assert.ok('error' in parseTypedMove('e5', START, START_DESTS, 'white'));
  assert.ok('error' in parseTypedMove('Nf6', START, START_DESTS, 'white'));
  assert.ok('error' in parseTypedMove('hello', START, START_DESTS, 'white'));
});

test('ambiguous SAN names the candidates', () => {
  const fen = '4k3/8/8/8/8/8/8/N3K2N w - - 0 1';
  const dests = { a1: ['b3', 'c2'], h1: ['g3', 'f2'], e1: ['d1', 'f1'] };
  const twoKnights = '4k3/8/8/8/8/8/8/1N3N1K w - - 0 1';
  const d2 = { b1: ['d2', 'a3', 'c3'], f1: ['d2', 'e3', 'g3', 'h2'], h1: ['g1', 'g2', 'h2'] };
  assert.deepEqual(parseTypedMove('Nb3', fen, dests, 'white'), { uci: 'a1b3' });
  const r = parseTypedMove('Nd2', twoKnights, d2, 'white');
  assert.ok('error' in r && r.error.includes('Nb1') && r.error.includes('Nf1'));
  assert.deepEqual(parseTypedMove('Nbd2', twoKnights, d2, 'white'), { uci: 'b1d2' });
});

test('castling and promotion', () => {
  const fen = 'r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1';
  const dests = { e1: ['g1', 'c1', 'h1', 'a1', 'd1'], b7: ['b8', 'a8'] };
  assert.deepEqual(parseTypedMove('O-O', fen, dests, 'white'), { uci: 'e1g1' });
  assert.deepEqual(parseTypedMove('0-0-0', fen, dests, 'white'), { uci: 'e1c1' });
  assert.deepEqual(parseTypedMove('bxa8=N', fen, dests, 'white'), { uci: 'b7a8n' });
  assert.ok('error' in parseTypedMove('b8', fen, dests, 'white'));
});

test('moves typed in the notation language of the settings', () => {
  assert.deepEqual(parseTypedMove('Sf3', START, START_DESTS, 'white', 'de'), { uci: 'g1f3' });
  assert.deepEqual(parseTypedMove('Cf3', START, START_DESTS, 'white', 'fr'), { uci: 'g1f3' });
  assert.deepEqual(parseTypedMove('Pf3', START, START_DESTS, 'white', 'nl'), { uci: 'g1f3' });
  assert.deepEqual(parseTypedMove('Кf3', START, START_DESTS, 'white', 'ru'), { uci: 'g1f3' });
  assert.deepEqual(parseTypedMove('♘f3', START, START_DESTS, 'white', 'figurine'), { uci: 'g1f3' });
  assert.deepEqual(parseTypedMove('e4', START, START_DESTS, 'white', 'de'), { uci: 'e2e4' });
  // A French R is the king: no king move here.
  const fen = '4k3/8/8/8/8/8/8/R3K3 w - - 0 1';
  const dests = { a1: ['a2', 'b1'], e1: ['d1', 'f1', 'd2', 'e2', 'f2'] };
  assert.deepEqual(parseTypedMove('Rf1', fen, dests, 'white', 'fr'), { uci: 'e1f1' });
  assert.deepEqual(parseTypedMove('Tb1', fen, dests, 'white', 'fr'), { uci: 'a1b1' });
  assert.deepEqual(parseTypedMove('Rb1', fen, dests, 'white', 'en'), { uci: 'a1b1' });
  // Promotion and messages in the language.
  const promo = '4k3/1P6/8/8/8/8/8/4K3 w - - 0 1';
  assert.deepEqual(parseTypedMove('b8=D', promo, { b7: ['b8'] }, 'white', 'de'), { uci: 'b7b8q' });
  const say = parseTypedMove('b8', promo, { b7: ['b8'] }, 'white', 'de');
  assert.ok('error' in say && say.error.includes('b8=D'), JSON.stringify(say));
  const twoKnights = '4k3/8/8/8/8/8/8/1N3N1K w - - 0 1';
  const both = parseTypedMove('Sd2', twoKnights, { b1: ['d2'], f1: ['d2'] }, 'white', 'de');
  assert.ok('error' in both && both.error.includes('Sb1 or Sf1'), JSON.stringify(both));
});
