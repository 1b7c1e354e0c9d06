// How a game ended, in the reader's language. The server sends the result ("0-1"), the
// termination's name ("checkmate", the table of competition/verdict.cpp), the FIDE article
// it rests on ("5.1.1") and an English sentence; the sentence is built again here from the
// catalogue (end.*), and the article's text shown with it (law.*). A termination the
// catalogue does not know keeps the server's sentence. Pure: unit-tested in node.
import { hasMessage, t } from './i18n';
import type { Side } from './protocol';

export interface Ending {
  result: string;
  termination: string;
  text: string;
  by?: Side | null; // who aborted, for an abort
}

// "{who}" of the sentence: the result as a phrase.
const WHO: Record<string, string> = {
  '1-0': 'end.who.white',
  '0-1': 'end.who.black',
  '1/2-1/2': 'end.who.draw',
  '+/-': 'end.who.white',
  '-/+': 'end.who.black',
  '-/-': 'end.who.bothForfeit',
  '0-0': 'end.who.bothLose',
  '0-1/2': 'end.who.blackDrawWhiteLoss',
  '1/2-0': 'end.who.whiteDrawBlackLoss',
  '*': 'end.who.over',
};

// `toMove`: whose move it was when the game ended (for the abort of a side that did not make
// its first move in time).
export function endingSentence(e: Ending, toMove: Side): string {
  if (e.termination === 'aborted') {
    if (e.by) return t('end.abortedBy', { side: t(`side.${e.by}`) });
    if (/did not move in time/.test(e.text)) return t('end.abortedLate', { side: t(`side.${toMove}`) });
    return t('end.aborted');
  }
  if (e.termination === 'adjourned' || e.termination === 'ongoing') return t(`end.${e.termination}`);
  const key = `end.${e.termination}`;
  const who = WHO[e.result];
  if (!who || !hasMessage(key)) return e.text;
  return t(key, { who: t(who) });
}

// The text of an article the server cites, or null when the catalogue has none. "9.2.1.1"
// falls back to "9.2.1", then "9.2".
export function lawText(article: string): string | null {
  for (let a = article; a; a = a.includes('.') ? a.slice(0, a.lastIndexOf('.')) : '') {
    if (hasMessage(`law.${a}`)) return t(`law.${a}`);
    if (!/\.\d+$/.test(a)) break; // "A.4" stops before "A"
  }
  return null;
}
