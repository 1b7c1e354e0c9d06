// Moves typed on the keyboard (accessibility mode): UCI ("g1f3", "e7e8q") or SAN in the
// notation language of the settings ("Nf3", German "Sf3", "exd5", "e8=Q", "O-O"), resolved
// against the position's pieces and the legal destinations the server sent. The server
// still referees the result.
import { t } from './i18n';
import { type NotationLanguage, sanToEnglish, translateSan } from './notation';
import type { Dests, Side } from './protocol';

const FILES = 'abcdefgh';

// The piece letter (uppercase white, lowercase black) on each square of a FEN.
export function boardFromFen(fen: string): Map<string, string> {
  const board = new Map<string, string>();
  const rows = (fen.split(' ')[0] ?? '').split('/');
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else board.set(`${FILES[file++]}${8 - i}`, ch);
    }
  });
  return board;
}

export type ParsedInput = { uci: string } | { error: string };

export function parseTypedMove(text: string, fen: string, dests: Dests, side: Side, language: NotationLanguage = 'en'): ParsedInput {
  const typed = text.trim().replace(/[+#!?]+$/, '');
  const local = (san: string): string => translateSan(san, language === 'figurine' ? 'en' : language, side);
  if (!typed) return { error: t('input.empty', { knight: local('Nf3') }) };
  const input = sanToEnglish(typed, language);
  const board = boardFromFen(fen);
  const own = (sq: string, type: string): boolean => {
    const p = board.get(sq);
    return p !== undefined && p.toLowerCase() === type && (p === p.toUpperCase()) === (side === 'white');
  };
  const legal = (from: string, to: string): boolean => (dests[from] ?? []).includes(to);

  const uci = /^([a-h][1-8])-?([a-h][1-8])([qrbn])?$/i.exec(input);
  if (uci) {
    const [, from = '', to = '', promo = ''] = uci;
    if (!legal(from.toLowerCase(), to.toLowerCase())) return { error: t('input.illegal', { move: typed }) };
    return { uci: (from + to + promo).toLowerCase() };
  }

  const castle = /^([O0])-\1(-\1)?$/i.exec(input);
  if (castle) {
    const rank = side === 'white' ? '1' : '8';
    const king = [...board.keys()].find((sq) => own(sq, 'k'));
    const to = `${castle[2] ? 'c' : 'g'}${rank}`;
    if (king && legal(king, to)) return { uci: king + to };
    return { error: t('input.noCastling') };
  }

  const san = /^([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([QRBNqrbn]))?$/.exec(input);
  if (!san) return { error: t('input.unreadable', { move: typed }) };
  const [, piece = 'P', fromFile, fromRank, to = '', promo] = san;
  const candidates = [...board.keys()].filter(
    (sq) =>
      own(sq, piece.toLowerCase()) &&
      (!fromFile || sq[0] === fromFile) &&
      (!fromRank || sq[1] === fromRank) &&
      legal(sq, to),
  );
  if (candidates.length === 0) return { error: t('input.noMove', { move: typed }) };
  if (candidates.length > 1) {
    const named = candidates.map((c) => local(piece + c));
    const list = named.slice(1).reduce((a, b) => t('input.or', { a, b }), named[0] ?? '');
    return { error: t('input.ambiguous', { move: typed, candidates: list }) };
  }
  const from = candidates[0] ?? '';
  const lastRank = side === 'white' ? '8' : '1';
  if (piece === 'P' && to[1] === lastRank) {
    if (!promo) return { error: t('input.promotion', { example: local(`${to}=Q`) }) };
    return { uci: from + to + promo.toLowerCase() };
  }
  return { uci: from + to };
}
