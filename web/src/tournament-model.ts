// The server-run Swiss tournaments (issue #18 item 1) as the pages see them: the REST views
// (docs/events.md, "REST"), and what the pages derive from them without a DOM: the
// forbidden pairs typed into the form, the tie-break codes explained, results written for
// people, the crosstable, the countdown and the game a player is to be taken to. Pure
// apart from t(); unit-tested (test/unit/tournament-model.test.ts).
import { formatNumber, hasMessage, t } from './i18n';

export type TournamentStatus = 'created' | 'running' | 'finished';
export const STATUSES: readonly TournamentStatus[] = ['created', 'running', 'finished'];

export interface TournamentSummary {
  id: string;
  name: string;
  kind: string;
  status: TournamentStatus;
  time_control: string;
  rounds: number;
  round: number; // rounds paired so far
  players: number;
  starts_ms: number;
  rated: boolean;
  password: boolean;
  ends_ms?: number; // an arena's: its end and its duration
  minutes?: number;
}

export interface TournamentPlayer {
  entry: number;
  name: string;
  rating: number | null;
  first_round: number;
  withdrawn: boolean;
}

export interface TournamentBoard {
  white: number;
  black: number;
  game: string;
  result: string; // "*", "1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"
}

export interface TournamentRound {
  number: number;
  started_ms: number;
  finished_ms: number | null;
  bye: number; // the entry with the pairing-allocated bye, 0 for none
  boards: TournamentBoard[];
}

export interface TournamentResult {
  round: number;
  opponent: number; // an entry, 0 for none
  colour: 'w' | 'b' | '-';
  result: string; // the TRF code: 1 0 = + - U H Z (F)
}

export interface TournamentStanding {
  rank: number;
  entry: number;
  name: string;
  rating: number | null;
  points: number;
  tiebreaks: number[];
  results: TournamentResult[];
}

export interface TournamentMe {
  entry: number;
  withdrawn: boolean;
  game: string | null; // his board's game in the round in play
}

// The event's page view: the server's JSON ("rounds" the number of rounds, "round_list"
// the rounds paired) read by `readTournament`, which also takes the list under "rounds".
export interface Tournament {
  id: string;
  name: string;
  kind: string;
  status: TournamentStatus;
  owner: string;
  time_control: string;
  total_rounds: number;
  rated: boolean;
  starts_ms: number;
  interval_s: number;
  waiting_s: number;
  late: string; // "zero" | "half"
  tiebreaks: string[];
  password: boolean;
  max_players: number;
  round: number; // rounds paired
  round_in_play: boolean;
  next_round_ms: number | null;
  players: TournamentPlayer[];
  paired: TournamentRound[];
  standings: TournamentStanding[];
  me: TournamentMe | null;
  now_ms: number | null; // the server's clock when it says so (the countdown follows it)
}

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function readTournament(raw: Record<string, unknown>): Tournament {
  const roundsField = raw.rounds;
  const list = Array.isArray(roundsField) ? roundsField : (raw.round_list ?? raw.pairings ?? raw.paired);
  const total = typeof roundsField === 'number' ? roundsField : (raw.rounds_total ?? raw.total_rounds ?? raw.planned_rounds ?? raw.rounds_planned);
  const paired = arr<TournamentRound>(list);
  const me = raw.me && typeof raw.me === 'object' ? (raw.me as TournamentMe) : null;
  const tiebreaks = raw.tiebreaks;
  return {
    id: str(raw.id),
    name: str(raw.name),
    kind: str(raw.kind, 'swiss'),
    status: STATUSES.includes(raw.status as TournamentStatus) ? (raw.status as TournamentStatus) : 'created',
    owner: str(raw.owner),
    time_control: str(raw.time_control),
    total_rounds: num(total, paired.length),
    rated: raw.rated === true,
    starts_ms: num(raw.starts_ms),
    interval_s: num(raw.interval_s),
    waiting_s: num(raw.waiting_s),
    late: str(raw.late, 'zero'),
    tiebreaks: Array.isArray(tiebreaks) ? tiebreaks.map(String) : typeof tiebreaks === 'string' && tiebreaks ? tiebreaks.split(/[\s,]+/).filter(Boolean) : [],
    password: raw.password === true,
    max_players: num(raw.max_players),
    round: num(raw.round, paired.length),
    round_in_play: raw.round_in_play === true,
    next_round_ms: typeof raw.next_round_ms === 'number' ? raw.next_round_ms : null,
    players: arr<TournamentPlayer>(raw.players),
    paired,
    standings: arr<TournamentStanding>(raw.standings),
    me: me ? { entry: num(me.entry), withdrawn: me.withdrawn === true, game: typeof me.game === 'string' && me.game ? me.game : null } : null,
    now_ms: typeof raw.now_ms === 'number' ? raw.now_ms : null,
  };
}

// --- the creation form

// The forbidden pairs typed one a line, two user names apart ("alice bob", "alice, bob");
// blank lines are skipped. The first line that is not two names is named instead.
export function parseForbidden(text: string): { pairs: [string, string][] } | { line: number } {
  const pairs: [string, string][] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const names = (lines[i] ?? '').split(/[\s,;]+/).filter(Boolean);
    if (names.length === 0) continue;
    const [a, b] = names;
    if (names.length !== 2 || !a || !b) return { line: i + 1 };
    pairs.push([a, b]);
  }
  return { pairs };
}

// "Starts in" as the form asks for it (a number and a unit) in seconds; null when it is
// not a number of seconds from 0 to 30 days.
export function startsInSeconds(amount: string, unit: 's' | 'min' | 'h'): number | null {
  if (amount.trim() === '') return null;
  const n = Number(amount);
  if (!Number.isFinite(n) || n < 0) return null;
  const seconds = Math.round(n * (unit === 'h' ? 3600 : unit === 'min' ? 60 : 1));
  return seconds <= 30 * 86400 ? seconds : null;
}

// --- tie-breaks (C.07)

// "BH/C1" → {kind: "BH", modifiers: ["C1"]}; C.07 14.1 also prints "BH-C1".
export function splitTiebreak(code: string): { kind: string; modifiers: string[] } {
  const upper = code.trim().toUpperCase();
  const slash = upper.split('/');
  const head = slash[0] ?? '';
  const dash = /^([A-Z]+)-(C[12]|M[12]|P)$/.exec(head);
  const kind = dash ? (dash[1] ?? head) : head;
  const modifiers = [...(dash?.[2] ? [dash[2]] : []), ...slash.slice(1).filter(Boolean)];
  return { kind, modifiers };
}

// What a tie-break code means, for the column's title: "Buchholz, cut 1: the opponent
// with the lowest score left out". An unknown code is shown as it is.
export function tiebreakTitle(code: string): string {
  const { kind, modifiers } = splitTiebreak(code);
  if (!hasMessage(`tb.${kind}`)) return code;
  const parts = [t(`tb.${kind}`)];
  for (const m of modifiers) {
    const limit = /^L([+-])(\d+(?:\.\d+)?)$/.exec(m);
    if (limit) parts.push(t('tb.mod.L', { shift: `${limit[1]}${limit[2]}` }));
    else if (hasMessage(`tb.mod.${m}`)) parts.push(t(`tb.mod.${m}`));
    else parts.push(m);
  }
  return parts.join(', ');
}

// --- results

// A board's result for people: "½-½" for a draw, forfeits as the TRF and lichess write them.
export function boardResultText(result: string): string {
  if (result === '1/2-1/2') return '½-½';
  if (result === '*') return '…';
  return result;
}

// Why a board's result is what it is (its title), for the results that are not plain.
export function boardResultTitle(result: string): string {
  switch (result) {
    case '*':
      return t('tour.res.playing');
    case '+/-':
      return t('tour.res.whiteDefault');
    case '-/+':
      return t('tour.res.blackDefault');
    case '-/-':
      return t('tour.res.bothDefault');
    case '1-0':
      return t('tour.res.whiteWins');
    case '0-1':
      return t('tour.res.blackWins');
    case '1/2-1/2':
      return t('tour.res.draw');
    default:
      return result;
  }
}

// A TRF result code as a crosstable writes it: 1 ½ 0 for games, + and − for forfeits,
// and the byes by what they score.
export function trfResultText(code: string): string {
  switch (code) {
    case '1':
    case 'W':
    case 'U':
    case 'F':
      return '1';
    case '0':
    case 'L':
    case 'Z':
      return '0';
    case '=':
    case 'D':
    case 'H':
      return '½';
    case '+':
      return '+';
    case '-':
      return '−';
    default:
      return code;
  }
}

const TRF_CODES = new Set(['1', '0', '=', '+', '-', 'U', 'H', 'Z', 'F', 'W', 'D', 'L']);
const TRF_KEY: Record<string, string> = { '=': 'draw', '+': 'forfeitWin', '-': 'forfeitLoss' };

// The TRF code explained ("win", "win by default", "pairing-allocated bye", …).
export function trfResultTitle(code: string): string {
  if (!TRF_CODES.has(code)) return code;
  return t(`tour.code.${TRF_KEY[code] ?? code}`);
}

// Points as a table writes them: 2, 2.5 (2,5 in Russian).
export const pointsText = (points: number): string => formatNumber(points);

// --- the crosstable

export interface CrossCell {
  round: number;
  opponent: number; // entry, 0 for none
  opponentRank: number | null;
  opponentName: string | null;
  colour: 'w' | 'b' | '-';
  result: string; // the TRF code
  text: string; // "5w1", "3b½", "−" …
}

export interface CrossRow {
  rank: number;
  entry: number;
  name: string;
  rating: number | null;
  points: number;
  cells: CrossCell[];
}

// One row a player, in the order of the standings, one cell a round (1..rounds): the
// opponent's rank, the colour (the interface's letters) and the result.
export function crosstable(standings: TournamentStanding[], rounds: number): CrossRow[] {
  const byEntry = new Map(standings.map((s) => [s.entry, s]));
  const letter = (c: 'w' | 'b' | '-'): string => (c === '-' ? '' : t(`tour.colourLetter.${c}`));
  return standings.map((s) => {
    const cells: CrossCell[] = [];
    for (let r = 1; r <= rounds; r++) {
      const res = s.results.find((x) => x.round === r);
      if (!res) continue;
      const opp = res.opponent ? byEntry.get(res.opponent) : undefined;
      const score = trfResultText(res.result);
      cells.push({
        round: r,
        opponent: res.opponent,
        opponentRank: opp?.rank ?? null,
        opponentName: opp?.name ?? null,
        colour: res.colour,
        result: res.result,
        text: opp ? `${opp.rank}${letter(res.colour)}${score}` : score,
      });
    }
    return { rank: s.rank, entry: s.entry, name: s.name, rating: s.rating, points: s.points, cells };
  });
}

// A cell's title: "Round 2: win against Boris (White)".
export function crossCellTitle(cell: CrossCell): string {
  const what = trfResultTitle(cell.result);
  if (!cell.opponentName) return t('tour.cross.alone', { round: cell.round, result: what });
  return t('tour.cross.cell', { round: cell.round, result: what, opponent: cell.opponentName, colour: t(`tour.colour.${cell.colour === 'b' ? 'b' : 'w'}`) });
}

// --- time

// A countdown: "0:42", "12:05", "1:02:03", "3 d 4 h"; "0:00" once it has passed.
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return t('tour.days', { days, hours });
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}

// Where the event stands, for the line under its title.
export type Phase =
  | { kind: 'starts'; at: number } // round 1 is paired at `at`
  | { kind: 'next'; round: number; at: number } // the next round is paired at `at`
  | { kind: 'pairing'; round: number } // its time has come: being paired
  | { kind: 'playing'; round: number }
  | { kind: 'over' };

export function phase(e: Tournament, now: number): Phase {
  if (e.status === 'finished') return { kind: 'over' };
  if (e.round_in_play) return { kind: 'playing', round: e.round };
  const next = e.round + 1;
  const at = e.next_round_ms ?? (e.round === 0 ? e.starts_ms : null);
  if (at === null || at <= now) return { kind: 'pairing', round: next };
  return e.round === 0 ? { kind: 'starts', at } : { kind: 'next', round: next, at };
}

// The game a player's page should now open: his board's game when it is new since the
// page last looked (a round has just paired him), else null. `seen` is the game the page
// saw before (undefined: it has not looked yet, so nothing is new).
export function gameToFollow(seen: string | null | undefined, e: Tournament): string | null {
  const game = e.me && !e.me.withdrawn ? e.me.game : null;
  if (seen === undefined || !game || game === seen) return null;
  const board = e.paired.find((r) => r.number === e.round)?.boards.find((b) => b.game === game);
  return board && board.result !== '*' ? null : game;
}

// The rounds over (all their games ended): what the standings count. Before the first
// round is over the server's standings are every player at zero, not worth a table.
export const roundsOver = (e: Tournament): number => e.paired.filter((r) => r.finished_ms !== null).length;

// The name of an entry ("?" for one the view does not list).
export function entryName(e: Tournament, entry: number): string {
  return e.players.find((p) => p.entry === entry)?.name ?? e.standings.find((s) => s.entry === entry)?.name ?? '?';
}
