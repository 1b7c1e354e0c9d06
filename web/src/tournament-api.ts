// The REST routes of the server-run tournaments (issue #18 item 1, docs/events.md "REST";
// the server: src/arbiter/server/tournament_service.cpp), the Swiss's and the arenas' (item 2).
// Every change carries the session's CSRF token (docs/accounts.md); a refusal becomes a
// TournamentError with the server's code and field and the sentence to show (errors.ts).
import { currentAccount } from './account';
import { serverError, type ServerErrorBody } from './errors';
import { readArena, type Arena } from './arena-model';
import { hasMessage, t } from './i18n';
import { readTournament, type Tournament, type TournamentStatus, type TournamentSummary } from './tournament-model';

export interface CreateTournament {
  name: string;
  time_control: string;
  rounds: number;
  rated: boolean;
  starts_in_s: number;
  interval_s: number;
  waiting_s: number;
  late: 'zero' | 'half';
  tiebreaks?: string;
  password?: string;
  max_players: number;
  forbidden?: [string, string][];
}

// An arena: a duration instead of rounds; no pause between rounds, late entries,
// tie-breaks or forbidden pairs (lichess's arena, not a FIDE system).
export interface CreateArena {
  kind: 'arena';
  name: string;
  time_control: string;
  minutes: number;
  rated: boolean;
  starts_in_s: number;
  waiting_s: number;
  password?: string;
  max_players: number;
}

export class TournamentError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly field: string | null,
  ) {
    super(message);
  }
}

type Action = 'create' | 'join' | 'withdraw' | 'read' | 'arenaJoin' | 'pause';

// A refusal in the reader's language: the tournament's own sentences by action and field
// (tour.refusal.*; an arena's own first, arena.refusal.*), else the shared table of errors.ts.
function refusal(action: Action, error: ServerErrorBody | undefined, status: number): string {
  const field = error?.field ?? '';
  const noAccount = /^no account is named (.+)$/.exec(error?.message ?? '');
  if (action === 'create' && field === 'forbidden' && noAccount?.[1]) return t('tour.refusal.noAccount', { name: noAccount[1] });
  const keys =
    action === 'arenaJoin'
      ? [`arena.refusal.join.${field}`, `tour.refusal.join.${field}`]
      : action === 'pause'
        ? [`arena.refusal.pause.${field}`]
        : [`tour.refusal.${action}.${field}`];
  const key = field ? keys.find((k) => hasMessage(k)) : undefined;
  return key ? t(key) : serverError(error, status);
}

async function send<T>(method: 'GET' | 'POST', url: string, body?: unknown, action: Action = 'read'): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['x-csrf-token'] = currentAccount()?.csrf ?? 'none';
  const res = await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as { error?: ServerErrorBody };
  if (!res.ok) throw new TournamentError(res.status, refusal(action, data.error, res.status), data.error?.code ?? null, data.error?.field ?? null);
  return data as T;
}

export const listTournaments = (status: TournamentStatus): Promise<{ tournaments: TournamentSummary[] }> =>
  send('GET', `/api/tournaments?status=${status}`);

export const createTournament = (req: CreateTournament | CreateArena): Promise<{ id: string }> => send('POST', '/api/tournaments', req, 'create');

const readEvent = (id: string): Promise<Record<string, unknown>> => send<Record<string, unknown>>('GET', `/api/tournaments/${encodeURIComponent(id)}`);

export async function getTournament(id: string): Promise<Tournament> {
  return readTournament(await readEvent(id));
}

// An event of either kind, by what the server says it is.
export type AnyEvent = { kind: 'swiss'; swiss: Tournament } | { kind: 'arena'; arena: Arena };

export async function getEvent(id: string): Promise<AnyEvent> {
  const raw = await readEvent(id);
  return raw.kind === 'arena' ? { kind: 'arena', arena: readArena(raw) } : { kind: 'swiss', swiss: readTournament(raw) };
}

export async function getArena(id: string): Promise<Arena> {
  return readArena(await readEvent(id));
}

export const joinTournament = (id: string, password: string): Promise<{ entry: number }> =>
  send('POST', `/api/tournaments/${encodeURIComponent(id)}/join`, password ? { password } : {}, 'join');

export const joinArena = (id: string, password: string): Promise<{ entry: number }> =>
  send('POST', `/api/tournaments/${encodeURIComponent(id)}/join`, password ? { password } : {}, 'arenaJoin');

// An arena's player stops being paired (his game in play goes on) until he joins again.
export const pauseArena = (id: string): Promise<Record<string, never>> => send('POST', `/api/tournaments/${encodeURIComponent(id)}/pause`, {}, 'pause');

export const withdrawFromTournament = (id: string): Promise<Record<string, never>> =>
  send('POST', `/api/tournaments/${encodeURIComponent(id)}/withdraw`, {}, 'withdraw');

export const trfUrl = (id: string): string => `/api/tournaments/${encodeURIComponent(id)}/trf`;
