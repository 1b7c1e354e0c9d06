// A small legal-move generator for the mock server only (standard chess: castling, en
// passant, promotion, check, mate, stalemate; no repetition or fifty-move bookkeeping
// beyond the halfmove clock). The real referee is the C++ server; this file exists so
// that UI tests get real legal-move dots and real SAN without it.

const FILES = 'abcdefgh';
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];
const ROOK = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const BISHOP = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export const sq = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
export const sqName = (i) => FILES[i % 8] + String(Math.floor(i / 8) + 1);
const colorOf = (p) => (p === p.toUpperCase() ? 'w' : 'b');
const onBoard = (f, r) => f >= 0 && f < 8 && r >= 0 && r < 8;

export function parseFen(fen) {
  const [placement, side, castling, ep, half, full] = fen.split(' ');
  const board = new Array(64).fill(null);
  placement.split('/').forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else board[(7 - i) * 8 + f++] = ch;
    }
  });
  return { board, side, castling, ep: ep === '-' ? -1 : sq(ep), half: Number(half), full: Number(full) };
}

export function toFen(pos) {
  const rows = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = pos.board[r * 8 + f];
      if (!p) empty++;
      else {
        if (empty) row += empty;
        empty = 0;
        row += p;
      }
    }
    rows.push(row + (empty ? empty : ''));
  }
  const ep = pos.ep < 0 ? '-' : sqName(pos.ep);
  return `${rows.join('/')} ${pos.side} ${pos.castling || '-'} ${ep} ${pos.half} ${pos.full}`;
}

export function attacked(pos, target, by) {
  const tf = target % 8;
  const tr = Math.floor(target / 8);
  const at = (f, r) => (onBoard(f, r) ? pos.board[r * 8 + f] : null);
  const is = (p, type) => p && colorOf(p) === by && p.toLowerCase() === type;
  const dir = by === 'w' ? -1 : 1;  // a white pawn attacks from one rank below
  if (is(at(tf - 1, tr + dir), 'p') || is(at(tf + 1, tr + dir), 'p')) return true;
  for (const [df, dr] of KNIGHT) if (is(at(tf + df, tr + dr), 'n')) return true;
  for (const [df, dr] of KING) if (is(at(tf + df, tr + dr), 'k')) return true;
  const slide = (dirs, types) =>
    dirs.some(([df, dr]) => {
      for (let f = tf + df, r = tr + dr; onBoard(f, r); f += df, r += dr) {
        const p = pos.board[r * 8 + f];
        if (p) return colorOf(p) === by && types.includes(p.toLowerCase());
      }
      return false;
    });
  return slide(ROOK, 'rq') || slide(BISHOP, 'bq');
}

function pseudoMoves(pos) {
  const moves = [];
  const us = pos.side;
  const add = (from, to, promo) => moves.push({ from, to, promo });
  pos.board.forEach((p, from) => {
    if (!p || colorOf(p) !== us) return;
    const f = from % 8;
    const r = Math.floor(from / 8);
    const type = p.toLowerCase();
    const free = (ff, rr) => onBoard(ff, rr) && !pos.board[rr * 8 + ff];
    const enemy = (ff, rr) => onBoard(ff, rr) && pos.board[rr * 8 + ff] && colorOf(pos.board[rr * 8 + ff]) !== us;
    if (type === 'p') {
      const d = us === 'w' ? 1 : -1;
      const last = us === 'w' ? 7 : 0;
      const push = (to) => {
        if (Math.floor(to / 8) === last) for (const q of 'qrbn') add(from, to, q);
        else add(from, to);
      };
      if (free(f, r + d)) {
        push(from + 8 * d);
        if (r === (us === 'w' ? 1 : 6) && free(f, r + 2 * d)) add(from, from + 16 * d);
      }
      for (const df of [-1, 1]) {
        const to = (r + d) * 8 + f + df;
        if (enemy(f + df, r + d)) push(to);
        else if (onBoard(f + df, r + d) && to === pos.ep) add(from, to);
      }
      return;
    }
    const steps = { n: KNIGHT, k: KING }[type];
    if (steps) {
      for (const [df, dr] of steps) if (free(f + df, r + dr) || enemy(f + df, r + dr)) add(from, (r + dr) * 8 + f + df);
    } else {
      const dirs = type === 'r' ? ROOK : type === 'b' ? BISHOP : [...ROOK, ...BISHOP];
      for (const [df, dr] of dirs) {
        for (let ff = f + df, rr = r + dr; onBoard(ff, rr); ff += df, rr += dr) {
          if (free(ff, rr)) add(from, rr * 8 + ff);
          else {
            if (enemy(ff, rr)) add(from, rr * 8 + ff);
            break;
          }
        }
      }
    }
    if (type === 'k') {
      const them = us === 'w' ? 'b' : 'w';
      const home = us === 'w' ? 0 : 56;
      const rights = us === 'w' ? ['K', 'Q'] : ['k', 'q'];
      if (from === home + 4 && !attacked(pos, from, them)) {
        const empty = (...s) => s.every((x) => !pos.board[home + x]);
        const safe = (...s) => s.every((x) => !attacked(pos, home + x, them));
        if (pos.castling.includes(rights[0]) && empty(5, 6) && safe(5, 6)) add(from, home + 6);
        if (pos.castling.includes(rights[1]) && empty(1, 2, 3) && safe(3, 2)) add(from, home + 2);
      }
    }
  });
  return moves;
}

export function makeMove(pos, m) {
  const board = pos.board.slice();
  const p = board[m.from];
  const type = p.toLowerCase();
  const captured = board[m.to] || (type === 'p' && m.to === pos.ep ? 'p' : null);
  if (type === 'p' && m.to === pos.ep) board[m.to + (pos.side === 'w' ? -8 : 8)] = null;
  board[m.to] = m.promo ? (pos.side === 'w' ? m.promo.toUpperCase() : m.promo) : p;
  board[m.from] = null;
  if (type === 'k' && Math.abs(m.to - m.from) === 2) {
    const rookFrom = m.to > m.from ? m.from + 3 : m.from - 4;
    const rookTo = m.to > m.from ? m.from + 1 : m.from - 1;
    board[rookTo] = board[rookFrom];
    board[rookFrom] = null;
  }
  let castling = pos.castling;
  const lose = { 0: 'Q', 7: 'K', 4: 'KQ', 56: 'q', 63: 'k', 60: 'kq' };
  for (const s of [m.from, m.to]) for (const c of lose[s] || '') castling = castling.replace(c, '');
  return {
    board,
    side: pos.side === 'w' ? 'b' : 'w',
    castling,
    ep: type === 'p' && Math.abs(m.to - m.from) === 16 ? (m.from + m.to) / 2 : -1,
    half: type === 'p' || captured ? 0 : pos.half + 1,
    full: pos.full + (pos.side === 'b' ? 1 : 0),
    captured,
  };
}

const kingSquare = (pos, side) => pos.board.findIndex((p) => p === (side === 'w' ? 'K' : 'k'));
export const inCheck = (pos) => attacked(pos, kingSquare(pos, pos.side), pos.side === 'w' ? 'b' : 'w');

export function legalMoves(pos) {
  return pseudoMoves(pos).filter((m) => {
    const next = makeMove(pos, m);
    return !attacked(next, kingSquare(next, pos.side), next.side);
  });
}

export const uciOf = (m) => sqName(m.from) + sqName(m.to) + (m.promo || '');

export function san(pos, m, legal = legalMoves(pos)) {
  const p = pos.board[m.from].toUpperCase();
  const next = makeMove(pos, m);
  const suffix = inCheck(next) ? (legalMoves(next).length === 0 ? '#' : '+') : '';
  if (p === 'K' && Math.abs(m.to - m.from) === 2) return (m.to > m.from ? 'O-O' : 'O-O-O') + suffix;
  const capture = next.captured ? 'x' : '';
  if (p === 'P') {
    const from = capture ? FILES[m.from % 8] : '';
    return from + capture + sqName(m.to) + (m.promo ? '=' + m.promo.toUpperCase() : '') + suffix;
  }
  const rivals = legal.filter((o) => o.to === m.to && o.from !== m.from && pos.board[o.from] === pos.board[m.from]);
  let dis = '';
  if (rivals.length) {
    if (!rivals.some((o) => o.from % 8 === m.from % 8)) dis = FILES[m.from % 8];
    else if (!rivals.some((o) => Math.floor(o.from / 8) === Math.floor(m.from / 8))) dis = String(Math.floor(m.from / 8) + 1);
    else dis = sqName(m.from);
  }
  return p + dis + capture + sqName(m.to) + suffix;
}

// {"e2": ["e3", "e4"], ...}: the protocol's dests (castling also as king-onto-rook).
export function dests(pos, legal = legalMoves(pos)) {
  const out = {};
  for (const m of legal) {
    const list = (out[sqName(m.from)] ||= []);
    const to = sqName(m.to);
    if (!list.includes(to)) list.push(to);
    if (pos.board[m.from].toLowerCase() === 'k' && Math.abs(m.to - m.from) === 2) {
      list.push(sqName(m.to > m.from ? m.from + 3 : m.from - 4));
    }
  }
  return out;
}

// Reads UCI, accepting castling written king-onto-rook (e1h1) as the protocol allows.
export function findMove(pos, uci, legal = legalMoves(pos)) {
  const from = sq(uci.slice(0, 2));
  let to = sq(uci.slice(2, 4));
  const promo = uci[4];
  const mover = pos.board[from];
  const target = pos.board[to];
  if (mover && mover.toLowerCase() === 'k' && target && target === (mover === 'K' ? 'R' : 'r')) {
    to = to > from ? from + 2 : from - 2;
  }
  return legal.find((m) => m.from === from && m.to === to && (m.promo || undefined) === promo);
}
