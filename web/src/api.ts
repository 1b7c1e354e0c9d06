// REST calls (docs/web-protocol.md §1) and the seat tokens kept in localStorage.
import { serverError, type ServerErrorBody } from './errors';
import type { GameState, RatingChange, Side } from './protocol';

export interface Preset {
  id: string;
  name: string;
  time_control: string;
  category: string;
}

export interface CreateRequest {
  time_control: string;
  variant: 'standard' | 'chess960';
  chess960?: number | null;
  color: Side | 'random';
  opponent: { type: 'friend' } | { type: 'computer'; level: number };
  name?: string;
  rated?: boolean; // issue #17: needs a logged-in account, a friend and standard chess
  fen?: string; // issue #17 item 8: the position to start from (never rated)
}

export interface SeatGrant {
  id?: string;
  seat: Side;
  token: string;
  invite?: string;
  game: GameState;
}

// A refused request: the HTTP status, the server's code, and what to show for it (in the
// reader's language, errors.ts).
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = (await res.json().catch(() => ({}))) as { error?: ServerErrorBody };
  if (!res.ok) throw new HttpError(res.status, serverError(data.error, res.status), data.error?.code ?? null);
  return data as T;
}

export const getPresets = (): Promise<{ presets: Preset[] }> => call('GET', '/api/presets');
export const createGame = (req: CreateRequest): Promise<SeatGrant> => call('POST', '/api/games', req);
// `invite`: the secret of the invitation link (its fragment); only it opens the seat.
export const joinGame = (id: string, name: string, invite: string): Promise<SeatGrant> =>
  call('POST', `/api/games/${id}/join`, { name, invite });
export const getGame = (id: string): Promise<GameState> => call('GET', `/api/games/${id}`);
export const getRatings = (id: string): Promise<{ ratings: RatingChange[] }> => call('GET', `/api/games/${id}/ratings`);
export const listGames = (status: 'ongoing' | 'recent'): Promise<{ games: Record<string, unknown>[] }> =>
  call('GET', `/api/games?status=${status}&limit=20`);

// Tokens per game id; one browser may hold both seats of a hot-seat game.
type TokenBook = Record<string, Partial<Record<Side, string>>>;
const KEY = 'arbiter.tokens';

function book(): TokenBook {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as TokenBook;
  } catch {
    return {};
  }
}

export function saveToken(gameId: string, seat: Side, token: string): void {
  const b = book();
  b[gameId] = { ...b[gameId], [seat]: token };
  localStorage.setItem(KEY, JSON.stringify(b));
}

export function tokensFor(gameId: string): Partial<Record<Side, string>> {
  return book()[gameId] ?? {};
}

// The invitation link of a friend game this browser created ("/g/ID#invite=SECRET").
const INVITES = 'arbiter.invites';

function invites(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(INVITES) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

export function saveInvite(gameId: string, link: string): void {
  localStorage.setItem(INVITES, JSON.stringify({ ...invites(), [gameId]: link }));
}

export function inviteFor(gameId: string): string | undefined {
  return invites()[gameId];
}

// The secret in this page's fragment ("#invite=SECRET"), if any.
export function inviteInLocation(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('invite');
}
