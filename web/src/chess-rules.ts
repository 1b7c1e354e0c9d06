// The moves of chess for the analysis board (issue #18 item 4), where any legal move may be
// played in any position and the server keeps no game: FEN read and written, the legal
// moves (castling, en passant, promotion), check, checkmate and stalemate, SAN written and
// read (the engine's lines arrive as SAN), UCI. Games under the Laws never use this: their
// legal moves and results come from the server (docs/web.md). Standard castling only: the
// king on e1/e8 and the rook in its corner (a Chess960 position is analysed, but its
// castling is not offered). Pure: unit-tested in test/unit/chess-rules.test.ts (perft).

export type Colour = 'w' | 'b';
// A piece as FEN writes it: uppercase White, lowercase Black.
export type Piece = 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
export type Promotion = 'q' | 'r' | 'b' | 'n';

export interface Position {
  board: (Piece | null)[]; // 64 squares, a1 = 0, b1 = 1, …, h8 = 63
  turn: Colour;
  castling: string; // a subset of "KQkq", in that order
  ep: number | null; // the square a pawn passed over in the last move
  halfmove: number;
  fullmove: number;
}

export interface Move {
  from: number;
  to: number;
  promotion?: Promotion;
  castle?: 'K' | 'Q'; // the king's side or the queen's
  enPassant?: boolean;
}

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const FILES = 'abcdefgh';
const PIECES = 'PNBRQKpnbrqk';
const fileOf = (sq: number): number => sq & 7;
const rankOf = (sq: number): number => sq >> 3;

export const squareName = (sq: number): string => `${FILES[fileOf(sq)] ?? '?'}${rankOf(sq) + 1}`;

export function squareIndex(name: string): number | null {
  if (!/^[a-h][1-8]$/.test(name)) return null;
  return (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
}

const colourOf = (p: Piece): Colour => (p === p.toUpperCase() ? 'w' : 'b');
const kind = (p: Piece): string => p.toLowerCase();
const opponent = (c: Colour): Colour => (c === 'w' ? 'b' : 'w');
const ofColour = (c: Colour, k: string): Piece => (c === 'w' ? k.toUpperCase() : k) as Piece;

// The king's and the rooks' home squares of standard castling, by right.
const CASTLING: Record<string, { king: number; rook: number; kingTo: number; rookTo: number; side: 'K' | 'Q' }> = {
  K: { king: 4, rook: 7, kingTo: 6, rookTo: 5, side: 'K' },
  Q: { king: 4, rook: 0, kingTo: 2, rookTo: 3, side: 'Q' },
  k: { king: 60, rook: 63, kingTo: 62, rookTo: 61, side: 'K' },
  q: { king: 60, rook: 56, kingTo: 58, rookTo: 59, side: 'Q' },
};

// Reads a FEN: the placement and the side to move are needed, the other fields may be
// missing (EPD style: "- 0 1" is assumed). Castling rights the placement cannot have (the
// king or the rook away from home) are dropped, as is an en passant square no double step
// can have made. Null for what is not a position: a bad field, not one king a side, a pawn
// on the first or last rank, or the side not to move in check.
export function parseFen(fen: string): Position | null {
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 6) return null;
  const [placement = '', turn = '', castling = '-', ep = '-', half = '0', full = '1'] = fields;
  const ranks = placement.split('/');
  if (ranks.length !== 8) return null;
  const board: (Piece | null)[] = new Array<Piece | null>(64).fill(null);
  for (const [i, row] of ranks.entries()) {
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') file += Number(ch);
      else if (PIECES.includes(ch)) {
        if (file > 7) return null;
        board[(7 - i) * 8 + file] = ch as Piece;
        file += 1;
      } else return null;
      if (file > 8) return null;
    }
    if (file !== 8) return null;
  }
  if (turn !== 'w' && turn !== 'b') return null;
  if (board.filter((p) => p === 'K').length !== 1 || board.filter((p) => p === 'k').length !== 1) return null;
  for (let f = 0; f < 8; f++) if (kind(board[f] ?? 'K') === 'p' || kind(board[56 + f] ?? 'K') === 'p') return null;
  if (castling !== '-' && !/^[KQkq]{1,4}$/.test(castling)) return null;
  const rights = 'KQkq'
    .split('')
    .filter((r) => castling.includes(r))
    .filter((r) => {
      const c = CASTLING[r];
      const colour: Colour = r === r.toUpperCase() ? 'w' : 'b';
      return c !== undefined && board[c.king] === ofColour(colour, 'k') && board[c.rook] === ofColour(colour, 'r');
    })
    .join('');
  let epSquare: number | null = null;
  if (ep !== '-') {
    const sq = squareIndex(ep);
    if (sq === null) return null;
    // White to move: Black's pawn passed over rank 6 and stands on rank 5 (and vice versa).
    const [rank, pawn, behind] = turn === 'w' ? [5, sq - 8, sq + 8] : [2, sq + 8, sq - 8];
    if (rankOf(sq) === rank && board[pawn] === ofColour(opponent(turn), 'p') && board[sq] === null && board[behind] === null) epSquare = sq;
  }
  const halfmove = Number(half);
  const fullmove = Number(full);
  if (!Number.isInteger(halfmove) || halfmove < 0 || !Number.isInteger(fullmove) || fullmove < 1) return null;
  const pos: Position = { board, turn, castling: rights, ep: epSquare, halfmove, fullmove };
  if (attacked(pos.board, kingSquare(pos.board, opponent(turn)), turn)) return null;
  return pos;
}

export function toFen(pos: Position): string {
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const p = pos.board[rank * 8 + file];
      if (!p) empty += 1;
      else {
        if (empty) row += String(empty);
        empty = 0;
        row += p;
      }
    }
    rows.push(row + (empty ? String(empty) : ''));
  }
  return `${rows.join('/')} ${pos.turn} ${pos.castling || '-'} ${pos.ep === null ? '-' : squareName(pos.ep)} ${pos.halfmove} ${pos.fullmove}`;
}

function kingSquare(board: (Piece | null)[], c: Colour): number {
  return board.indexOf(ofColour(c, 'k'));
}

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]] as const;
const KING = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]] as const;
const ROOK = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
const BISHOP = [[1, 1], [1, -1], [-1, 1], [-1, -1]] as const;

// The square a step of (df, dr) leads to from sq, or -1 off the board.
function step(sq: number, df: number, dr: number): number {
  const f = fileOf(sq) + df;
  const r = rankOf(sq) + dr;
  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

// Whether `by` attacks square sq.
function attacked(board: (Piece | null)[], sq: number, by: Colour): boolean {
  if (sq < 0) return false;
  const is = (s: number, k: string): boolean => s >= 0 && board[s] === ofColour(by, k);
  // A pawn of `by` attacks sq from one rank behind it (as `by` moves).
  const back = by === 'w' ? -1 : 1;
  if (is(step(sq, -1, back), 'p') || is(step(sq, 1, back), 'p')) return true;
  for (const [df, dr] of KNIGHT) if (is(step(sq, df, dr), 'n')) return true;
  for (const [df, dr] of KING) if (is(step(sq, df, dr), 'k')) return true;
  const slide = (dirs: readonly (readonly [number, number])[], kinds: string): boolean => {
    for (const [df, dr] of dirs) {
      for (let s = step(sq, df, dr); s >= 0; s = step(s, df, dr)) {
        const p = board[s];
        if (!p) continue;
        if (colourOf(p) === by && kinds.includes(kind(p))) return true;
        break;
      }
    }
    return false;
  };
  return slide(ROOK, 'rq') || slide(BISHOP, 'bq');
}

export function inCheck(pos: Position): boolean {
  return attacked(pos.board, kingSquare(pos.board, pos.turn), opponent(pos.turn));
}

// The moves by the rules of piece movement, before the test for leaving one's king in check.
function pseudoMoves(pos: Position): Move[] {
  const moves: Move[] = [];
  const us = pos.turn;
  const them = opponent(us);
  const board = pos.board;
  for (let from = 0; from < 64; from++) {
    const p = board[from];
    if (!p || colourOf(p) !== us) continue;
    const k = kind(p);
    if (k === 'p') {
      const dir = us === 'w' ? 1 : -1;
      const startRank = us === 'w' ? 1 : 6;
      const lastRank = us === 'w' ? 7 : 0;
      const add = (to: number, extra: Partial<Move> = {}): void => {
        if (rankOf(to) === lastRank) for (const promotion of ['q', 'r', 'b', 'n'] as const) moves.push({ from, to, promotion, ...extra });
        else moves.push({ from, to, ...extra });
      };
      const one = step(from, 0, dir);
      if (one >= 0 && !board[one]) {
        add(one);
        const two = step(from, 0, 2 * dir);
        if (rankOf(from) === startRank && two >= 0 && !board[two]) moves.push({ from, to: two });
      }
      for (const df of [-1, 1]) {
        const to = step(from, df, dir);
        if (to < 0) continue;
        const target = board[to];
        if (target && colourOf(target) === them) add(to);
        else if (to === pos.ep && !target) moves.push({ from, to, enPassant: true });
      }
      continue;
    }
    const jumps = k === 'n' ? KNIGHT : k === 'k' ? KING : null;
    if (jumps) {
      for (const [df, dr] of jumps) {
        const to = step(from, df, dr);
        if (to < 0) continue;
        const target = board[to];
        if (!target || colourOf(target) === them) moves.push({ from, to });
      }
    } else {
      const dirs = k === 'r' ? ROOK : k === 'b' ? BISHOP : [...ROOK, ...BISHOP];
      for (const [df, dr] of dirs) {
        for (let to = step(from, df, dr); to >= 0; to = step(to, df, dr)) {
          const target = board[to];
          if (!target) moves.push({ from, to });
          else {
            if (colourOf(target) === them) moves.push({ from, to });
            break;
          }
        }
      }
    }
  }
  // Castling: the right, the squares between king and rook empty, and the king neither in
  // check nor passing over or arriving on an attacked square.
  for (const right of us === 'w' ? ['K', 'Q'] : ['k', 'q']) {
    const c = CASTLING[right];
    if (!c || !pos.castling.includes(right)) continue;
    const lo = Math.min(c.king, c.rook);
    const hi = Math.max(c.king, c.rook);
    let clear = true;
    for (let s = lo + 1; s < hi; s++) if (board[s]) clear = false;
    if (!clear) continue;
    const path = c.kingTo > c.king ? [c.king, c.king + 1, c.king + 2] : [c.king, c.king - 1, c.king - 2];
    if (path.some((s) => attacked(board, s, them))) continue;
    moves.push({ from: c.king, to: c.kingTo, castle: c.side });
  }
  return moves;
}

// The position after a move (assumed legal, as legalMoves gives them).
export function play(pos: Position, move: Move): Position {
  const board = pos.board.slice();
  const piece = board[move.from];
  if (!piece) return pos;
  const us = pos.turn;
  const captured = move.enPassant ? ofColour(opponent(us), 'p') : board[move.to];
  board[move.to] = move.promotion ? ofColour(us, move.promotion) : piece;
  board[move.from] = null;
  if (move.enPassant) board[move.to + (us === 'w' ? -8 : 8)] = null;
  if (move.castle) {
    const c = CASTLING[us === 'w' ? move.castle : move.castle.toLowerCase()];
    if (c) {
      board[c.rookTo] = board[c.rook] ?? null;
      board[c.rook] = null;
    }
  }
  // A right is lost when its king or its rook moves, or the rook is captured at home.
  let castling = pos.castling;
  for (const [right, c] of Object.entries(CASTLING)) {
    if ([move.from, move.to].some((s) => s === c.king || s === c.rook)) castling = castling.replace(right, '');
  }
  const isPawn = kind(piece) === 'p';
  return {
    board,
    turn: opponent(us),
    castling,
    ep: isPawn && Math.abs(move.to - move.from) === 16 ? (move.from + move.to) / 2 : null,
    halfmove: isPawn || captured ? 0 : pos.halfmove + 1,
    fullmove: pos.fullmove + (us === 'b' ? 1 : 0),
  };
}

export function legalMoves(pos: Position): Move[] {
  return pseudoMoves(pos).filter((m) => {
    const after = play(pos, m);
    return !attacked(after.board, kingSquare(after.board, pos.turn), after.turn);
  });
}

export type Outcome = 'checkmate' | 'stalemate' | null;

export function outcome(pos: Position): Outcome {
  if (legalMoves(pos).length > 0) return null;
  return inCheck(pos) ? 'checkmate' : 'stalemate';
}

// Chessground's destinations: from square → the squares its piece may go to (castling as
// the king's two-square step).
export function dests(pos: Position): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of legalMoves(pos)) {
    const from = squareName(m.from);
    const list = (out[from] ??= []);
    const to = squareName(m.to);
    if (!list.includes(to)) list.push(to);
  }
  return out;
}

export function uciOf(m: Move): string {
  return squareName(m.from) + squareName(m.to) + (m.promotion ?? '');
}

// A legal move from UCI ("g1f3", "e7e8q"); castling as the king's two-square step or as
// the king taking its own rook ("e1h1"). Null when not legal here.
export function parseUci(pos: Position, uci: string): Move | null {
  const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(uci.trim().toLowerCase());
  if (!m) return null;
  const from = squareIndex(m[1] ?? '');
  let to = squareIndex(m[2] ?? '');
  if (from === null || to === null) return null;
  const legal = legalMoves(pos);
  const rook = pos.board[to];
  if (pos.board[from] === ofColour(pos.turn, 'k') && rook === ofColour(pos.turn, 'r')) {
    const castle = legal.find((x) => x.castle && x.from === from && (to as number) > from === x.to > from);
    if (castle) to = castle.to;
  }
  return legal.find((x) => x.from === from && x.to === to && (x.promotion ?? '') === (m[3] ?? '')) ?? null;
}

// Standard algebraic notation (English letters), with "+" or "#".
export function sanOf(pos: Position, move: Move): string {
  const piece = pos.board[move.from];
  if (!piece) return '--';
  let san: string;
  if (move.castle) san = move.castle === 'K' ? 'O-O' : 'O-O-O';
  else {
    const k = kind(piece);
    const capture = move.enPassant || pos.board[move.to] !== null;
    const to = squareName(move.to);
    if (k === 'p') {
      san = (capture ? `${FILES[fileOf(move.from)] ?? ''}x` : '') + to + (move.promotion ? `=${move.promotion.toUpperCase()}` : '');
    } else {
      // Disambiguation: the file if it tells the pieces apart, else the rank, else both.
      const rivals = legalMoves(pos).filter((m) => m.to === move.to && m.from !== move.from && pos.board[m.from] === piece);
      let from = '';
      if (rivals.length > 0) {
        if (!rivals.some((m) => fileOf(m.from) === fileOf(move.from))) from = FILES[fileOf(move.from)] ?? '';
        else if (!rivals.some((m) => rankOf(m.from) === rankOf(move.from))) from = String(rankOf(move.from) + 1);
        else from = squareName(move.from);
      }
      san = k.toUpperCase() + from + (capture ? 'x' : '') + to;
    }
  }
  const after = play(pos, move);
  if (inCheck(after)) san += legalMoves(after).length === 0 ? '#' : '+';
  return san;
}

// Reads a SAN move (English letters; "+", "#", "!", "?" and "e.p." ignored, "0-0" and
// "e8Q" accepted) in the position. Null when it names no legal move or more than one.
export function parseSan(pos: Position, text: string): Move | null {
  const san = text.trim().replace(/(e\.p\.)$/, '').replace(/[+#!?]+$/, '').trim();
  const legal = legalMoves(pos);
  const castle = /^([O0])-\1(-\1)?$/.exec(san);
  if (castle) return legal.find((m) => m.castle === (castle[2] ? 'Q' : 'K')) ?? null;
  const m = /^([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([QRBNqrbn]))?$/.exec(san);
  if (!m) return null;
  const [, letter = 'P', file, rank, toName = '', promo] = m;
  const to = squareIndex(toName);
  const want = ofColour(pos.turn, letter.toLowerCase());
  const found = legal.filter(
    (x) =>
      x.to === to &&
      pos.board[x.from] === want &&
      (!file || FILES[fileOf(x.from)] === file) &&
      (!rank || String(rankOf(x.from) + 1) === rank) &&
      (x.promotion ?? '') === (promo ?? '').toLowerCase(),
  );
  return found.length === 1 ? found[0] ?? null : null;
}

// Plays a line of SAN moves from a FEN for as long as they are legal: each move with its
// UCI and the FEN after it.
export function playLine(fen: string, sans: readonly string[]): { san: string; uci: string; fen: string }[] {
  let pos = parseFen(fen);
  const out: { san: string; uci: string; fen: string }[] = [];
  for (const text of sans) {
    if (!pos) break;
    const move = parseSan(pos, text);
    if (!move) break;
    const san = sanOf(pos, move);
    pos = play(pos, move);
    out.push({ san, uci: uciOf(move), fen: toFen(pos) });
  }
  return out;
}

// Counts the leaf positions `depth` plies ahead (perft): the test of the generator.
export function perft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(play(pos, m), depth - 1);
  return n;
}
