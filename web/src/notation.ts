// Translating the server's English SAN into other languages' piece letters or figurines
// (docs/web-protocol.md §5; the same tables as notation::piece_letter in C++).
export type NotationLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'ru' | 'figurine';

export const LANGUAGES: { code: NotationLanguage; name: string }[] = [
  { code: 'en', name: 'English (KQRBN)' },
  { code: 'de', name: 'Deutsch (KDTLS)' },
  { code: 'fr', name: 'Français (RDTFC)' },
  { code: 'es', name: 'Español (RDTAC)' },
  { code: 'it', name: 'Italiano (RDTAC)' },
  { code: 'nl', name: 'Nederlands (KDTLP)' },
  { code: 'ru', name: 'Русский (Кр Ф Л С К)' },
  { code: 'figurine', name: 'Figurines (♔♕♖♗♘)' },
];

type Letters = Record<'K' | 'Q' | 'R' | 'B' | 'N', string>;

const TABLES: Record<Exclude<NotationLanguage, 'figurine'>, Letters> = {
  en: { K: 'K', Q: 'Q', R: 'R', B: 'B', N: 'N' },
  de: { K: 'K', Q: 'D', R: 'T', B: 'L', N: 'S' },
  fr: { K: 'R', Q: 'D', R: 'T', B: 'F', N: 'C' },
  es: { K: 'R', Q: 'D', R: 'T', B: 'A', N: 'C' },
  it: { K: 'R', Q: 'D', R: 'T', B: 'A', N: 'C' },
  nl: { K: 'K', Q: 'D', R: 'T', B: 'L', N: 'P' },
  ru: { K: 'Кр', Q: 'Ф', R: 'Л', B: 'С', N: 'К' },
};

const FIGURINES: Record<'white' | 'black', Letters> = {
  white: { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' },
  black: { K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞' },
};

// Replaces the piece letters of an English SAN: the leading piece and the promotion piece.
// Castling (O-O), squares, 'x', '+', '#' stay as they are.
export function translateSan(san: string, language: NotationLanguage, side: 'white' | 'black'): string {
  if (language === 'en' || san.startsWith('O-O')) return san;
  const letters = language === 'figurine' ? FIGURINES[side] : TABLES[language];
  const map = (c: string): string => letters[c as keyof Letters] ?? c;
  let out = san;
  const lead = out[0];
  if (lead !== undefined && 'KQRBN'.includes(lead)) out = map(lead) + out.slice(1);
  return out.replace(/=([QRBN])/, (_, p: string) => '=' + map(p));
}
