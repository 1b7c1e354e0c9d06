import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  castlingField,
  castlingPossible,
  EMPTY_PLACEMENT,
  enPassantCandidates,
  fenErrorText,
  noCastling,
  parseFen,
  readPlacement,
  START_FEN,
  writeFen,
  writePlacement,
} from '../../src/editor-fen';
import { useLanguage } from '../../src/i18n';

const START = START_FEN.split(' ')[0] ?? '';

test('the placement is read square by square and written back the same', () => {
  const board = readPlacement(START);
  assert.ok(board);
  assert.equal(board.size, 32);
  assert.equal(board.get('e1'), 'K');
  assert.equal(board.get('d8'), 'q');
  assert.equal(board.get('a2'), 'P');
  assert.equal(board.has('e4'), false);
  assert.equal(writePlacement(board), START);
  for (const p of [EMPTY_PLACEMENT, '4k3/8/8/8/8/8/4P3/4K3', 'r3k2r/8/8/3pP3/8/8/8/R3K2R', '7k/8/8/8/8/8/8/K7']) {
    assert.equal(writePlacement(readPlacement(p) ?? new Map()), p);
  }
  assert.equal(writePlacement(new Map([['h8', 'k'], ['a1', 'K'], ['e4', 'N']])), '7k/8/8/8/4N3/8/8/K7');
});

test('a placement that is not 8 ranks of 8 squares is not read', () => {
  assert.equal(readPlacement('4k4/8/8/8/8/8/8/4K3'), null, 'a rank too long');
  assert.equal(readPlacement('4k2/8/8/8/8/8/8/4K3'), null, 'a rank too short');
  assert.equal(readPlacement('8/8/8/8/8/8/8'), null, 'seven ranks');
  assert.equal(readPlacement('4x3/8/8/8/8/8/8/4K3'), null, 'not a piece');
  assert.equal(readPlacement('4k3/8/8/8/8/8/8/4K2R1'), null, 'a piece past the h-file');
  assert.equal(readPlacement('0k7/8/8/8/8/8/8/4K3'), null, 'the digit 0');
});

test('a FEN is read into the editor’s fields', () => {
  assert.deepEqual(parseFen(START_FEN), {
    placement: START,
    turn: 'w',
    castling: { K: true, Q: true, k: true, q: true },
    ep: '-',
    halfmove: 0,
    fullmove: 1,
  });
  const s = parseFen('  r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 23 ');
  assert.ok(s);
  assert.equal(s.turn, 'w');
  assert.deepEqual(s.castling, { K: true, Q: false, k: false, q: true });
  assert.equal(s.ep, 'd6');
  assert.equal(s.fullmove, 23);
  // EPD-style: the clocks default to 0 and 1; a move number 0 reads as 1, as the server does.
  assert.deepEqual(parseFen('4k3/8/8/8/8/8/8/4K3 b - -'), { placement: '4k3/8/8/8/8/8/8/4K3', turn: 'b', castling: noCastling(), ep: '-', halfmove: 0, fullmove: 1 });
  assert.equal(parseFen('4k3/8/8/8/8/8/8/4K3 b - - 3 0')?.fullmove, 1);
});

test('a FEN the editor cannot show is left to the server', () => {
  for (const fen of [
    '',
    'not a fen',
    '4k3/8/8/8/8/8/8/4K3 w -',
    '4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra',
    '4k4/8/8/8/8/8/8/4K3 w - - 0 1',
    '4k3/8/8/8/8/8/8/4K3 x - - 0 1',
    '4k3/8/8/8/8/8/8/4K3 w KK - 0 1',
    '4k3/8/8/8/8/8/8/4K3 w HAha - 0 1', // Shredder-FEN
    '4k3/8/8/8/8/8/8/4K3 w - e9 0 1',
    '4k3/8/8/8/8/8/8/4K3 w - - a 1',
    '4k3/8/8/8/8/8/8/4K3 w - - 0 -1',
  ]) {
    assert.equal(parseFen(fen), null, fen);
  }
});

test('castling rights need the king on e1/e8 and the rook in its corner', () => {
  const start = readPlacement(START) ?? new Map();
  assert.deepEqual(castlingPossible(start), { K: true, Q: true, k: true, q: true });
  const some = readPlacement('r3k3/8/8/8/8/8/8/4K2R') ?? new Map();
  assert.deepEqual(castlingPossible(some), { K: true, Q: false, k: false, q: true });
  const moved = readPlacement('r4k2/8/8/8/8/8/8/R4K1R') ?? new Map();
  assert.deepEqual(castlingPossible(moved), noCastling(), 'kings off the e-file');
  const black = readPlacement('4k3/8/8/8/8/8/8/r3K2r') ?? new Map();
  assert.deepEqual(castlingPossible(black), noCastling(), 'the rooks must be the king’s colour');
  // The field: what is asked for and possible, in KQkq order, or '-'.
  assert.equal(castlingField({ K: true, Q: true, k: true, q: true }, some), 'Kq');
  assert.equal(castlingField({ K: false, Q: true, k: false, q: true }, some), 'q');
  assert.equal(castlingField({ K: true, Q: true, k: true, q: true }, start), 'KQkq');
  assert.equal(castlingField(noCastling(), start), '-');
  assert.equal(castlingField({ K: true, Q: true, k: true, q: true }, new Map()), '-');
});

test('en passant squares: behind a pawn that can just have made its double step', () => {
  // White to move: black pawns on d5 and g5; g6 is taken, so only d6.
  const w = readPlacement('4k3/8/6n1/3p2p1/8/8/8/4K3') ?? new Map();
  assert.deepEqual(enPassantCandidates(w, 'w'), ['d6']);
  assert.deepEqual(enPassantCandidates(w, 'b'), []);
  // Black to move: white pawns on a4, e4, h4; the e-pawn's starting square is taken.
  const b = readPlacement('4k3/8/8/8/P3P2P/8/4B3/4K3') ?? new Map();
  assert.deepEqual(enPassantCandidates(b, 'b'), ['a3', 'h3']);
  // A pawn of the side to move does not count.
  const own = readPlacement('4k3/8/8/3P4/8/8/8/4K3') ?? new Map();
  assert.deepEqual(enPassantCandidates(own, 'w'), []);
});

test('the FEN written from the fields keeps only what the placement allows', () => {
  const s = parseFen(START_FEN);
  assert.ok(s);
  assert.equal(writeFen(s), START_FEN);
  // The king's rook gone: no O-O for White.
  assert.equal(writeFen({ ...s, placement: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1' }), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1');
  // An en passant square is kept while it makes sense, dropped when it does not.
  const ep = { ...s, placement: '4k3/8/8/3pP3/8/8/8/4K3', castling: noCastling(), ep: 'd6', halfmove: 0, fullmove: 30 };
  assert.equal(writeFen(ep), '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 30');
  assert.equal(writeFen({ ...ep, turn: 'b' }), '4k3/8/8/3pP3/8/8/8/4K3 b - - 0 30');
  assert.equal(writeFen({ ...ep, ep: 'e6' }), '4k3/8/8/3pP3/8/8/8/4K3 w - - 0 30');
  // Counters out of range fall back to 0 and 1.
  assert.equal(writeFen({ ...ep, ep: '-', halfmove: -3, fullmove: 0 }), '4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1');
  assert.equal(writeFen({ ...ep, ep: '-', halfmove: 1.5, fullmove: Number.NaN }), '4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1');
  // Read back, the written FEN is the same setup.
  assert.equal(writeFen(parseFen(writeFen(ep)) ?? s), writeFen(ep));
});

test('the server’s refusal of a position, in the reader’s language, with its column', () => {
  useLanguage('en');
  assert.equal(fenErrorText({ code: 'setup-king-count', message: 'White has 2 kings; each side has exactly one (Art. 2.3)', field: 'fen' }), 'each side needs exactly one king (Art. 2.3)');
  assert.equal(fenErrorText({ code: 'fen-rank-too-long', message: 'rank 8 has more than 8 squares', field: 'fen', column: 3 }), 'column 3: a rank of the placement covers more than 8 squares');
  assert.match(fenErrorText({ code: 'invalid-argument', message: 'the side to move is checkmated: the game is over (5.1.1)', field: 'fen' }), /checkmated.*5\.1\.1/);
  assert.match(fenErrorText({ code: 'invalid-argument', message: 'the side to move is stalemated: the game is over (5.2.1)', field: 'fen' }), /stalemated.*5\.2\.1/);
  assert.match(fenErrorText({ code: 'invalid-argument', message: 'fen is too long (at most 128 bytes)', field: 'fen' }), /too long/);
  // Codes the editor has no sentence for go through errors.ts; none at all: the status.
  assert.equal(fenErrorText({ code: 'rate-limited', message: 'slow down' }), 'too many requests; slow down');
  assert.equal(fenErrorText(undefined, 502), 'the server answered 502');
  useLanguage('ru');
  assert.equal(fenErrorText({ code: 'setup-king-count', message: 'White has 2 kings', field: 'fen' }), 'у каждой стороны должен быть ровно один король (ст. 2.3)');
  assert.equal(fenErrorText({ code: 'fen-rank-too-short', message: 'rank 1 has 7 squares, not 8', column: 20 }), 'символ 20: горизонталь в расстановке короче 8 полей');
  assert.match(fenErrorText({ code: 'invalid-argument', message: 'the side to move is checkmated: the game is over (5.1.1)' }), /мат/);
  useLanguage('en');
});
