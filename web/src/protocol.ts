// The message shapes of docs/web-protocol.md, version 1.
export const PROTOCOL_VERSION = 1;

export type Side = 'white' | 'black';
export type Role = Side | 'spectator';
export type Dests = Record<string, string[]>;

export interface Clock {
  white: number;
  black: number;
  running: Side | null;
  delay_ms: number;
  delay_left_ms: number;
  to_control: { white: number | null; black: number | null } | null;
}

export interface Claims {
  threefold: boolean;
  fifty: boolean;
  threefold_moves: string[];
  fifty_moves: string[];
}

export interface PlayerInfo {
  name: string;
  kind: 'human' | 'computer';
  level?: number;
}

export interface StoredMove {
  uci: string;
  san: string;
  fen: string;
  clock?: { white: number; black: number };
}

export interface GameState {
  id: string;
  white: PlayerInfo;
  black: PlayerInfo;
  time_control: string;
  category: string;
  variant: 'standard' | 'chess960';
  chess960: number | null;
  start_fen: string;
  status: 'created' | 'ongoing' | 'ended' | 'aborted';
  open_seat: Side | null;
  moves: StoredMove[];
  fen: string;
  turn: Side;
  clock: Clock | null;
  dests: Dests;
  claims: Claims;
  draw_offer: Side | null;
  can_abort?: boolean;
  result: string;
  termination: string | null;
  article: string | null;
  text?: string | null; // how it ended, the end event's sentence (older servers: absent)
  rated?: boolean; // issue #17: the result changes both players' ratings
  opening?: Opening | null; // issue #18: the opening the game reached (servers with --openings)
  tournament?: string | null; // issue #18: the event whose game it is
  seq: number;
}

// The opening a position is named for (lichess's list): ECO code and name.
export interface Opening {
  eco: string;
  name: string;
}

// GET /api/games/{id}/ratings (issue #17): what a rated game did to both ratings.
export interface RatingChange {
  color: Side;
  before: number;
  after: number;
  diff: number;
  deviation: number;
  provisional: boolean;
}

export interface MoveEvent {
  ply: number;
  uci: string;
  san: string;
  side: Side;
  fen: string;
  capture: boolean;
  check: boolean;
  announce?: { de?: string; en?: string };
  clock: Clock | null;
  lag_ms: number;
  dests: Dests;
  claims: Claims;
  draw_offer: Side | null;
  can_abort: boolean;
  intended?: boolean; // the intended move of an upheld claim: shown and stored, the claim ended the game
  opening?: Opening; // the opening the position after the move is named for, when it is
}

export interface Penalty {
  side: Side;
  ms: number;
  article: string;
}

export interface EndEvent {
  result: string;
  termination: string;
  article: string | null;
  winner: Side | null;
  text: string;
  clock: Clock | null;
  by?: Side | null; // who ended it (an abort, a resignation)
}

export type GameEvent =
  | { t: 'move'; seq: number; d: MoveEvent }
  | { t: 'draw'; seq: number; d: { action: 'offer' | 'decline' | 'lapse'; side: Side } }
  | {
      t: 'claim';
      seq: number;
      d: { side: Side; kind: string; move: string | null; upheld: boolean; article: string; penalty: Penalty | null };
    }
  | { t: 'end'; seq: number; d: EndEvent }
  | { t: 'join'; seq: number; d: { side: Side; name: string } }
  | { t: 'rematch'; seq: number; d: { action: 'offer' | 'decline' | 'accept'; side: Side; game_id: string | null } }
  | { t: 'penalty'; seq: number; d: Penalty & { clock: Clock | null } };

export type DirectMessage =
  | { t: 'welcome'; v: number; role: Role; seq: number; server_ms: number }
  | { t: 'state'; d: GameState }
  | { t: 'ack'; id: number }
  | { t: 'error'; id?: number | null; d: { code: string; message: string; fatal?: boolean } }
  | { t: 'ping'; n: number }
  | { t: 'clock'; d: Clock | null }
  | { t: 'crowd'; d: { white: boolean; black: boolean; spectators: number } }
  | { t: 'seat'; d: { game_id: string; seat: Side; token: string } };

export type ServerMessage = GameEvent | DirectMessage;

export type ClientAction =
  | { t: 'move'; d: { uci: string; ply: number; offer_draw?: boolean } }
  | { t: 'draw'; d: { action: 'offer' | 'accept' | 'decline' } }
  | { t: 'claim'; d: { kind: 'threefold' | 'fifty'; move?: string } }
  | { t: 'resign' }
  | { t: 'abort' }
  | { t: 'rematch'; d: { action: 'offer' | 'accept' | 'decline' } }
  | { t: 'flag' };

export function isEvent(m: ServerMessage): m is GameEvent {
  return typeof (m as { seq?: unknown }).seq === 'number' && m.t !== 'welcome';
}

export const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');
