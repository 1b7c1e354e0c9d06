// The REST routes of the server-run tournaments (issue #18 item 1, docs/events.md "REST";
// the server: src/arbiter/server/tournament_service.cpp).
// Every change carries the session's CSRF token (docs/accounts.md); a refusal becomes a
// TournamentError with the server's code and field and the sentence to show (errors.ts).
import { currentAccount } from './account';
import { serverError, type ServerErrorBody } from './errors';
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

type Action = 'create' | 'join' | 'withdraw' | 'read';

// A refusal in the reader's language: the tournament's own sentences by action and field
// (tour.refusal.*), else the shared table of errors.ts.
function refusal(action: Action, error: ServerErrorBody | undefined, status: number): string {
  const field = error?.field ?? '';
  const noAccount = /^no account is named (.+)$/.exec(error?.message ?? '');
  if (action === 'create' && field === 'forbidden' && noAccount?.[1]) return t('tour.refusal.noAccount', { name: noAccount[1] });
  if (field && hasMessage(`tour.refusal.${action}.${field}`)) return t(`tour.refusal.${action}.${field}`);
  return serverError(error, status);
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

export const createTournament = (req: CreateTournament): Promise<{ id: string }> => send('POST', '/api/tournaments', req, 'create');

export async function getTournament(id: string): Promise<Tournament> {
  return readTournament(await send<Record<string, unknown>>('GET', `/api/tournaments/${encodeURIComponent(id)}`));
}

export const joinTournament = (id: string, password: string): Promise<{ entry: number }> =>
  send('POST', `/api/tournaments/${encodeURIComponent(id)}/join`, password ? { password } : {}, 'join');

export const withdrawFromTournament = (id: string): Promise<Record<string, never>> =>
  send('POST', `/api/tournaments/${encodeURIComponent(id)}/withdraw`, {}, 'withdraw');

export const trfUrl = (id: string): string => `/api/tournaments/${encodeURIComponent(id)}/trf`;
