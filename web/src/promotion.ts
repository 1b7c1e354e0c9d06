// The promotion chooser (Art. 3.7.5.1: the player chooses the new piece): four buttons
// over the board in the pawn's file; Escape or a click outside cancels. `host` is the
// board's .cg-wrap element, so that chessground's piece images apply to the buttons.
import { h } from './dom';
import { t } from './i18n';
import type { Side } from './protocol';

const PIECES: { role: string; letter: string }[] = [
  { role: 'queen', letter: 'q' },
  { role: 'knight', letter: 'n' },
  { role: 'rook', letter: 'r' },
  { role: 'bishop', letter: 'b' },
];

// Resolves with the UCI letter (q, r, b, n), or null when cancelled.
export function choosePromotion(host: HTMLElement, side: Side, file: number, flipped: boolean): Promise<string | null> {
  // The promotion square is at the top unless the board was turned away from the player.
  const atTop = (side === 'white') !== flipped;
  return new Promise((resolve) => {
    const column = flipped ? 7 - file : file;
    const box = h('div.promotion-box', { style: `left: ${column * 12.5}%; ${atTop ? 'top: 0' : 'bottom: 0; top: auto; flex-direction: column-reverse'}` });
    const overlay = h('div.promotion', { role: 'dialog', 'aria-label': t('promotion.aria') }, box);
    const done = (letter: string | null): void => {
      overlay.remove();
      document.removeEventListener('keydown', onKey);
      resolve(letter);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') done(null);
      const hit = PIECES.find((p) => p.letter === e.key.toLowerCase());
      if (hit) done(hit.letter);
    };
    for (const p of PIECES) {
      const name = t(`piece.${p.role}`);
      box.append(
        h(
          'button.promotion-piece',
          { type: 'button', title: name, 'aria-label': name, 'data-role': p.letter, onclick: () => done(p.letter) },
          h(`piece.${p.role}.${side}` as 'div'),
        ),
      );
    }
    overlay.addEventListener('click', (e) => {
      if (e.target === overlay) done(null);
    });
    document.addEventListener('keydown', onKey);
    host.append(overlay);
    box.querySelector('button')?.focus();
  });
}
