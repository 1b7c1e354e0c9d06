// The chessground board: legal-move dots from the server's dests, click and drag, the
// promotion chooser, last-move and check highlights, flip, and one premove.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { choosePromotion } from './promotion';
import type { Dests, Side } from './protocol';

export interface BoardView {
  fen: string;
  turn: Side;
  lastMove: string | null; // UCI
  check: boolean;
  dests: Dests; // empty when the player may not move (not his turn, history view, game over)
  mySide: Side | null; // null for spectators
  live: boolean; // false while looking at an earlier position
}

export class Board {
  private readonly cg: Api;
  private flipped = false;

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
