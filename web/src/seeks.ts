// The lobby's open challenges (issue #17 item 3, docs/lobby.md, web-protocol.md §1.7):
// quick pairing by preset, the seeks anyone may take with one click, challenges to this
// player with Accept and Decline, and the correspondence games where it is this player's
// move. The lobby is polled every few seconds; a page waiting on its own seek keeps it alive
// (keepSeek) and follows a pool's pairing to the partner's game.
import { currentAccount } from './account';
import { joinGame, type Preset, type SeatGrant, saveToken } from './api';
import { h } from './dom';
import { serverError, type ServerErrorBody } from './errors';
import { formatDate, hasMessage, t } from './i18n';
import { speedName } from './names';
import type { GameState, Side } from './protocol';

export interface SeekView {
  id: string;
  owner: string;
  rating: number; // 0: an anonymous owner
  provisional: boolean;
  time_control: string;
  speed: string;
  variant: 'standard' | 'chess960';
  color: Side | 'random';
  rated: boolean;
  rating_min: number;
  rating_max: number;
  challenge: string | null; // the player challenged
  mine: boolean;
  created_ms: number;
}

export interface LobbyView {
  seeks: SeekView[];
  pools: { preset: string; waiting: number }[];
  your_turn: { game: string; opponent: string; deadline_ms: number }[];
}

// What posting a seek (or waiting in a pool) answers: the game with this page's seat, and
// the seek's key that keeps it alive or cancels it.
interface SeekCreated {
  status: 'waiting';
  id: string;
  seat: Side;
  token: string;
  seek: { id: string; key: string };
  game: GameState;
}
interface SeekMatched {
  status: 'matched';
  game: string;
  invite: string;
}

export interface SeekRequest {
  time_control: string;
  variant: 'standard' | 'chess960';
  chess960?: number | null;
  color: Side | 'random';
  rated?: boolean;
  name?: string;
  rating_min?: number;
  rating_max?: number;
  rating_delta?: number; // a range of ± this around the owner's rating
  challenge?: string;
}

export class LobbyError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

async function send<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  // With a session the server wants its CSRF token; without one, any value.
  if (method === 'POST') headers['x-csrf-token'] = currentAccount()?.csrf ?? 'none';
  const res = await fetch(url, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as { error?: ServerErrorBody };
  if (!res.ok) throw new LobbyError(res.status, serverError(data.error, res.status), data.error?.code ?? null);
  return data as T;
}

export const getLobby = (): Promise<LobbyView> => send('GET', '/api/lobby');

// The seeks this browser posted, by game id: the page of that game keeps them alive.
const SEEKS_KEY = 'arbiter.seeks';
type SeekBook = Record<string, { id: string; key: string }>;
function seekBook(): SeekBook {
  try {
    return JSON.parse(sessionStorage.getItem(SEEKS_KEY) ?? '{}') as SeekBook;
  } catch {
    return {};
  }
}
function rememberSeek(gameId: string, seek: { id: string; key: string } | null): void {
  const book = seekBook();
  if (seek) book[gameId] = seek;
  else delete book[gameId];
  sessionStorage.setItem(SEEKS_KEY, JSON.stringify(book));
}
export function seekOfGame(gameId: string): { id: string; key: string } | undefined {
  return seekBook()[gameId];
}
// The game of a seek this browser posted.
function ownGame(seekId: string): string | undefined {
  return Object.entries(seekBook()).find(([, v]) => v.id === seekId)?.[0];
}
function mySeekIds(): Set<string> {
  return new Set(Object.values(seekBook()).map((s) => s.id));
}

// Seated in a game: its token kept, the page opened.
function enter(id: string, seat: Side, token: string): void {
  saveToken(id, seat, token);
  location.assign(`/g/${id}`);
}

async function joinMatched(m: SeekMatched, name: string): Promise<void> {
  const grant: SeatGrant = await joinGame(m.game, name, m.invite);
  enter(m.game, grant.seat, grant.token);
}

function afterPost(r: SeekCreated | SeekMatched, name: string): Promise<void> {
  if (r.status === 'matched') return joinMatched(r, name);
  rememberSeek(r.id, r.seek);
  enter(r.id, r.seat, r.token);
  return Promise.resolve();
}

// Posts a seek (an open challenge, or one to a named player) and opens its game to wait.
export async function postSeek(req: SeekRequest): Promise<void> {
  const r = await send<SeekCreated>('POST', '/api/lobby/seeks', req);
  await afterPost(r, req.name ?? '');
}

// Quick pairing: the closest player waiting for this preset, or a wait for one.
export async function joinPool(preset: string, name: string): Promise<void> {
  const r = await send<SeekCreated | SeekMatched>('POST', '/api/lobby/pool', { preset, name: name || undefined });
  await afterPost(r, name);
}

export async function acceptSeek(seek: string, name: string): Promise<void> {
  const m = await send<SeekMatched>('POST', `/api/lobby/seeks/${seek}/accept`, {});
  await joinMatched(m, name);
}

// On the page of a game waiting for its seek's taker: keeps the seek in the lobby every
// 10 s; a pool's seek may be paired here with a partner's game, which the page then joins.
// Returns a function that stops it (and, with `cancel`, withdraws the seek).
export function keepSeek(gameId: string, name: string): (cancel?: boolean) => void {
  const seek = seekOfGame(gameId);
  if (!seek) return () => undefined;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    send<{ status: string } | SeekMatched>('POST', `/api/lobby/seeks/${seek.id}/keep`, { key: seek.key })
      .then((r) => {
        if (r.status === 'matched') {
          stopped = true;
          rememberSeek(gameId, null);
          return joinMatched(r as SeekMatched, name);
        }
        return undefined;
      })
      .catch((err: unknown) => {
        // Gone: taken (the opponent is joining this game) or expired.
        if (err instanceof LobbyError && err.status === 404) {
          stopped = true;
          rememberSeek(gameId, null);
        }
      });
  };
  tick();
  const timer = setInterval(tick, 10_000);
  return (cancel = false) => {
    stopped = true;
    clearInterval(timer);
    if (cancel) {
      rememberSeek(gameId, null);
      void send('POST', `/api/lobby/seeks/${seek.id}/cancel`, { key: seek.key }).catch(() => undefined);
    }
  };
}

// "3+2", "3 days a move" (correspondence is the delay of `0dSECONDS`).
export function describeControl(tc: string): string {
  const days = /^0d(\d+)$/.exec(tc);
  if (days && Number(days[1]) % 86400 === 0) return t('seeks.daysPerMove', { count: Number(days[1]) / 86400 });
  const simple = /^(\d+)(?:\+(\d+))?$/.exec(tc);
  if (simple) {
    const minutes = Number(simple[1]) / 60;
    return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}+${simple[2] ?? '0'}`;
  }
  return tc;
}

function ratingText(s: SeekView): string {
  if (s.rating === 0) return '';
  return `${s.rating}${s.provisional ? '?' : ''}`;
}

function rangeText(s: SeekView): string {
  if (s.rating_min === 0 && s.rating_max === 0) return '';
  return t('seeks.range', { min: s.rating_min, max: s.rating_max });
}

// The lobby's part: rendered into `root`, refreshed every 3 s until the page changes.
// `nameOf` gives the anonymous player's chosen name.
export function showSeeks(root: HTMLElement, presets: Preset[], nameOf: () => string): void {
  const status = h('p.message', { role: 'alert' });
  const fail = (err: unknown): void => {
    status.textContent = err instanceof Error ? err.message : String(err);
  };
  const pools = h('div.pools', { role: 'group', 'aria-label': t('seeks.quickPairing') });
  const waiting = new Map<string, HTMLElement>();
  for (const p of presets) {
    const count = h('small.waiting', {});
    waiting.set(p.id, count);
    pools.append(
      h(
        'button.pool',
        { type: 'button', 'data-pool': p.id, onclick: () => joinPool(p.id, nameOf()).catch(fail) },
        /^\d+(\+\d+)?$/.test(p.time_control)
          ? h('strong', {}, describeControl(p.time_control))
          : h('strong.long', {}, hasMessage(`preset.${p.id}`) ? t(`preset.${p.id}`) : p.name),
        h('small', {}, speedName(p.category)),
        count,
      ),
    );
  }
  const challenges = h('ul.challenges', { 'aria-live': 'polite', 'aria-label': t('seeks.challenges') });
  const turns = h('ul.your-turn', { 'aria-label': t('seeks.yourTurn') });
  const tbody = h('tbody', {});
  const table = h(
    'table.seeks',
    { 'aria-label': t('seeks.open') },
    h('thead', {}, h('tr', {}, ...['seeks.player', 'seeks.rating', 'seeks.time', 'seeks.mode', 'seeks.color', ''].map((k) => h('th', { scope: 'col' }, k ? t(k) : '')))),
    tbody,
  );
  const empty = h('p.empty', {}, t('seeks.none'));
  const turnTitle = h('h2', { hidden: true }, t('seeks.yourTurn'));
  const challengeTitle = h('h2', { hidden: true }, t('seeks.challenges'));
  root.replaceChildren(
    h('h2', {}, t('seeks.quickPairing')),
    pools,
    turnTitle,
    turns,
    challengeTitle,
    challenges,
    h('h2', {}, t('seeks.open')),
    table,
    empty,
    status,
  );
  const baseTitle = document.title;
  const me = currentAccount()?.name.toLowerCase();
  const render = (view: LobbyView): void => {
    for (const p of view.pools) {
      const el = waiting.get(p.preset);
      if (el) el.textContent = p.waiting > 0 ? t('seeks.waiting', { count: p.waiting }) : '';
    }
    turns.replaceChildren(
      ...view.your_turn.map((g) =>
        h('li', {}, h('a', { href: `/g/${g.game}` }, t('seeks.moveAgainst', { name: g.opponent })), g.deadline_ms ? h('small', {}, ` ${t('seeks.due', { date: formatDate(g.deadline_ms) })}`) : null),
      ),
    );
    turnTitle.hidden = view.your_turn.length === 0;
    const mine = mySeekIds();
    const toMe = view.seeks.filter((s) => s.challenge !== null && !s.mine && s.challenge.toLowerCase() === me);
    challenges.replaceChildren(
      ...toMe.map((s) =>
        h(
          'li.challenge',
          { 'data-seek': s.id },
          h('span', {}, t('seeks.challengesYou', { name: s.owner, control: describeControl(s.time_control), mode: t(s.rated ? 'seeks.rated' : 'seeks.casual') })),
          h('button.primary', { type: 'button', onclick: () => acceptSeek(s.id, nameOf()).catch(fail) }, t('seeks.accept')),
          h('button', { type: 'button', onclick: () => send('POST', `/api/lobby/seeks/${s.id}/decline`, {}).then(refresh, fail) }, t('seeks.decline')),
        ),
      ),
    );
    challengeTitle.hidden = toMe.length === 0;
    const listed = view.seeks.filter((s) => !toMe.includes(s));
    tbody.replaceChildren(
      ...listed.map((s) => {
        const own = s.mine || mine.has(s.id);
        return h(
          'tr',
          { 'data-seek': s.id, class: own ? 'mine' : '' },
          h('td', {}, s.owner, s.challenge ? h('small', {}, ` → ${s.challenge}`) : null),
          h('td', {}, ratingText(s), h('small', {}, ` ${rangeText(s)}`)),
          h('td', {}, describeControl(s.time_control), h('small', {}, ` ${speedName(s.speed)}`), s.variant === 'chess960' ? h('small', {}, ' 960') : null),
          h('td', {}, t(s.rated ? 'seeks.rated' : 'seeks.casual')),
          h('td', {}, t(`seeks.color.${s.color}`)),
          h(
            'td',
            {},
            own
              ? ownGame(s.id)
                ? h('a', { href: `/g/${ownGame(s.id) ?? ''}` }, t('seeks.yours'))
                : h('span', {}, t('seeks.yours'))
              : h('button.accept', { type: 'button', onclick: () => acceptSeek(s.id, nameOf()).catch(fail) }, t('seeks.accept')),
          ),
        );
      }),
    );
    empty.hidden = listed.length > 0;
    const count = view.your_turn.length + toMe.length;
    document.title = count > 0 ? `(${count}) ${baseTitle}` : baseTitle;
  };
  let timer = 0;
  function refresh(): void {
    if (!root.isConnected) {
      clearInterval(timer);
      document.title = baseTitle;
      return;
    }
    getLobby().then(render, () => undefined);
  }
  refresh();
  timer = window.setInterval(refresh, 3000);
}
