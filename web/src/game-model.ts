// The client's picture of one game, built from a `state` snapshot and then the numbered
// events (docs/web-protocol.md). Pure: no DOM, so it is unit-tested in node.
import type { Claims, Clock, Dests, EndEvent, GameEvent, GameState, PlayerInfo, Side } from './protocol';

export interface Ply {
  uci: string;
  san: string;
  side: Side;
  fen: string; // the position after the move
  capture: boolean;
  check: boolean;
}

const NO_CLAIMS: Claims = { threefold: false, fifty: false, threefold_moves: [], fifty_moves: [] };

export class GameModel {
  id = '';
  players: Record<Side, PlayerInfo> = { white: { name: '?', kind: 'human' }, black: { name: '?', kind: 'human' } };
  timeControl = '-';
  category = '';
  startFen = '';
  fen = '';
  turn: Side = 'white';
  plies: Ply[] = [];
  dests: Dests = {};
  claims: Claims = NO_CLAIMS;
  clock: Clock | null = null;
  clockAt = 0; // performance.now() when `clock` was received
  drawOffer: Side | null = null;
  canAbort = true;
  ending: EndEvent | null = null;
  rematch: { offeredBy: Side | null; gameId: string | null } = { offeredBy: null, gameId: null };
  initialMs = 0;
  openSeat: Side | null = null; // a friend game waiting for its second player
  rated = false; // issue #17

  get over(): boolean {
    return this.ending !== null;
  }

  load(s: GameState, now: number): void {
    this.id = s.id;
    this.players = { white: s.white, black: s.black };
    this.timeControl = s.time_control;
    this.category = s.category;
    this.startFen = s.start_fen;
    this.openSeat = s.open_seat ?? null;
    this.rated = s.rated ?? false;
    this.fen = s.fen;
    this.turn = s.turn;
    this.plies = s.moves.map((m, i) => ({
      uci: m.uci,
      san: m.san,
      side: (i % 2 === 0) === s.start_fen.includes(' w ') ? 'white' : 'black',
      fen: m.fen,
      capture: m.san.includes('x'),
      check: /[+#]$/.test(m.san),
    }));
    this.dests = s.dests;
    this.claims = s.claims ?? NO_CLAIMS;
    this.setClock(s.clock, now);
    if (s.clock && s.moves.length === 0) this.initialMs = s.clock.white;
    this.drawOffer = s.draw_offer;
    this.canAbort = s.can_abort ?? s.moves.length < 2;
    this.ending =
      s.status === 'ended' || s.status === 'aborted'
        ? {
            result: s.result,
            termination: s.termination ?? 'aborted',
            article: s.article,
            winner: s.result === '1-0' ? 'white' : s.result === '0-1' ? 'black' : null,
            text: s.text ?? describeEnding(s.result, s.termination ?? 'aborted'),
            clock: s.clock,
          }
        : null;
  }

  setClock(clock: Clock | null, now: number): void {
    this.clock = clock;
    this.clockAt = now;
    if (clock && this.initialMs === 0) this.initialMs = Math.max(clock.white, clock.black);
  }

  // The time a side's clock shows at `now` (performance.now()).
  displayMs(side: Side, now: number): number {
    const c = this.clock;
    if (!c) return 0;
    if (c.running !== side || this.over) return c[side];
    return c[side] - Math.max(0, now - this.clockAt - c.delay_left_ms);
  }

  apply(e: GameEvent, now: number): void {
    switch (e.t) {
      case 'move':
        this.openSeat = null;
        this.plies.push({
          uci: e.d.uci,
          san: e.d.san,
          side: e.d.side,
          fen: e.d.fen,
          capture: e.d.capture,
          check: e.d.check,
        });
        this.fen = e.d.fen;
        this.turn = e.d.side === 'white' ? 'black' : 'white';
        this.dests = e.d.dests;
        this.claims = e.d.claims;
        this.drawOffer = e.d.draw_offer;
        this.canAbort = e.d.can_abort;
        this.setClock(e.d.clock, now);
        break;
      case 'draw':
        this.drawOffer = e.d.action === 'offer' ? e.d.side : null;
        break;
      case 'claim':
        if (e.d.penalty && this.clock) this.clock[e.d.penalty.side] += e.d.penalty.ms;
        break;
      case 'penalty':
        this.setClock(e.d.clock, now);
        break;
      case 'end':
        this.ending = e.d;
        this.dests = {};
        this.drawOffer = null;
        this.canAbort = false;
        if (e.d.clock) this.setClock(e.d.clock, now);
        break;
      case 'join':
        this.players[e.d.side] = { name: e.d.name, kind: 'human' };
        if (this.openSeat === e.d.side) this.openSeat = null;
        break;
      case 'rematch':
        this.rematch = { offeredBy: e.d.action === 'offer' ? e.d.side : null, gameId: e.d.game_id };
        break;
    }
  }
}

// The server sends how a game ended as an English sentence (GameState.text, the end event's
// text), from its one table of endings (competition/verdict.cpp); the page shows it in the
// reader's language (endings.ts) and keeps it for a termination it does not know. A server
// that predates it: the termination's name, readable.
export function describeEnding(result: string, termination: string): string {
  if (termination === 'aborted') return 'Game aborted';
  const why = termination.replace(/_/g, ' ');
  if (result === '1-0') return `White wins (${why})`;
  if (result === '0-1') return `Black wins (${why})`;
  return `Draw (${why})`;
}

// A result as people write it: "½-½" for a draw. PGN (the server's export) keeps "1/2-1/2".
export function displayResult(result: string): string {
  return result === '1/2-1/2' ? '½-½' : result;
}
