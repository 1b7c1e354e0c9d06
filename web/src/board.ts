// The chessground board: legal-move dots from the server's dests, click and drag, the
// promotion chooser, last-move and check highlights, flip, one premove, and the keyboard
// (board-keys.ts: a cursor moved with the arrows, Enter/Space to pick up and drop).
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { describeSquare, type Orientation, startCursor, stepCursor } from './board-keys';
import { t } from './i18n';
import { choosePromotion } from './promotion';
import type { Dests, Side } from './protocol';

export interface BoardView {
  fen: string;
  turn: Side;
  lastMove: string | null; // UCI
  check: boolean;
  dests: Dests; // empty when the player may not move (not his turn, history view, game over)
  mySide: Side | null; // null for spectators, and while the game waits for its second player
  live: boolean; // false while looking at an earlier position
}

export class Board {
  private readonly cg: Api;
  private flipped = false;
  private cursor: Key | null = null;
  private readonly spoken: HTMLElement;

  constructor(
    private readonly host: HTMLElement,
    orientation: Side,
    private readonly onMove: (uci: string) => void,
  ) {
    const el = host.querySelector<HTMLElement>('.cg-wrap') ?? host;
    this.flipped = orientation === 'black';
    this.cg = Chessground(el, {
      orientation,
      coordinates: true,
      autoCastle: true,
      animation: { enabled: true, duration: 150 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, rookCastle: true, events: { after: (o, d) => void this.moved(o, d) } },
      premovable: { enabled: true, showDests: true, castle: true },
      draggable: { enabled: true, showGhost: true },
      drawable: { enabled: true },
    });
    // Keyboard operation: the board is one focusable control; a live region says where the
    // cursor is.
    this.spoken = document.createElement('div');
    this.spoken.className = 'board-cursor visually-hidden';
    this.spoken.setAttribute('aria-live', 'polite');
    host.append(this.spoken);
    el.tabIndex = 0;
    el.setAttribute('role', 'application');
    el.setAttribute('aria-roledescription', t('board.role'));
    el.setAttribute('aria-label', t('board.aria'));
    el.addEventListener('keydown', (e) => this.key(e));
    el.addEventListener('focus', () => {
      // Only for keyboard focus: a mouse user needs no cursor.
      if (el.matches(':focus-visible')) this.showCursor(this.cursor ?? (startCursor(this.cg.state.orientation) as Key));
    });
    el.addEventListener('blur', () => this.showCursor(null));
  }

  private key(e: KeyboardEvent): void {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const at = this.cursor ?? (startCursor(this.cg.state.orientation) as Key);
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.cg.selectSquare(at);
      this.showCursor(at);
      return;
    }
    if (e.key === 'Escape') {
      this.cg.selectSquare(null);
      this.showCursor(at);
      return;
    }
    const next = stepCursor(at, e.key, this.cg.state.orientation as Orientation);
    if (next !== null || /^(Arrow|Home|End|Page)/.test(e.key)) e.preventDefault(); // no page scrolling
    if (next) this.showCursor(next as Key);
  }

  private showCursor(square: Key | null): void {
    this.cursor = square ?? this.cursor;
    const custom = new Map<Key, string>();
    if (square) custom.set(square, 'kbd-cursor');
    this.cg.set({ highlight: { custom } });
    if (!square) return;
    const s = this.cg.state;
    const selected = s.selected;
    this.spoken.textContent = describeSquare(square, s.pieces.get(square), {
      selected: selected === square,
      dest: selected !== undefined && (s.movable.dests?.get(selected)?.includes(square) ?? false),
    });
  }

  update(v: BoardView): void {
    const dests = new Map<Key, Key[]>();
    for (const [from, tos] of Object.entries(v.dests)) dests.set(from as Key, tos as Key[]);
    const lastMove = v.lastMove ? ([v.lastMove.slice(0, 2), v.lastMove.slice(2, 4)] as Key[]) : [];
    this.cg.set({
      fen: v.fen.split(' ')[0] ?? v.fen,
      turnColor: v.turn,
      lastMove,
      check: v.check ? v.turn : false,
      viewOnly: !v.live,
      movable: { color: v.live && v.mySide ? v.mySide : undefined, dests },
      premovable: { enabled: v.live && v.mySide !== null },
    });
    if (!v.live) this.cg.cancelPremove();
  }

  // Plays the stored premove if it is legal now (chessground checks it against dests).
  playPremove(): boolean {
    return this.cg.playPremove();
  }

  cancelPremove(): void {
    this.cg.cancelPremove();
  }

  flip(): void {
    this.flipped = !this.flipped;
    this.cg.toggleOrientation();
  }

  get orientation(): Side {
    return this.cg.state.orientation;
  }

  private async moved(orig: Key, dest: Key): Promise<void> {
    const piece = this.cg.state.pieces.get(dest);
    const lastRank = dest[1] === '8' || dest[1] === '1';
    let uci = orig + dest;
    if (piece?.role === 'pawn' && lastRank) {
      const wrap = this.host.querySelector<HTMLElement>('.cg-wrap') ?? this.host;
      const letter = await choosePromotion(wrap, piece.color, dest.charCodeAt(0) - 97, this.cg.state.orientation === 'black');
      if (!letter) {
        this.onMove(''); // cancelled: the caller redraws the position
        return;
      }
      uci += letter;
    }
    this.onMove(uci);
  }
}
