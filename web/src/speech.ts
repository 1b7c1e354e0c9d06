// Accessibility: every move is written into an aria-live region and, when enabled, spoken
// with the browser's speechSynthesis — in the Appendix D (D.2.1) German style the server
// sends ("Springer Gustav eins Felix drei") or in plain words of the interface language
// ("Knight f3", "Конь f3").
import { currentLanguage, t } from './i18n';

export type Voice = 'off' | 'de' | 'en';

let voice: Voice = (localStorage.getItem('arbiter.voice') as Voice | null) ?? 'off';
export const currentVoice = (): Voice => voice;
export function setVoice(v: Voice): void {
  voice = v;
  localStorage.setItem('arbiter.voice', v);
}

const PIECE_ROLES: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

// From SAN, in the interface language: "Nf3" → "Knight f3", "exd5" → "Pawn e takes d5",
// "e8=Q+" → "Pawn e8 promotes to Queen check".
export function plainWords(san: string): string {
  if (san.startsWith('O-O-O')) return t('speech.longCastling');
  if (san.startsWith('O-O')) return t('speech.shortCastling');
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([QRBN]))?([+#])?/.exec(san);
  if (!m) return san;
  const [, piece, from = '', takes, to = '', promo, mark] = m;
  const words = [t(`piece.${piece ? PIECE_ROLES[piece] ?? 'pawn' : 'pawn'}`), from, takes ? t('speech.takes') : '', to];
  if (promo) words.push(t(`speech.promotes.${promo}`));
  if (mark) words.push(t(mark === '#' ? 'speech.mate' : 'speech.check'));
  return words.filter((w) => w !== '').join(' ');
}

// The server's English words are used as they are for an English interface.
export function announce(region: HTMLElement, text: { de?: string; en?: string }, san: string, who: string): void {
  const words = (currentLanguage() === 'en' ? text.en : undefined) ?? plainWords(san);
  region.textContent = t('speech.line', { who, words });
  if (voice === 'off' || !('speechSynthesis' in window)) return;
  const spoken = voice === 'de' ? text.de ?? words : words;
  const u = new SpeechSynthesisUtterance(spoken);
  u.lang = voice === 'de' && text.de ? 'de-DE' : t('speech.lang');
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
}
