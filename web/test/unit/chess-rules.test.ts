import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  dests,
  inCheck,
  legalMoves,
  outcome,
  parseFen,
  parseSan,
  parseUci,
  perft,
  play,
  playLine,
  type Position,
  sanOf,
  START_FEN,
  toFen,
  uciOf,
} from '../../src/chess-rules';

const pos = (fen: string): Position => {
  const p = parseFen(fen);
  assert.ok(p, `a position: ${fen}`);
  return p;
};

// The published perft counts (chessprogramming.org, "Perft Results").
const PERFT: [string, number[]][] = [
  [START_FEN, [20, 400, 8902]],
  ['r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', [48, 2039, 97862]], // Kiwipete
  ['8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', [14, 191, 2812, 43238]], // en passant, pins
  ['r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', [6, 264, 9467]], // promotions
  ['rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', [44, 1486, 62379]],
  ['r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', [46, 2079]],
];

test('perft: the number of positions a few plies ahead is the published one', () => {
  for (const [fen, counts] of PERFT) {
    for (const [i, expected] of counts.entries()) assert.equal(perft(pos(fen), i + 1), expected, `${fen} depth ${i + 1}`);
  }
});

test('a FEN is read and written back the same; EPD-style FENs are completed', () => {
  for (const [fen] of PERFT) assert.equal(toFen(pos(fen)), fen);
  assert.equal(toFen(pos('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  assert.equal(toFen(pos('8/8/8/8/8/8/8/K6k w -')), '8/8/8/8/8/8/8/K6k w - - 0 1');
  // Rights the placement cannot have and an impossible e.p. square are dropped.
  assert.equal(toFen(pos('4k3/8/8/8/8/8/8/4K2R w KQkq e6 3 40')), '4k3/8/8/8/8/8/8/4K2R w K - 3 40');
});

test('what is not a position is refused', () => {
  for (const fen of [
    '',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', // seven ranks
    'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1',
    '8/8/8/8/8/8/8/K7 w - - 0 1', // no black king
    'kk6/8/8/8/8/8/8/K7 w - - 0 1',
    'P6k/8/8/8/8/8/8/K7 w - - 0 1', // a pawn on the last rank
    'k7/8/8/8/8/8/8/K6r b - - 0 1', // White, not to move, in check
  ]) assert.equal(parseFen(fen), null, fen);
});

test('SAN is written with disambiguation, captures, castling, promotion, check and mate', () => {
  const start = pos(START_FEN);
  assert.deepEqual(legalMoves(start).map((m) => sanOf(start, m)).sort().slice(0, 4), ['Na3', 'Nc3', 'Nf3', 'Nh3']);
  // Two knights that can reach d2 (the file tells them apart), two rooks on one file (the rank).
  const knights = pos('4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1');
  assert.equal(sanOf(knights, parseUci(knights, 'b1d2') ?? assert.fail()), 'Nbd2');
  const rooks = pos('4k3/R7/8/8/8/8/R7/4K3 w - - 0 1');
  assert.equal(sanOf(rooks, parseUci(rooks, 'a2a5') ?? assert.fail()), 'R2a5');
  const queens = pos('5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1');
  assert.equal(sanOf(queens, parseUci(queens, 'a4d4') ?? assert.fail()), 'Qa4d4', 'neither file nor rank alone');
  assert.equal(sanOf(queens, parseUci(queens, 'a1d4') ?? assert.fail()), 'Q1d4');
  const castle = pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.equal(sanOf(castle, parseUci(castle, 'e1g1') ?? assert.fail()), 'O-O');
  assert.equal(sanOf(castle, parseUci(castle, 'e1a1') ?? assert.fail()), 'O-O-O', 'king takes rook is castling');
  const ep = pos('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1');
  const capture = parseUci(ep, 'e5d6') ?? assert.fail();
  assert.equal(capture.enPassant, true);
  assert.equal(sanOf(ep, capture), 'exd6');
  assert.equal(toFen(play(ep, capture)), '4k3/8/3P4/8/8/8/8/4K3 b - - 0 1');
  const promo = pos('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1');
  assert.equal(sanOf(promo, parseUci(promo, 'b7b8q') ?? assert.fail()), 'b8=Q+');
  assert.equal(parseUci(promo, 'b7b8'), null, 'a promotion names its piece');
  const mate = pos('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2');
  assert.equal(sanOf(mate, parseUci(mate, 'd8h4') ?? assert.fail()), 'Qh4#');
});

test('SAN is read back, in any legal position, to the move it names', () => {
  for (const [fen] of PERFT) {
    const p = pos(fen);
    for (const m of legalMoves(p)) {
      const san = sanOf(p, m);
      assert.equal(uciOf(parseSan(p, san) ?? assert.fail(san)), uciOf(m), `${fen}: ${san}`);
    }
  }
  const start = pos(START_FEN);
  assert.equal(parseSan(start, 'Nd2'), null, 'no knight reaches d2');
  assert.equal(parseSan(start, 'xyz'), null);
  const castle = pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
  assert.equal(uciOf(parseSan(castle, '0-0-0') ?? assert.fail()), 'e1c1');
  const knights = pos('4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1');
  assert.equal(parseSan(knights, 'Nd2'), null, 'ambiguous');
  assert.equal(uciOf(parseSan(knights, 'Nfd2?!') ?? assert.fail()), 'f1d2');
});

test('a line of SAN is played while it is legal; check, mate, stalemate and the dests', () => {
  const line = playLine(START_FEN, ['f3', 'e5', 'g4', 'Qh4#', 'a3']);
  assert.deepEqual(line.map((m) => m.uci), ['f2f3', 'e7e5', 'g2g4', 'd8h4']);
  assert.equal(line[1]?.fen, 'rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq e6 0 2');
  const mated = pos(line[3]?.fen ?? '');
  assert.equal(inCheck(mated), true);
  assert.equal(outcome(mated), 'checkmate');
  assert.equal(outcome(pos('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1')), 'stalemate');
  assert.equal(outcome(pos(START_FEN)), null);
  const d = dests(pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'));
  assert.ok(d.e1?.includes('g1') && d.e1.includes('c1'), 'castling is the king’s two-square step');
  assert.deepEqual(Object.keys(dests(pos(START_FEN))).sort(), ['a2', 'b1', 'b2', 'c2', 'd2', 'e2', 'f2', 'g1', 'g2', 'h2']);
  // Castling out of, through and into check is not legal; the rights go with king and rook.
  assert.equal(parseUci(pos('r3k2r/8/8/8/8/8/8/R3K1rR w KQkq - 0 1'), 'e1g1'), null);
  assert.equal(parseUci(pos('r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1'), 'e1g1'), null);
  const rights = play(pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), parseUci(pos('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), 'a1a8') ?? assert.fail());
  assert.equal(rights.castling, 'Kk');
});
