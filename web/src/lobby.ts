// The lobby: time-control presets (bullet, blitz, rapid, classical, delay) or a custom
// control in the grammar of spec/game-events.md, variant, colour and opponent.
import { currentAccount } from './account';
import { createGame, getPresets, listGames, type Preset, saveInvite, saveToken } from './api';
import { h } from './dom';

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
export const COMPUTER_LEVELS: { level: number; label: string }[] = [800, 1000, 1200, 1400, 1600, 1900, 2200, 0].map((elo, i) => ({
  level: i + 1,
  label: elo ? `${i + 1} (about ${elo} Elo)` : `${i + 1} (full strength)`,
}));

const radio = (name: string, value: string, label: string, checked = false) =>
  h('label.choice', {}, h('input', { type: 'radio', name, value, checked }), ` ${label}`);

export async function showLobby(root: HTMLElement): Promise<void> {
  const presets = await getPresets().then((r) => r.presets).catch(() => FALLBACK);
  let chosen = presets.find((p) => p.id === 'blitz')?.time_control ?? '180+2';
  const custom = h('input#custom-tc', { type: 'text', placeholder: 'e.g. 300+3, 600d2, 40/7200:1800+30', 'aria-describedby': 'tc-help' });
  const error = h('p.message', { role: 'alert' });
  const grid = h('div.presets', { role: 'radiogroup', 'aria-label': 'Time control' });
  const select = (tc: string, button: HTMLElement | null) => {
    chosen = tc;
    for (const b of grid.querySelectorAll('button')) b.setAttribute('aria-checked', String(b === button));
  };
  for (const p of presets) {
    const b = h(
      'button.preset',
      { type: 'button', role: 'radio', 'aria-checked': String(p.time_control === chosen), 'data-preset': p.id, onclick: () => { custom.value = ''; select(p.time_control, b); } },
      h('strong', {}, p.name),
      h('small', {}, `${p.time_control} · ${p.category}`),
    );
    grid.append(b);
  }
  // "Custom" is a preset button too: it hands over to the text field.
  const customButton: HTMLElement = h(
    'button.preset.custom',
    { type: 'button', role: 'radio', 'aria-checked': 'false', 'data-preset': 'custom', onclick: () => { select(custom.value.trim(), customButton); custom.focus(); } },
    h('strong', {}, 'Custom'),
    h('small', {}, 'any control: 300+3, 600d2, …'),
  );
  grid.append(customButton);
  custom.addEventListener('input', () => select(custom.value.trim(), customButton));
  const name = h('input#name', { type: 'text', maxlength: 40, value: localStorage.getItem('arbiter.name') ?? '', placeholder: 'Anonymous', autocomplete: 'nickname' });
  const level = h(
    'select#level',
    { 'aria-label': 'Computer level' },
    ...COMPUTER_LEVELS.map((l) => h('option', { value: String(l.level), selected: l.level === 3 }, l.label)),
  );
  const number960 = h('input#n960', { type: 'number', min: 0, max: 959, placeholder: 'random' });
  // Issue #17: a rated game is between two accounts, over a standard board, with a friend.
  const account = currentAccount();
  const rated = h('input#rated', { type: 'checkbox', disabled: !account });
  const ratedRow = h(
    'div.row',
    {},
    h('label.choice', { for: 'rated' }, rated, ' Rated'),
    h('small#rated-help.help', {}, account ? ' both players need an account; the result changes both ratings' : ' sign in to play rated games'),
  );
  const form = h(
    'form.lobby-form',
    {},
    h('h2', {}, 'Time control'),
    grid,
    h('label', { for: 'custom-tc' }, 'Custom '),
    custom,
    h('p#tc-help.help', {}, 'Seconds, +increment, d for delay, moves/ for a period: 40/5400+30:1800+30 is 90 min for 40 moves then 30 min, 30 s a move.'),
    h('h2', {}, 'Variant'),
    h('div.row', {}, radio('variant', 'standard', 'Standard', true), radio('variant', 'chess960', 'Chess960 no. '), number960),
    h('h2', {}, 'Your colour'),
    h('div.row', {}, radio('color', 'white', 'White'), radio('color', 'random', 'Random', true), radio('color', 'black', 'Black')),
    h('h2', {}, 'Opponent'),
    h('div.row', {}, radio('opponent', 'friend', 'A friend (by link)', true), radio('opponent', 'computer', 'The computer, level '), level),
    ratedRow,
    account ? h('p.playing-as', {}, `Playing as ${account.name}`) : h('label', { for: 'name' }, 'Your name '),
    account ? null : name,
    error,
    h('button.primary.create', { type: 'submit' }, 'Create game'),
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
      error.textContent = `"${tc}" is not a time control.`;
      return;
    }
    const data = new FormData(form);
    localStorage.setItem('arbiter.name', name.value.trim());
    const variant = data.get('variant') === 'chess960' ? 'chess960' : 'standard';
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
      .catch((err: Error) => (error.textContent = err.message));
  });
  const ongoing = h('ul.game-list', { 'aria-label': 'Games in progress' });
  root.replaceChildren(
    h('main.lobby', {}, h('h1', {}, 'Arbiter'), h('p.tagline', {}, 'Chess under the FIDE Laws: delay and multi-period clocks, claims, Chess960.'), form, h('h2', {}, 'Games in progress'), ongoing),
  );
  listGames('ongoing')
    .then(({ games }) => {
      for (const g of games) {
        ongoing.append(h('li', {}, h('a', { href: `/g/${String(g.id)}` }, `${String(g.white)} – ${String(g.black)} (${String(g.time_control)}, ${String(g.plies)} plies)`)));
      }
    })
    .catch(() => undefined);
}
