// /tournaments (issue #18 items 1, 2): the server's tournaments, Swiss and arenas, by status
// (starting soon, in progress, finished) and the form that creates one of either kind; and
// the header's link to here.
import { currentAccount } from './account';
import { getPresets, type Preset } from './api';
import { arenaMinutes } from './arena-model';
import { h } from './dom';
import { formatDate, formatTime, hasMessage, t } from './i18n';
import { TIME_CONTROL } from './lobby';
import { speedName } from './names';
import { createTournament, listTournaments, TournamentError, type CreateArena, type CreateTournament } from './tournament-api';
import { parseForbidden, startsInSeconds, STATUSES, type TournamentStatus, type TournamentSummary } from './tournament-model';

// The site's navigation in the header, next to the brand (the lobby) and the account
// corner (the player's own pages): the tournaments.
export function addSiteNav(): void {
  const header = document.querySelector('header.top');
  if (!header || header.querySelector('nav.site-nav')) return;
  const here = location.pathname.startsWith('/tournament');
  const nav = h(
    'nav.site-nav',
    { 'aria-label': t('nav.label') },
    h('a#nav-tournaments', { href: '/tournaments', 'aria-current': here ? 'page' : undefined }, t('nav.tournaments')),
  );
  const brand = header.querySelector('.brand');
  if (brand) brand.after(nav);
  else header.prepend(nav);
}

const presetName = (p: Preset): string => (hasMessage(`preset.${p.id}`) ? t(`preset.${p.id}`) : p.name);

// When an event starts, as a list shows it: the time today, else the date and the time.
function startsText(ms: number): string {
  const at = new Date(ms);
  const sameDay = at.toDateString() === new Date().toDateString();
  return sameDay ? formatTime(at) : `${formatDate(ms)} ${formatTime(at)}`;
}

// An event's length: a Swiss's rounds (the round in play while it runs), an arena's
// minutes (and its end while it runs).
function lengthText(e: TournamentSummary): string {
  if (e.kind !== 'arena') return e.status === 'running' ? t('tour.roundOf', { round: e.round, rounds: e.rounds }) : String(e.rounds);
  const minutes = t('arena.minutes', { count: e.minutes ?? 0 });
  return e.status === 'running' && e.ends_ms !== undefined ? `${minutes}, ${t('arena.endsAtShort', { time: formatTime(new Date(e.ends_ms)) })}` : minutes;
}

function listRow(e: TournamentSummary): HTMLElement {
  const arena = e.kind === 'arena';
  const facts = [arena ? t('arena.kind') : t('tour.swiss'), e.rated ? t('tour.rated') : t('tour.casual'), ...(e.password ? [t('tour.locked')] : [])];
  return h(
    'tr',
    { 'data-id': e.id, 'data-status': e.status, 'data-kind': arena ? 'arena' : 'swiss' },
    h('td', {}, h('a.tour-name', { href: `/tournament/${e.id}` }, e.name), h('small', {}, ` ${facts.join(' · ')}`)),
    h('td', {}, e.time_control),
    h('td.length', {}, lengthText(e)),
    h('td', {}, String(e.players)),
    h('td', {}, startsText(e.starts_ms)),
  );
}

function listSection(): HTMLElement {
  const tabs = h('div.tour-tabs', { role: 'tablist', 'aria-label': t('tour.heading') });
  const body = h('tbody');
  const empty = h('p#tour-empty.empty', { hidden: true }, t('tour.none'));
  const table = h(
    'table#tour-list.tour-table',
    {},
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, t('tour.col.name')), h('th', {}, t('tour.col.timeControl')), h('th', {}, t('tour.col.rounds')), h('th', {}, t('tour.col.players')), h('th', {}, t('tour.col.starts'))),
    ),
    body,
  );
  const panel = h('div.tour-panel', { role: 'tabpanel', id: 'tour-panel' }, h('div.tour-scroll', {}, table), empty);
  let shown: TournamentStatus = 'created';
  const buttons = STATUSES.map((status) =>
    h('button.tour-tab', { type: 'button', role: 'tab', id: `tour-tab-${status}`, 'data-status': status, 'aria-controls': 'tour-panel', onclick: () => void load(status) }, t(`tour.tab.${status}`)),
  );
  tabs.append(...buttons);
  const load = async (status: TournamentStatus): Promise<void> => {
    shown = status;
    for (const b of buttons) b.setAttribute('aria-selected', String(b.dataset.status === status));
    panel.setAttribute('aria-labelledby', `tour-tab-${status}`);
    const list = await listTournaments(status).catch(() => null);
    if (shown !== status) return;
    const items = list?.tournaments ?? [];
    body.replaceChildren(...items.map(listRow));
    table.hidden = items.length === 0;
    empty.hidden = items.length !== 0;
  };
  void load('created');
  // The lists change as events start and end.
  const timer = window.setInterval(() => {
    if (!document.body.contains(panel)) window.clearInterval(timer);
    else if (!document.hidden) void load(shown);
  }, 10_000);
  return h('section.tour-lists', {}, tabs, panel);
}

// A labelled field of the form: the label, the control, and help under it.
function field(label: string, control: HTMLElement, help?: string): HTMLElement {
  return h('div.tour-field', {}, h('label', { for: control.id }, label), control, help ? h('small.help', { id: `${control.id}-help` }, help) : null);
}

// Which field a server's refusal is about (its `field`), as the form's control.
const FIELD_IDS: Record<string, string> = {
  name: 'tf-name',
  time_control: 'tf-tc',
  rounds: 'tf-rounds',
  minutes: 'tf-minutes',
  kind: 'tf-kind-swiss',
  starts_in_s: 'tf-starts',
  interval_s: 'tf-interval',
  waiting_s: 'tf-waiting',
  late: 'tf-late',
  tiebreaks: 'tf-tiebreaks',
  password: 'tf-password',
  max_players: 'tf-max',
  forbidden: 'tf-forbidden',
};

function createForm(presets: Preset[]): HTMLElement {
  const account = currentAccount();
  if (!account) {
    return h(
      'section.tour-create',
      {},
      h('h2', {}, t('tour.create')),
      h('p', {}, h('a#tour-signin', { href: `/login?next=${encodeURIComponent('/tournaments')}` }, t('tour.signInToCreate'))),
    );
  }
  const name = h('input#tf-name', { type: 'text', maxlength: 160, required: true, placeholder: t('tour.f.namePlaceholder') });
  const tc = h(
    'select#tf-tc',
    {},
    ...presets.map((p) => h('option', { value: p.id, selected: p.id === 'blitz' }, `${presetName(p)} (${p.time_control}, ${speedName(p.category)})`)),
    h('option', { value: 'custom' }, t('lobby.custom')),
  );
  const custom = h('input#tf-tc-custom', { type: 'text', placeholder: t('lobby.customPlaceholder'), 'aria-label': t('tour.f.customTc'), hidden: true });
  tc.addEventListener('change', () => {
    custom.hidden = tc.value !== 'custom';
    if (!custom.hidden) custom.focus();
  });
  // The kind: a Swiss (rounds, FIDE) or an arena (a duration, lichess's scoring).
  const swissKind = h('input#tf-kind-swiss', { type: 'radio', name: 'tf-kind', value: 'swiss', checked: true });
  const arenaKind = h('input#tf-kind-arena', { type: 'radio', name: 'tf-kind', value: 'arena' });
  const kindHelp = h('small#tf-kind-help.help');
  const kind = h(
    'fieldset#tf-kind.tour-field.tour-kind',
    { 'aria-describedby': 'tf-kind-help' },
    h('legend', {}, t('tour.f.kind')),
    h('div.row', {}, h('label.choice', { for: 'tf-kind-swiss' }, swissKind, ` ${t('tour.swissKind')}`), h('label.choice', { for: 'tf-kind-arena' }, arenaKind, ` ${t('arena.kind')}`)),
    kindHelp,
  );
  const rounds = h('input#tf-rounds', { type: 'number', min: 1, max: 50, value: '5', required: true });
  const minutes = h('input#tf-minutes', { type: 'number', min: 1, max: 720, value: '60', required: true });
  const rated = h('input#tf-rated', { type: 'checkbox' });
  const startsIn = h('input#tf-starts', { type: 'number', min: 0, step: 'any', value: '5', required: true });
  const unit = h(
    'select#tf-starts-unit',
    { 'aria-label': t('tour.f.unit') },
    h('option', { value: 's' }, t('tour.unit.s')),
    h('option', { value: 'min', selected: true }, t('tour.unit.min')),
    h('option', { value: 'h' }, t('tour.unit.h')),
  );
  const interval = h('input#tf-interval', { type: 'number', min: 0, max: 86400, value: '10', required: true });
  const waiting = h('input#tf-waiting', { type: 'number', min: 5, max: 86400, value: '60', required: true });
  const late = h('select#tf-late', {}, h('option', { value: 'zero' }, t('tour.late.zero')), h('option', { value: 'half' }, t('tour.late.half')));
  const tiebreaks = h('input#tf-tiebreaks', { type: 'text', maxlength: 200, placeholder: 'BH/C1,BH,SB,DE', autocomplete: 'off', spellcheck: 'false' });
  const password = h('input#tf-password', { type: 'text', maxlength: 128, autocomplete: 'off' });
  const max = h('input#tf-max', { type: 'number', min: 0, max: 9999, value: '0' });
  const forbidden = h('textarea#tf-forbidden', { rows: 3, placeholder: 'alice bob', spellcheck: 'false' });
  const error = h('p#tf-error.message', { role: 'alert' });
  const submit = h<'button'>('button#tf-submit.primary', { type: 'submit' }, t('tour.f.submit'));
  const heading = h('h2#tf-heading', {}, t('tour.create'));
  // The fields of one kind only, shown for it; the default time's help says whose game.
  const roundsField = field(t('tour.f.rounds'), rounds);
  const intervalField = field(t('tour.f.interval'), interval, t('tour.f.intervalHelp'));
  const lateField = field(t('tour.f.late'), late, t('tour.f.lateHelp'));
  const tiebreaksField = field(t('tour.f.tiebreaks'), tiebreaks, t('tour.f.tiebreaksHelp'));
  const forbiddenField = field(t('tour.f.forbidden'), forbidden, t('tour.f.forbiddenHelp'));
  const minutesField = field(t('arena.f.minutes'), minutes, t('arena.f.minutesHelp'));
  const swissOnly = [roundsField, intervalField, lateField, tiebreaksField, forbiddenField];
  const arenaOnly = [minutesField];
  const waitingHelp = h('small#tf-waiting-help.help');
  const waitingField = h('div.tour-field', {}, h('label', { for: 'tf-waiting' }, t('tour.f.waiting')), waiting, waitingHelp);
  const form = h(
    'form#tour-form.tour-form',
    { novalidate: true },
    heading,
    kind,
    field(t('tour.f.name'), name),
    h('div.tour-field', {}, h('label', { for: 'tf-tc' }, t('tour.f.timeControl')), h('div.row', {}, tc, custom), h('small.help', {}, t('lobby.tcHelp'))),
    roundsField,
    minutesField,
    h('div.tour-field', {}, h('label.choice', { for: 'tf-rated' }, rated, ` ${t('tour.f.rated')}`)),
    h('div.tour-field', {}, h('label', { for: 'tf-starts' }, t('tour.f.startsIn')), h('div.row', {}, startsIn, unit)),
    intervalField,
    waitingField,
    lateField,
    tiebreaksField,
    field(t('tour.f.password'), password, t('tour.f.passwordHelp')),
    field(t('tour.f.maxPlayers'), max, t('tour.f.maxPlayersHelp')),
    forbiddenField,
    error,
    submit,
  );
  const isArena = (): boolean => arenaKind.checked;
  const showKind = (): void => {
    for (const f of swissOnly) f.hidden = isArena();
    for (const f of arenaOnly) f.hidden = !isArena();
    heading.textContent = isArena() ? t('arena.create') : t('tour.create');
    kindHelp.textContent = isArena() ? t('arena.f.kindHelp') : t('tour.f.kindHelp');
    submit.textContent = isArena() ? t('arena.f.submit') : t('tour.f.submit');
    name.placeholder = isArena() ? t('arena.f.namePlaceholder') : t('tour.f.namePlaceholder');
    waitingHelp.textContent = isArena() ? t('arena.f.waitingHelp') : t('tour.f.waitingHelp');
  };
  swissKind.addEventListener('change', showKind);
  arenaKind.addEventListener('change', showKind);
  showKind();
  const refuse = (message: string, control: HTMLElement | null): void => {
    error.textContent = message;
    for (const c of form.querySelectorAll('[aria-invalid]')) c.removeAttribute('aria-invalid');
    if (control) {
      control.setAttribute('aria-invalid', 'true');
      control.focus();
    }
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const timeControl = tc.value === 'custom' ? custom.value.trim() : tc.value;
    if (!name.value.trim()) return refuse(t('tour.err.name'), name);
    if (tc.value === 'custom' && !TIME_CONTROL.test(timeControl)) return refuse(t('lobby.badTimeControl', { tc: timeControl }), custom);
    const arena = isArena();
    const duration = arena ? arenaMinutes(minutes.value) : null;
    if (arena && duration === null) return refuse(t('arena.err.minutes'), minutes);
    const roundCount = Number(rounds.value);
    if (!arena && (!Number.isInteger(roundCount) || roundCount < 1 || roundCount > 50)) return refuse(t('tour.err.rounds'), rounds);
    const starts = startsInSeconds(startsIn.value, unit.value as 's' | 'min' | 'h');
    if (starts === null) return refuse(t('tour.err.startsIn'), startsIn);
    const whole = (input: HTMLInputElement, low: number, high: number): number | null => {
      const n = Number(input.value);
      return input.value.trim() !== '' && Number.isInteger(n) && n >= low && n <= high ? n : null;
    };
    const intervalS = arena ? 0 : whole(interval, 0, 86400);
    if (intervalS === null) return refuse(t('tour.err.interval'), interval);
    const waitingS = whole(waiting, 5, 86400);
    if (waitingS === null) return refuse(t('tour.err.waiting'), waiting);
    const maxPlayers = whole(max, 0, 9999);
    if (maxPlayers === null) return refuse(t('tour.err.maxPlayers'), max);
    if (arena && duration !== null) {
      const request: CreateArena = {
        kind: 'arena',
        name: name.value.trim(),
        time_control: timeControl,
        minutes: duration,
        rated: rated.checked,
        starts_in_s: starts,
        waiting_s: waitingS,
        max_players: maxPlayers,
      };
      if (password.value) request.password = password.value;
      return send(request);
    }
    const pairs = parseForbidden(forbidden.value);
    if ('line' in pairs) return refuse(t('tour.err.forbiddenLine', { line: pairs.line }), forbidden);
    const request: CreateTournament = {
      name: name.value.trim(),
      time_control: timeControl,
      rounds: roundCount,
      rated: rated.checked,
      starts_in_s: starts,
      interval_s: intervalS,
      waiting_s: waitingS,
      late: late.value === 'half' ? 'half' : 'zero',
      max_players: maxPlayers,
    };
    if (tiebreaks.value.trim()) request.tiebreaks = tiebreaks.value.trim();
    if (password.value) request.password = password.value;
    if (pairs.pairs.length) request.forbidden = pairs.pairs;
    send(request);
  });
  const send = (request: CreateTournament | CreateArena): void => {
    submit.disabled = true;
    createTournament(request)
      .then(({ id }) => location.assign(`/tournament/${id}`))
      .catch((err: unknown) => {
        submit.disabled = false;
        if (err instanceof TournamentError) {
          const id = err.field ? FIELD_IDS[err.field] : undefined;
          const control = id ? document.getElementById(id) : null;
          refuse(err.message, control);
        } else refuse(t('conn.lost'), null);
      });
  };
  return h('section.tour-create', {}, form);
}

export async function showTournaments(root: HTMLElement): Promise<void> {
  document.title = t('tour.listTitle');
  const presets = await getPresets()
    .then((r) => r.presets)
    .catch(() => [] as Preset[]);
  root.replaceChildren(
    h('main.tournaments', {}, h('h1', {}, t('tour.heading')), h('p.tagline', {}, t('tour.tagline')), listSection(), createForm(presets)),
  );
}
