// The lobby: time-control presets (bullet, blitz, rapid, classical, delay) or a custom
// control in the grammar of spec/game-events.md, variant, colour and opponent.
import { currentAccount } from './account';
import { createGame, getPresets, HttpError, listGames, type Preset, saveInvite, saveToken } from './api';
import { h } from './dom';
import { hasMessage, t } from './i18n';
import { displayName, speedName } from './names';
import { postSeek, showSeeks } from './seeks';

// The grammar: periods `[MOVES/]SECONDS[+INCREMENT][dDELAY]` separated by ':', or '-'.
export const TIME_CONTROL = /^(-|(\d+\/)?\d+(\+\d+)?(d\d+)?(:(\d+\/)?\d+(\+\d+)?(d\d+)?)*)$/;

const FALLBACK: Preset[] = [
  { id: 'bullet', name: 'Bullet 1+0', time_control: '60', category: 'blitz' },
  { id: 'blitz', name: 'Blitz 3+2', time_control: '180+2', category: 'blitz' },
  { id: 'rapid', name: 'Rapid 15+10', time_control: '900+10', category: 'rapid' },
  { id: 'classical', name: 'Classical 90/40+30, then 30+30', time_control: '40/5400+30:1800+30', category: 'standard' },
  { id: 'delay', name: '15 min, 5 s delay', time_control: '900d5', category: 'rapid' },
];

// The computer's levels and the Elo each aims at (the server's computer_elo, engine/strength).
export const COMPUTER_ELO = [800, 1000, 1200, 1400, 1600, 1900, 2200, 0];

export function computerLevels(): { level: number; label: string }[] {
  return COMPUTER_ELO.map((elo, i) => ({
    level: i + 1,
    label: elo ? t('lobby.level', { level: i + 1, elo: String(elo) }) : t('lobby.levelFull', { level: i + 1 }),
  }));
}

// A preset's name in the reader's language: the catalogue's, by the preset's id, else the
// server's words.
const presetName = (p: Preset): string => (hasMessage(`preset.${p.id}`) ? t(`preset.${p.id}`) : p.name);

const radio = (name: string, value: string, label: string, checked = false) =>
  h('label.choice', {}, h('input', { type: 'radio', name, value, checked }), ` ${label}`);

export async function showLobby(root: HTMLElement): Promise<void> {
  const presets = await getPresets().then((r) => r.presets).catch(() => FALLBACK);
  let chosen = presets.find((p) => p.id === 'blitz')?.time_control ?? '180+2';
  const custom = h('input#custom-tc', { type: 'text', placeholder: t('lobby.customPlaceholder'), 'aria-describedby': 'tc-help' });
  const error = h('p.message', { role: 'alert' });
  const grid = h('div.presets', { role: 'radiogroup', 'aria-label': t('lobby.timeControl') });
  const select = (tc: string, button: HTMLElement | null) => {
    chosen = tc;
    for (const b of grid.querySelectorAll('button')) b.setAttribute('aria-checked', String(b === button));
  };
  for (const p of presets) {
    const b = h(
      'button.preset',
      { type: 'button', role: 'radio', 'aria-checked': String(p.time_control === chosen), 'data-preset': p.id, onclick: () => { custom.value = ''; select(p.time_control, b); } },
      h('strong', {}, presetName(p)),
      h('small', {}, `${p.time_control} · ${speedName(p.category)}`),
    );
    grid.append(b);
  }
  // "Custom" is a preset button too: it hands over to the text field.
  const customButton: HTMLElement = h(
    'button.preset.custom',
    { type: 'button', role: 'radio', 'aria-checked': 'false', 'data-preset': 'custom', onclick: () => { select(custom.value.trim(), customButton); custom.focus(); } },
    h('strong', {}, t('lobby.custom')),
    h('small', {}, t('lobby.customHint')),
  );
  grid.append(customButton);
  custom.addEventListener('input', () => select(custom.value.trim(), customButton));
  // Issue #17 item 5: correspondence, so many days for each move (the delay `0dSECONDS`).
  const days = h(
    'select#days',
    { 'aria-label': t('lobby.daysLabel') },
    ...[1, 2, 3, 5, 7, 10, 14].map((d) => h('option', { value: String(d), selected: d === 3 }, t('seeks.daysPerMove', { count: d }))),
  );
  const daysControl = (): string => `0d${Number(days.value) * 86400}`;
  const correspondenceButton: HTMLElement = h(
    'button.preset.correspondence',
    { type: 'button', role: 'radio', 'aria-checked': 'false', 'data-preset': 'correspondence', onclick: () => { custom.value = ''; select(daysControl(), correspondenceButton); } },
    h('strong', {}, t('lobby.correspondence')),
    h('small', {}, t('lobby.correspondenceHint')),
  );
  grid.append(correspondenceButton);
  days.addEventListener('change', () => select(daysControl(), correspondenceButton));
  const name = h('input#name', { type: 'text', maxlength: 40, value: localStorage.getItem('arbiter.name') ?? '', placeholder: t('player.anonymous'), autocomplete: 'nickname' });
  const level = h(
    'select#level',
    { 'aria-label': t('lobby.levelLabel') },
    ...computerLevels().map((l) => h('option', { value: String(l.level), selected: l.level === 3 }, l.label)),
  );
  const number960 = h('input#n960', { type: 'number', min: 0, max: 959, placeholder: t('lobby.chess960Placeholder') });
  // Issue #17: a rated game is between two accounts, over a standard board, with a friend.
  const account = currentAccount();
  const rated = h('input#rated', { type: 'checkbox', disabled: !account });
  const ratedRow = h(
    'div.row',
    {},
    h('label.choice', { for: 'rated' }, rated, ` ${t('lobby.rated')}`),
    h('small#rated-help.help', {}, ` ${account ? t('lobby.ratedHelp') : t('lobby.ratedSignIn')}`),
  );
  // Issue #17 item 3: an open challenge in the lobby (with a range around one's rating),
  // or a challenge to a named player.
  const range = h(
    'select#range',
    { 'aria-label': t('lobby.rangeLabel'), disabled: !account },
    h('option', { value: '0' }, t('lobby.rangeAny')),
    ...[100, 200, 300, 500].map((d) => h('option', { value: String(d) }, `± ${d}`)),
  );
  const challengee = h('input#challengee', { type: 'text', maxlength: 20, placeholder: t('lobby.challengePlaceholder'), disabled: !account, autocomplete: 'off' });
  const form = h(
    'form.lobby-form',
    {},
    h('h2', {}, t('lobby.timeControl')),
    grid,
    h('label', { for: 'custom-tc' }, `${t('lobby.custom')} `),
    custom,
    h('label', { for: 'days' }, ` ${t('lobby.correspondence')} `),
    days,
    h('p#tc-help.help', {}, t('lobby.tcHelp')),
    h('h2', {}, t('lobby.variant')),
    h('div.row', {}, radio('variant', 'standard', t('lobby.standard'), true), radio('variant', 'chess960', `${t('lobby.chess960')} `), number960),
    h('h2', {}, t('lobby.colour')),
    h('div.row', {}, radio('color', 'white', t('lobby.white')), radio('color', 'random', t('lobby.random'), true), radio('color', 'black', t('lobby.black'))),
    h('h2', {}, t('lobby.opponent')),
    h('div.row', {}, radio('opponent', 'friend', t('lobby.friend'), true), radio('opponent', 'computer', `${t('lobby.computer')} `), level),
    h('div.row', {}, radio('opponent', 'seek', t('lobby.seek')), range),
    h('div.row', {}, radio('opponent', 'challenge', `${t('lobby.challenge')} `), challengee),
    ratedRow,
    account ? h('p.playing-as', {}, t('lobby.playingAs', { name: account.name })) : h('label', { for: 'name' }, `${t('lobby.yourName')} `),
    account ? null : name,
    error,
    h('button.primary.create', { type: 'submit' }, t('lobby.create')),
  );
  // Rated needs a friend over a standard board: the box follows the other choices.
  form.addEventListener('change', () => {
    const data = new FormData(form);
    const ratable = data.get('opponent') !== 'computer' && data.get('variant') !== 'chess960';
    rated.disabled = !account || !ratable;
    if (rated.disabled) rated.checked = false;
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const tc = chosen.trim();
    if (!TIME_CONTROL.test(tc)) {
      error.textContent = t('lobby.badTimeControl', { tc });
      return;
    }
    const data = new FormData(form);
    localStorage.setItem('arbiter.name', name.value.trim());
    const variant = data.get('variant') === 'chess960' ? 'chess960' : 'standard';
    const opponent = data.get('opponent');
    if (opponent === 'seek' || opponent === 'challenge') {
      postSeek({
        time_control: tc,
        variant,
        chess960: variant === 'chess960' && number960.value !== '' ? Number(number960.value) : null,
        color: (data.get('color') as 'white' | 'black' | 'random') ?? 'random',
        name: name.value.trim() || undefined,
        rated: rated.checked || undefined,
        rating_delta: opponent === 'seek' && Number(range.value) > 0 ? Number(range.value) : undefined,
        challenge: opponent === 'challenge' ? challengee.value.trim() : undefined,
      }).catch((err: unknown) => (error.textContent = err instanceof Error ? err.message : t('conn.lost')));
      return;
    }
    createGame({
      time_control: tc,
      variant,
      chess960: variant === 'chess960' && number960.value !== '' ? Number(number960.value) : null,
      color: (data.get('color') as 'white' | 'black' | 'random') ?? 'random',
      opponent: data.get('opponent') === 'computer' ? { type: 'computer', level: Number(level.value) || 3 } : { type: 'friend' },
      name: name.value.trim() || undefined,
      rated: rated.checked || undefined,
    })
      .then((g) => {
        const id = g.id ?? g.game.id;
        saveToken(id, g.seat, g.token);
        if (g.invite) saveInvite(id, g.invite);
        location.assign(`/g/${id}`);
      })
      .catch((err: unknown) => (error.textContent = err instanceof HttpError ? err.message : t('conn.lost')));
  });
  const ongoing = h('ul.game-list', { 'aria-label': t('lobby.ongoing') });
  const seeks = h('section.seeks-panel', { 'aria-label': t('seeks.open') });
  root.replaceChildren(
    h('main.lobby', {}, h('h1', {}, 'Arbiter'), h('p.tagline', {}, t('lobby.tagline')), seeks, form, h('p.editor-link', {}, h('a', { href: '/editor' }, t('lobby.editor')), ' · ', h('a#pgn-link', { href: '/pgn' }, t('lobby.pgn'))), h('h2', {}, t('lobby.ongoing')), ongoing),
  );
  showSeeks(seeks, presets, () => name.value.trim());
  listGames('ongoing')
    .then(({ games }) => {
      for (const g of games) {
        const text = t('lobby.ongoingItem', { white: displayName(String(g.white)), black: displayName(String(g.black)), tc: String(g.time_control), count: Number(g.plies) || 0 });
        ongoing.append(h('li', {}, h('a', { href: `/g/${String(g.id)}` }, text)));
      }
    })
    .catch(() => undefined);
}
