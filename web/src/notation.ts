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

// The other way, for moves typed in the chosen language: its piece letters (or figurines)
// become English ones wherever they stand ("Sf3" → "Nf3", "e8=D" → "e8=Q"; French "Rf1" is
// the king). Lowercase files, x, +, # and castling are the same in every language; an
// English letter the language does not use is left as it is.
export function sanToEnglish(typed: string, language: NotationLanguage): string {
  if (language === 'en') return typed;
  const tables = language === 'figurine' ? [FIGURINES.white, FIGURINES.black] : [TABLES[language]];
  const english = new Map<string, string>();
  for (const table of tables) for (const [en, local] of Object.entries(table)) english.set(local, en);
  // Longest first: Russian Кр (king) before К (knight).
  const letters = [...english.keys()].sort((a, b) => b.length - a.length);
  return typed.replace(new RegExp(letters.join('|'), 'g'), (local) => english.get(local) ?? local);
}
