// The board from the keyboard (accessibility): a cursor square moved with the arrow keys
// (as the player sees the board, so "up" is away from him), Home/End to the first/last
// file, PageUp/PageDown to the far/near rank; Enter or Space picks up and drops a piece
// (chessground's click logic). Pure functions here; board.ts wires them.
import { t } from './i18n';

export type Orientation = 'white' | 'black';

const FILES = 'abcdefgh';

// The square the cursor moves to, or null when the key is not a cursor key or the
// cursor would leave the board.
export function stepCursor(square: string, key: string, orientation: Orientation): string | null {
  let file = FILES.indexOf(square[0] ?? '');
  let rank = Number(square[1]) - 1;
  if (file < 0 || !(rank >= 0 && rank < 8)) return null;
  const dir = orientation === 'white' ? 1 : -1; // "up" on the screen, in ranks
  switch (key) {
    case 'ArrowUp': rank += dir; break;
    case 'ArrowDown': rank -= dir; break;
    case 'ArrowRight': file += dir; break;
    case 'ArrowLeft': file -= dir; break;
    case 'Home': file = orientation === 'white' ? 0 : 7; break;
    case 'End': file = orientation === 'white' ? 7 : 0; break;
    case 'PageUp': rank = orientation === 'white' ? 7 : 0; break;
    case 'PageDown': rank = orientation === 'white' ? 0 : 7; break;
    default: return null;
  }
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return null;
  return `${FILES[file]}${rank + 1}`;
}

// Where the cursor starts: the player's king's pawn square as he sees the board.
export const startCursor = (orientation: Orientation): string => (orientation === 'white' ? 'e2' : 'e7');

// What a screen reader hears on a square: "e2, white pawn", "e4, empty", plus
// ", selected" / ", a legal move" when that applies.
export function describeSquare(
  square: string,
  piece: { role: string; color: string } | undefined,
  opts: { selected?: boolean; dest?: boolean } = {},
): string {
  const what = piece ? t(`piece.${piece.color}.${piece.role}`) : t('square.empty');
  let text = t('square.describe', { square, what });
  if (opts.selected) text = t('square.selected', { text });
  if (opts.dest) text = t('square.dest', { text });
  return text;
}
