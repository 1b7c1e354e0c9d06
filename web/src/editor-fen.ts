// The board editor's pure logic (issue #17 item 8; the page is editor.ts): a FEN read into
// the editor's fields and written back from them, the castling rights the placement allows,
// the en passant squares that make sense, and the server's refusal of a position in the
// reader's language. No DOM: unit-tested in node (test/unit/editor.test.ts).
//
// The editor knows standard castling only (KQkq: the king on e1/e8, the rook on a corner);
// a FEN in Shredder or X-FEN notation (Chess960 rights) is still sent to the server as it
// was typed, it just does not update the board.
import { serverError, type ServerErrorBody } from './errors';
import { hasMessage, t } from './i18n';

export type Turn = 'w' | 'b';
export type Right = 'K' | 'Q' | 'k' | 'q';
export type Castling = Record<Right, boolean>;
// Square ("e4") → FEN letter ("P", "k", …).
export type Placement = Map<string, string>;

export interface Setup {
  placement: string; // the first field of the FEN
  turn: Turn;
  castling: Castling; // the rights asked for; writeFen keeps those the placement allows
  ep: string; // '-' or a square
  halfmove: number;
  fullmove: number;
}

export const RIGHTS: readonly Right[] = ['K', 'Q', 'k', 'q'];
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const EMPTY_PLACEMENT = '8/8/8/8/8/8/8/8';
const FILES = 'abcdefgh';
const PIECE = /^[PNBRQKpnbrqk]$/;

export const noCastling = (): Castling => ({ K: false, Q: false, k: false, q: false });
export const allCastling = (): Castling => ({ K: true, Q: true, k: true, q: true });

// The placement field read square by square; null unless it has 8 ranks of 8 squares.
export function readPlacement(field: string): Placement | null {
  const ranks = field.split('/');
  if (ranks.length !== 8) return null;
  const board: Placement = new Map();
  for (const [i, rank] of ranks.entries()) {
    let file = 0;
    for (const c of rank) {
      if (c >= '1' && c <= '8') file += Number(c);
      else if (PIECE.test(c)) {
        if (file > 7) return null;
        board.set(`${FILES[file]}${8 - i}`, c);
        file += 1;
      } else return null;
    }
    if (file !== 8) return null;
  }
  return board;
}

export function writePlacement(board: Placement): string {
  const ranks: string[] = [];
  for (let rank = 8; rank >= 1; rank--) {
    let row = '';
    let empty = 0;
    for (const f of FILES) {
      const piece = board.get(`${f}${rank}`);
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += piece;
    }
    ranks.push(empty ? row + String(empty) : row);
  }
  return ranks.join('/');
}

const wholeNumber = (text: string | undefined, fallback: number): number | null => {
  if (text === undefined) return fallback;
  return /^\d{1,7}$/.test(text) ? Number(text) : null;
};

// A FEN the editor can show: 4 to 6 fields (the clocks default to 0 and 1, as the server
// reads an EPD-style FEN), castling '-' or letters of KQkq. Null for anything else: the
// server's check then says what is wrong.
export function parseFen(text: string): Setup | null {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 4 || fields.length > 6) return null;
  const [placement = '', turn, castlingText = '', ep = '', half, full] = fields;
  if (!readPlacement(placement)) return null;
  if (turn !== 'w' && turn !== 'b') return null;
  const castling = noCastling();
  if (castlingText !== '-') {
    for (const c of castlingText) {
      if (!RIGHTS.includes(c as Right) || castling[c as Right]) return null;
      castling[c as Right] = true;
    }
  }
  if (ep !== '-' && !/^[a-h][1-8]$/.test(ep)) return null;
  const halfmove = wholeNumber(half, 0);
  const fullmove = wholeNumber(full, 1);
  if (halfmove === null || fullmove === null) return null;
  return { placement, turn, castling, ep, halfmove, fullmove: Math.max(1, fullmove) };
}

// Which rights the placement allows: the king on its square, the rook in its corner.
export function castlingPossible(board: Placement): Castling {
  const at = (square: string, piece: string) => board.get(square) === piece;
  return {
    K: at('e1', 'K') && at('h1', 'R'),
    Q: at('e1', 'K') && at('a1', 'R'),
    k: at('e8', 'k') && at('h8', 'r'),
    q: at('e8', 'k') && at('a8', 'r'),
  };
}

// The castling field: the rights asked for that the placement allows, or '-'.
export function castlingField(wanted: Castling, board: Placement): string {
  const possible = castlingPossible(board);
  const field = RIGHTS.filter((r) => wanted[r] && possible[r]).join('');
  return field || '-';
}

// The en passant squares that make sense (Art. 3.7.4.1): with White to move, a square on
// rank 6 with a black pawn in front of it (rank 5) and nothing on it or behind it (rank 7)
// — the pawn just made its double step; with Black to move the same on ranks 3, 4 and 2.
export function enPassantCandidates(board: Placement, turn: Turn): string[] {
  const [target, pawnRank, fromRank, pawn] = turn === 'w' ? ['6', '5', '7', 'p'] : ['3', '4', '2', 'P'];
  return [...FILES]
    .filter((f) => board.get(`${f}${pawnRank}`) === pawn && !board.has(`${f}${target}`) && !board.has(`${f}${fromRank}`))
    .map((f) => `${f}${target}`);
}

// The FEN of the editor's fields, with only the rights and the en passant square the
// placement allows.
export function writeFen(s: Setup): string {
  const board = readPlacement(s.placement) ?? new Map<string, string>();
  const ep = s.ep !== '-' && enPassantCandidates(board, s.turn).includes(s.ep) ? s.ep : '-';
  const halfmove = Number.isInteger(s.halfmove) && s.halfmove >= 0 ? s.halfmove : 0;
  const fullmove = Number.isInteger(s.fullmove) && s.fullmove >= 1 ? s.fullmove : 1;
  return `${s.placement} ${s.turn} ${castlingField(s.castling, board)} ${ep} ${halfmove} ${fullmove}`;
}

export interface FenRefusal extends ServerErrorBody {
  column?: number;
}

// What the reader is told when the server refuses a position (POST /api/fen, or the
// creation of a game from it): the catalogue's sentence for the code (editor.err.CODE),
// the game already over for checkmate and stalemate (the server's invalid-argument,
// told apart by its words), else the general mapping of errors.ts; the column of the FEN
// in front when the server names one.
export function fenErrorText(e: FenRefusal | null | undefined, status?: number): string {
  const message = e?.message ?? '';
  let key: string | null = null;
  if (e?.code && hasMessage(`editor.err.${e.code}`)) key = `editor.err.${e.code}`;
  else if (e?.code === 'invalid-argument' && /checkmated/.test(message)) key = 'editor.err.checkmated';
  else if (e?.code === 'invalid-argument' && /stalemated/.test(message)) key = 'editor.err.stalemated';
  else if (e?.code === 'invalid-argument' && /too long/.test(message)) key = 'editor.err.tooLong';
  const text = key ? t(key) : serverError(e, status);
  return typeof e?.column === 'number' && e.column > 0 ? t('editor.errColumn', { column: e.column, message: text }) : text;
}
