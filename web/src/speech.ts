// Accessibility: every move is written into an aria-live region and, when enabled, spoken
// with the browser's speechSynthesis — in the Appendix D (D.2.1) German style the server
// sends ("Springer Gustav eins Felix drei") or in plain English.
export type Voice = 'off' | 'de' | 'en';

let voice: Voice = (localStorage.getItem('arbiter.voice') as Voice | null) ?? 'off';
export const currentVoice = (): Voice => voice;
export function setVoice(v: Voice): void {
  voice = v;
  localStorage.setItem('arbiter.voice', v);
}

// From SAN when the server sent no announcement: "Nf3" → "Knight f3".
export function plainEnglish(san: string): string {
  if (san.startsWith('O-O-O')) return 'Long castling';
  if (san.startsWith('O-O')) return 'Short castling';
  const names: Record<string, string> = { K: 'King', Q: 'Queen', R: 'Rook', B: 'Bishop', N: 'Knight' };
  let text = san
    .replace(/^([KQRBN])/, (p: string) => `${names[p] ?? p} `)
    .replace('x', ' takes ')
    .replace(/=([QRBN])/, (_: string, p: string) => ` promotes to ${names[p] ?? p}`)
    .replace('#', ' mate')
    .replace('+', ' check');
  if (/^[a-h]/.test(san)) text = `Pawn ${text}`;
  return text.replace(/\s+/g, ' ').trim();
}

export function announce(region: HTMLElement, text: { de?: string; en?: string }, san: string, who: string): void {
  const english = text.en ?? plainEnglish(san);
  region.textContent = `${who}: ${english}`;
  if (voice === 'off' || !('speechSynthesis' in window)) return;
  const spoken = voice === 'de' ? text.de ?? english : english;
  const u = new SpeechSynthesisUtterance(spoken);
  u.lang = voice === 'de' && text.de ? 'de-DE' : 'en-GB';
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
}
