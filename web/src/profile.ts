// A player's page, /@/NAME (issue #17, docs/accounts.md "Profiles"): the ratings by category
// (provisional ones marked "?") and a chart of one category's history.
import { h } from './dom';
import { serverError, type ServerErrorBody } from './errors';
import { formatDate, t } from './i18n';
import { displayName, speedName } from './names';
import { showNotFound } from './not-found';

interface ProfileRating {
  speed: string;
  rating: number;
  deviation: number;
  games: number;
  provisional: boolean;
}

interface Profile {
  name: string;
  created_ms: number;
  ratings: ProfileRating[];
}

interface ArchiveGame {
  id: string;
  white: string;
  black: string;
  color: 'white' | 'black';
  opponent: string;
  result: string;
  outcome: string;
  termination: string;
  speed: string;
  time_control: string;
  rated: boolean;
  plies: number;
  ended_ms: number;
}

interface HistoryPoint {
  at_ms: number;
  rating: number;
  deviation: number;
}

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

// The history as a line: time across, rating up, the lowest and highest ratings and the
// first and last dates written on the axes. One game is a single dot.
export function ratingChart(points: HistoryPoint[], width = 600, height = 220): SVGElement {
  const pad = { left: 48, right: 12, top: 12, bottom: 28 };
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'rating-chart' });
  if (points.length === 0) return chart;
  const ratings = points.map((p) => p.rating);
  const low = Math.min(...ratings) - 20;
  const high = Math.max(...ratings) + 20;
  const first = points[0]?.at_ms ?? 0;
  const last = points[points.length - 1]?.at_ms ?? first;
  const span = Math.max(last - first, 1);
  const x = (i: number, at: number) => (points.length === 1 ? (pad.left + width - pad.right) / 2 : pad.left + ((at - first) / span) * (width - pad.left - pad.right));
  const y = (r: number) => pad.top + ((high - r) / (high - low)) * (height - pad.top - pad.bottom);
  chart.append(
    svg('line', { x1: pad.left, y1: height - pad.bottom, x2: width - pad.right, y2: height - pad.bottom, class: 'axis' }),
    svg('line', { x1: pad.left, y1: pad.top, x2: pad.left, y2: height - pad.bottom, class: 'axis' }),
    svg('text', { x: pad.left - 6, y: y(Math.max(...ratings)) + 4, 'text-anchor': 'end' }, String(Math.max(...ratings))),
    svg('text', { x: pad.left - 6, y: y(Math.min(...ratings)) + 4, 'text-anchor': 'end' }, String(Math.min(...ratings))),
    svg('text', { x: pad.left, y: height - 8 }, formatDate(first)),
    svg('text', { x: width - pad.right, y: height - 8, 'text-anchor': 'end' }, formatDate(last)),
  );
  const coords = points.map((p, i) => `${x(i, p.at_ms).toFixed(1)},${y(p.rating).toFixed(1)}`);
  if (points.length > 1) chart.append(svg('polyline', { points: coords.join(' '), class: 'line' }));
  for (const c of coords) {
    const [cx, cy] = c.split(',');
    chart.append(svg('circle', { cx: cx ?? 0, cy: cy ?? 0, r: 3, class: 'dot' }));
  }
  chart.setAttribute('aria-label', t('profile.chartAria', { count: points.length, from: String(ratings[0]), to: String(ratings[ratings.length - 1]) }));
  return chart;
}

// The player's games (issue #17 item 4): filtered by opponent, result, category and date,
// newest first, a page at a time; the same selection as one PGN file.
function archiveSection(player: string): HTMLElement {
  const result = h(
    'select#archive-result',
    { 'aria-label': t('profile.result') },
    h('option', { value: '' }, t('profile.anyResult')),
    h('option', { value: 'win' }, t('profile.wins')),
    h('option', { value: 'loss' }, t('profile.losses')),
    h('option', { value: 'draw' }, t('profile.draws')),
  );
  const speed = h(
    'select#archive-speed',
    { 'aria-label': t('profile.category') },
    h('option', { value: '' }, t('profile.anyCategory')),
    ...['bullet', 'blitz', 'rapid', 'classical', 'correspondence'].map((s) => h('option', { value: s }, speedName(s))),
  );
  const vs = h('input#archive-vs', { type: 'text', maxlength: 20, placeholder: t('profile.opponent'), 'aria-label': t('profile.opponent') });
  const since = h('input#archive-since', { type: 'date', 'aria-label': t('profile.since') });
  const list = h('ul#archive.game-list', { 'aria-label': t('profile.games') });
  const more = h('button#archive-more', { type: 'button', hidden: true }, t('profile.more'));
  const download = h('a#archive-pgn.button', { href: '#', download: '' }, t('profile.pgn'));
  const message = h('p#archive-message.message', { role: 'status' });
  let before: number | null = null;
  const query = (): string => {
    const q = new URLSearchParams();
    if (result.value) q.set('result', result.value);
    if (speed.value) q.set('speed', speed.value);
    if (vs.value.trim()) q.set('vs', vs.value.trim());
    if (since.value) q.set('since', String(Date.parse(`${since.value}T00:00:00Z`)));
    return q.toString();
  };
  const load = async (fresh: boolean): Promise<void> => {
    if (fresh) {
      before = null;
      list.replaceChildren();
    }
    const q = query();
    download.setAttribute('href', `/api/users/${encodeURIComponent(player)}/games.pgn${q ? `?${q}` : ''}`);
    const page = before === null ? q : `${q}${q ? '&' : ''}before=${before}`;
    const res = await fetch(`/api/users/${encodeURIComponent(player)}/games${page ? `?${page}` : ''}`);
    const data = (await res.json().catch(() => ({}))) as { games?: ArchiveGame[]; next_before?: number | null; error?: ServerErrorBody };
    if (!res.ok) {
      message.textContent = serverError(data.error, res.status);
      return;
    }
    message.textContent = fresh && (data.games ?? []).length === 0 ? t('profile.noGames') : '';
    for (const g of data.games ?? []) {
      const result = g.result === '1/2-1/2' ? '½-½' : g.result;
      list.append(
        h(
          'li',
          { 'data-outcome': g.outcome, 'data-speed': g.speed },
          h('a', { href: `/g/${g.id}` }, `${displayName(g.white)} – ${displayName(g.black)} ${result}`),
          t('profile.line', { kind: g.rated ? t('profile.rated') : t('profile.casual'), speed: speedName(g.speed), date: formatDate(g.ended_ms) }),
        ),
      );
    }
    before = data.next_before ?? null;
    more.hidden = before === null;
  };
  for (const control of [result, speed, since]) control.addEventListener('change', () => void load(true));
  vs.addEventListener('change', () => void load(true));
  more.addEventListener('click', () => void load(false));
  void load(true);
  return h('section.archive', {}, h('h2', {}, t('profile.games')), h('div.row.filters', {}, result, speed, vs, since, download), message, list, more);
}

export async function showProfile(root: HTMLElement, name: string): Promise<void> {
  const res = await fetch(`/api/users/${encodeURIComponent(name)}`);
  if (res.status === 404) return showNotFound(root);
  const profile = (await res.json()) as Profile;
  document.title = t('profile.title', { name: profile.name });
  const chartBox = h('div#rating-chart-box.chart-box');
  const table = h(
    'table#ratings.ratings',
    {},
    h('thead', {}, h('tr', {}, h('th', {}, t('profile.category')), h('th', {}, t('profile.rating')), h('th', {}, t('profile.games')))),
    h(
      'tbody',
      {},
      ...profile.ratings.map((r) =>
        h(
          'tr',
          { 'data-speed': r.speed },
          h('td', {}, h('button.link.speed', { type: 'button', onclick: () => void showChart(r.speed) }, speedName(r.speed))),
          h('td.rating', {}, `${r.rating}${r.provisional ? '?' : ''}`),
          h('td', {}, String(r.games)),
        ),
      ),
    ),
  );
  const showChart = async (speed: string): Promise<void> => {
    const data = (await (await fetch(`/api/users/${encodeURIComponent(profile.name)}/history?speed=${speed}`)).json()) as { points: HistoryPoint[] };
    const title = t('profile.ratingOf', { speed: speedName(speed) });
    chartBox.replaceChildren(h('h2', {}, `${title.charAt(0).toLocaleUpperCase()}${title.slice(1)}`), ratingChart(data.points));
  };
  root.replaceChildren(
    h(
      'main.profile',
      {},
      h('h1', {}, profile.name),
      h('p', {}, t('account.memberSince', { date: formatDate(profile.created_ms) })),
      profile.ratings.length ? table : h('p#no-ratings', {}, t('profile.noRatings')),
      chartBox,
      archiveSection(profile.name),
    ),
  );
  // The category with the most games first.
  const most = [...profile.ratings].sort((a, b) => b.games - a.games)[0];
  if (most) await showChart(most.speed);
}
