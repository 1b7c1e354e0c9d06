// The server-run arenas (issue #18 item 2) as the page sees them: the REST view of one
// arena read strictly (a view that is not what the server promises is refused, named by
// the field at fault, rather than drawn half right), and what the page derives from it
// without a DOM: the countdown's phase, the game a player is to be taken to, the sheet's
// marks and whether a game counts. An arena is lichess's kind of event, not a FIDE system:
// a win scores 2, a draw 1 (0 before the 20th ply), a loss 0; two wins in a row put a
// player on fire, and his games score double until one is not a win. Pure apart from t();
// unit-tested (test/unit/arena-model.test.ts).
import { t } from './i18n';
import { STATUSES, type TournamentStatus } from './tournament-model';

export interface ArenaSheetEntry {
  outcome: ArenaOutcome;
  points: number; // what the game scored him, doubled on fire
  fire: boolean; // played on fire
}

// A counted game's outcome for the player: a win, a draw, a loss; + and − by default (Art. 6.7.1).
export type ArenaOutcome = 'W' | 'D' | 'L' | '+' | '-';
const OUTCOMES: readonly ArenaOutcome[] = ['W', 'D', 'L', '+', '-'];

export interface ArenaPlayer {
  rank: number;
  name: string;
  rating: number | null;
  points: number;
  games: number;
  performance: number | null;
  fire: boolean; // his next game is played on fire
  paused: boolean;
  playing: boolean;
  sheet: ArenaSheetEntry[]; // the counted games, in order
}

export interface ArenaGame {
  game: string | null;
  white: string;
  black: string;
  result: string; // "*", "1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"
  plies: number;
  started_ms: number;
  counted: boolean; // ended before the arena's end
}

export interface ArenaMe {
  name: string;
  rank: number | null;
  paused: boolean;
  game: string | null; // his game in play
}

export interface Arena {
  id: string;
  name: string;
  kind: 'arena';
  status: TournamentStatus;
  owner: string;
  time_control: string;
  rated: boolean;
  password: boolean;
  starts_ms: number;
  ends_ms: number;
  minutes: number;
  now_ms: number; // the server's clock: the countdown follows it
  waiting_s: number;
  max_players: number;
  players: ArenaPlayer[]; // ranked
  games: ArenaGame[]; // newest first
  me: ArenaMe | null;
}

const RESULTS = new Set(['*', '1-0', '0-1', '1/2-1/2', '+/-', '-/+', '-/-']);

// A view the page refuses: `path` names the field ("players[2].sheet[0].points").
export class ArenaViewError extends Error {
  constructor(
    readonly path: string,
    what: string,
  ) {
    super(`the arena's view: ${path} ${what}`);
  }
}

// The readers of one field each: the value, or an ArenaViewError naming it.
type Fields = Record<string, unknown>;

function object(v: unknown, path: string): Fields {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ArenaViewError(path, 'is not an object');
  return v as Fields;
}

function list(o: Fields, key: string, path: string): unknown[] {
  const v = o[key];
  if (!Array.isArray(v)) throw new ArenaViewError(`${path}${key}`, 'is not a list');
  return v;
}

function text(o: Fields, key: string, path: string, { empty = false } = {}): string {
  const v = o[key];
  if (typeof v !== 'string' || (!empty && v === '')) throw new ArenaViewError(`${path}${key}`, empty ? 'is not a string' : 'is not a non-empty string');
  return v;
}

function number(o: Fields, key: string, path: string, { min = -Infinity, whole = false } = {}): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (whole && !Number.isInteger(v))) {
    throw new ArenaViewError(`${path}${key}`, `is not ${whole ? 'a whole number' : 'a number'}${min > -Infinity ? ` of at least ${min}` : ''}`);
  }
  return v;
}

function numberOrNull(o: Fields, key: string, path: string): number | null {
  return o[key] === null ? null : number(o, key, path);
}

function flag(o: Fields, key: string, path: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') throw new ArenaViewError(`${path}${key}`, 'is not true or false');
  return v;
}

function gameId(o: Fields, key: string, path: string): string | null {
  const v = o[key];
  if (v === null) return null;
  if (typeof v !== 'string' || !/^[A-Za-z0-9_-]+$/.test(v)) throw new ArenaViewError(`${path}${key}`, 'is not a game id or null');
  return v;
}

function readSheetEntry(raw: unknown, path: string): ArenaSheetEntry {
  const o = object(raw, path);
  const outcome = o.outcome;
  if (!OUTCOMES.includes(outcome as ArenaOutcome)) throw new ArenaViewError(`${path}.outcome`, `is not one of ${OUTCOMES.join(' ')}`);
  return { outcome: outcome as ArenaOutcome, points: number(o, 'points', `${path}.`, { min: 0 }), fire: flag(o, 'fire', `${path}.`) };
}

function readPlayer(raw: unknown, path: string): ArenaPlayer {
  const o = object(raw, path);
  const p = `${path}.`;
  return {
    rank: number(o, 'rank', p, { min: 1, whole: true }),
    name: text(o, 'name', p),
    rating: numberOrNull(o, 'rating', p),
    points: number(o, 'points', p, { min: 0 }),
    games: number(o, 'games', p, { min: 0, whole: true }),
    performance: numberOrNull(o, 'performance', p),
    fire: flag(o, 'fire', p),
    paused: flag(o, 'paused', p),
    playing: flag(o, 'playing', p),
    sheet: list(o, 'sheet', p).map((e, i) => readSheetEntry(e, `${path}.sheet[${i}]`)),
  };
}

function readGame(raw: unknown, path: string): ArenaGame {
  const o = object(raw, path);
  const p = `${path}.`;
  const result = o.result;
  if (typeof result !== 'string' || !RESULTS.has(result)) throw new ArenaViewError(`${p}result`, `is not one of ${[...RESULTS].join(' ')}`);
  return {
    game: gameId(o, 'game', p),
    white: text(o, 'white', p),
    black: text(o, 'black', p),
    result,
    plies: number(o, 'plies', p, { min: 0, whole: true }),
    started_ms: number(o, 'started_ms', p),
    counted: flag(o, 'counted', p),
  };
}

function readMe(raw: unknown): ArenaMe | null {
  if (raw === null) return null;
  const o = object(raw, 'me');
  const rank = o.rank === null || o.rank === undefined ? null : number(o, 'rank', 'me.', { min: 1, whole: true });
  return { name: text(o, 'name', 'me.'), rank, paused: flag(o, 'paused', 'me.'), game: gameId(o, 'game', 'me.') };
}

// GET /api/tournaments/{id} of an arena (the contract: /work/arena/contract.md, "Show").
export function readArena(raw: unknown): Arena {
  const o = object(raw, 'the view');
  if (o.kind !== 'arena') throw new ArenaViewError('kind', 'is not "arena"');
  const status = o.status;
  if (!STATUSES.includes(status as TournamentStatus)) throw new ArenaViewError('status', `is not one of ${STATUSES.join(' ')}`);
  const starts = number(o, 'starts_ms', '', { min: 0 });
  const ends = number(o, 'ends_ms', '', { min: 0 });
  if (ends < starts) throw new ArenaViewError('ends_ms', 'is before starts_ms');
  if (!('me' in o)) throw new ArenaViewError('me', 'is missing');
  const players = list(o, 'players', '').map((p, i) => readPlayer(p, `players[${i}]`));
  players.forEach((p, i) => {
    if (i > 0 && p.rank < (players[i - 1]?.rank ?? 0)) throw new ArenaViewError(`players[${i}].rank`, 'is out of order');
  });
  return {
    id: text(o, 'id', ''),
    name: text(o, 'name', ''),
    kind: 'arena',
    status: status as TournamentStatus,
    owner: text(o, 'owner', ''),
    time_control: text(o, 'time_control', ''),
    rated: flag(o, 'rated', ''),
    password: flag(o, 'password', ''),
    starts_ms: starts,
    ends_ms: ends,
    minutes: number(o, 'minutes', '', { min: 1, whole: true }),
    now_ms: number(o, 'now_ms', '', { min: 0 }),
    waiting_s: number(o, 'waiting_s', '', { min: 0, whole: true }),
    max_players: number(o, 'max_players', '', { min: 0, whole: true }),
    players,
    games: list(o, 'games', '').map((g, i) => readGame(g, `games[${i}]`)),
    me: readMe(o.me),
  };
}

// --- the creation form

// The duration as the form asks for it: a whole number of minutes from 1 to 720; null otherwise.
export function arenaMinutes(amount: string): number | null {
  if (amount.trim() === '') return null;
  const n = Number(amount);
  return Number.isInteger(n) && n >= 1 && n <= 720 ? n : null;
}

// --- time

// Where the arena stands, for the line under its title.
export type ArenaPhase =
  | { kind: 'starts'; at: number } // the first pairings at `at`
  | { kind: 'ends'; at: number } // games are paired until `at`
  | { kind: 'ending' } // its end has come: being closed
  | { kind: 'over' };

export function arenaPhase(a: Arena, now: number): ArenaPhase {
  if (a.status === 'finished') return { kind: 'over' };
  if (a.status === 'created' && now < a.starts_ms) return { kind: 'starts', at: a.starts_ms };
  if (now < a.ends_ms) return { kind: 'ends', at: a.ends_ms };
  return { kind: 'ending' };
}

// The game a player's page should now open: his game in play unless it is the one this
// browser was last taken to (`followed`), as lichess does. The server pairs a player the
// moment his game ends when another has been waiting, often before his page has looked:
// the page follows a game it finds on its first look too; and once only, so that a player
// who comes back to the arena during his game is not sent off again.
export function arenaGameToFollow(followed: string | null, a: Arena): string | null {
  const game = a.me?.game ?? null;
  if (!game || game === followed) return null;
  const listed = a.games.find((g) => g.game === game);
  return listed && listed.result !== '*' ? null : game;
}

// --- the sheet and the games

// A sheet entry as the table writes it: the points it scored ("4" on fire).
export const sheetText = (e: ArenaSheetEntry): string => String(e.points);

// Its title: "a win on fire: 4 points".
export function sheetTitle(e: ArenaSheetEntry): string {
  const what = t(`arena.outcome.${e.outcome === '+' ? 'forfeitWin' : e.outcome === '-' ? 'forfeitLoss' : e.outcome}`);
  return t(e.fire ? 'arena.sheetFire' : 'arena.sheetEntry', { outcome: what, count: e.points });
}

// The sum of a sheet: what a player's points should be.
export const sheetTotal = (sheet: ArenaSheetEntry[]): number => sheet.reduce((sum, e) => sum + e.points, 0);

// What the games list says of a game's standing: being played, counted, or not counted
// (it ended after the arena's end, or is still being played once the arena is over).
export type GameStanding = 'playing' | 'counted' | 'notCounted';

export function gameStanding(g: ArenaGame, a: Arena): GameStanding {
  if (g.counted) return 'counted';
  if (g.result === '*' && a.status !== 'finished') return 'playing';
  return 'notCounted';
}
