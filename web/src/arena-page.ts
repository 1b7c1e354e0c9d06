// /tournament/{id} of an arena (issue #18 item 2): lichess's kind of event the server runs,
// said plainly not to be a FIDE system. Its facts and the countdown to its start, then to
// its end (by the server's clock); Join (with the password when it has one), Pause and
// Join again; "Your game" while the player has a game in play, opened by itself when the
// server pairs him; the ranking with each player's sheet (the games on fire marked) and
// the games, those that ended after the end marked as not counted. Polled every 2 s until
// it is over and its last game has ended.
import { currentAccount } from './account';
import {
  arenaGameToFollow,
  arenaPhase,
  gameStanding,
  sheetText,
  sheetTitle,
  type Arena,
  type ArenaGame,
  type ArenaPlayer,
} from './arena-model';
import { h } from './dom';
import { Poller } from './poller';
import { formatDate, formatTime, t } from './i18n';
import { getArena, joinArena, pauseArena } from './tournament-api';
import { boardResultText, boardResultTitle, countdownText, pointsText } from './tournament-model';

export const ARENA_POLL_MS = 2000;

export function showArena(root: HTMLElement, arena: Arena): void {
  new ArenaPage(root, arena).start();
}

// The game of an arena this tab was last taken to (sessionStorage: it outlives the page,
// not the tab). Where storage is refused (a privacy mode) every page load follows the
// player's game in play.
const followedKey = (id: string): string => `arbiter.arena.${id}.followed`;

function followedGame(id: string): string | null {
  try {
    return sessionStorage.getItem(followedKey(id));
  } catch {
    return null;
  }
}

function rememberFollowed(id: string, game: string): void {
  try {
    sessionStorage.setItem(followedKey(id), game);
  } catch {
    // not remembered: the next page load follows it again
  }
}

// When, for the facts: the time today, else the date and the time.
function when(ms: number): string {
  const at = new Date(ms);
  return at.toDateString() === new Date().toDateString() ? formatTime(at) : `${formatDate(ms)} ${formatTime(at)}`;
}

class ArenaPage {
  private readonly heading = h('h1#a-name', { tabindex: -1 });
  private readonly facts = h('p#a-facts.tour-facts');
  private readonly settings = h('p#a-settings.help');
  private readonly status = h('p#a-status.tour-status', { role: 'status' });
  private readonly countdown = h('strong#a-countdown.tour-countdown');
  private readonly yourGame = h('p#a-your-game.tour-your-game', { hidden: true });
  private readonly actions = h('div#a-actions.tour-actions');
  private readonly message = h('p#a-message.message', { role: 'alert' });
  private readonly ranking = h('section#a-ranking-box.tour-section');
  private readonly games = h('section#a-games-box.tour-section');
  private actionsKey = '';
  private offset = 0; // the server's clock minus this one's
  private readonly poller = new Poller(this.heading, async () => {
    this.arena = await getArena(this.arena.id);
    this.render();
  });
  private shown = ''; // the view last drawn: an unchanged one is not drawn again (titles stay up)

  constructor(
    private readonly root: HTMLElement,
    private arena: Arena,
  ) {}

  start(): void {
    const a = this.arena;
    this.root.replaceChildren(
      h(
        'main.tournament.arena',
        { 'data-id': a.id, 'data-kind': 'arena' },
        this.heading,
        this.facts,
        h(
          'aside#a-not-fide.arena-banner',
          { role: 'note' },
          h('strong', {}, t('arena.notFide.title')),
          h('p', {}, t('arena.notFide.text')),
        ),
        this.settings,
        h('div.tour-state', {}, this.status, this.countdown),
        this.yourGame,
        this.actions,
        this.message,
        this.ranking,
        this.games,
      ),
    );
    this.render();
    this.heading.focus();
    this.poller.start(ARENA_POLL_MS, () => this.renderCountdown());
  }

  private stop(): void {
    this.poller.stop();
  }

  private now(): number {
    return Date.now() + this.offset;
  }

  poll(): Promise<void> {
    return this.poller.poll();
  }

  private render(): void {
    const a = this.arena;
    this.offset = a.now_ms - Date.now();
    const view = JSON.stringify({ ...a, now_ms: null });
    if (view === this.shown) return this.renderCountdown();
    this.shown = view;
    document.title = t('tour.pageTitle', { name: a.name });
    this.heading.textContent = a.name;
    this.facts.replaceChildren(
      h('span#a-status-word.tour-badge', { 'data-status': a.status }, t(`tour.status.${a.status}`)),
      ` ${[t('arena.kind'), a.time_control, t('arena.minutes', { count: a.minutes }), a.rated ? t('tour.rated') : t('tour.casual')].join(' · ')} · `,
      `${t('tour.createdBy')} `,
      h('a#a-owner', { href: `/@/${encodeURIComponent(a.owner)}` }, a.owner),
    );
    const settings = [t('tour.startsAt', { date: when(a.starts_ms) }), t('arena.endsAt', { date: when(a.ends_ms) }), t('tour.waiting', { count: a.waiting_s })];
    if (a.max_players > 0) settings.push(t('tour.maxPlayers', { count: a.max_players }));
    if (a.password) settings.push(t('tour.locked'));
    this.settings.textContent = settings.join(' · ');
    this.renderCountdown();
    this.renderYourGame();
    this.renderActions();
    this.renderRanking();
    this.renderGames();
    // Over, and its last game ended: nothing changes any more.
    if (a.status === 'finished' && !a.games.some((g) => g.result === '*')) this.stop();
    // The server has paired this player: his game, as lichess does (once a game).
    const follow = arenaGameToFollow(followedGame(a.id), a);
    if (follow) {
      rememberFollowed(a.id, follow);
      location.assign(`/g/${follow}`);
    }
  }

  private renderCountdown(): void {
    const p = arenaPhase(this.arena, this.now());
    this.status.dataset.phase = p.kind;
    switch (p.kind) {
      case 'starts':
        this.status.textContent = t('arena.startsIn');
        this.countdown.textContent = countdownText(p.at - this.now());
        break;
      case 'ends':
        this.status.textContent = t('arena.endsIn');
        this.countdown.textContent = countdownText(p.at - this.now());
        break;
      case 'ending':
        this.status.textContent = t('arena.ending');
        this.countdown.textContent = '';
        break;
      case 'over':
        this.status.textContent = t('arena.over');
        this.countdown.textContent = '';
        break;
    }
  }

  private renderYourGame(): void {
    const game = this.arena.me?.game ?? null;
    this.yourGame.hidden = !game;
    this.yourGame.replaceChildren(...(game ? [h('a#a-your-game-link.button.primary', { href: `/g/${game}` }, t('arena.yourGame'))] : []));
  }

  // Join / Pause / Join again, built again only when what they offer changes (the password
  // typed into the box stays while the page polls).
  private renderActions(): void {
    const a = this.arena;
    const me = a.me;
    const state = !currentAccount() ? 'anonymous' : a.status === 'finished' ? 'finished' : !me ? 'out' : me.paused ? 'paused' : 'in';
    const key = `${state}:${a.status}:${a.password}`;
    if (key === this.actionsKey) return;
    this.actionsKey = key;
    const parts: HTMLElement[] = [];
    if (state === 'anonymous' && a.status !== 'finished') {
      parts.push(h('a#a-signin.button', { href: `/login?next=${encodeURIComponent(location.pathname)}` }, t('tour.signInToJoin')));
    } else if (state === 'out' || state === 'paused') {
      const password = h('input#a-password', { type: 'password', maxlength: 128, autocomplete: 'off', 'aria-label': t('tour.password'), placeholder: t('tour.password') });
      const join = h<'button'>('button#a-join.primary', { type: 'submit' }, state === 'paused' ? t('arena.joinAgain') : t('tour.join'));
      const form = h('form.tour-join', {}, state === 'out' && a.password ? password : null, join);
      form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        join.disabled = true;
        void this.act(() => joinArena(a.id, password.value)).finally(() => (join.disabled = false));
      });
      if (state === 'paused') parts.push(h('span#a-paused.tour-entered', {}, t('arena.pausedNote')));
      parts.push(form);
    } else if (state === 'in') {
      parts.push(h('span#a-entered.tour-entered', {}, t('arena.entered')));
      const pause = h<'button'>('button#a-pause', { type: 'button', title: t('arena.pauseTitle') }, t('arena.pause'));
      pause.addEventListener('click', () => {
        pause.disabled = true;
        void this.act(() => pauseArena(a.id)).finally(() => (pause.disabled = false));
      });
      parts.push(pause);
    }
    this.actions.replaceChildren(...parts);
  }

  private async act(action: () => Promise<unknown>): Promise<void> {
    this.message.textContent = '';
    try {
      await action();
      this.actionsKey = '';
      this.shown = '';
      await this.poll();
    } catch (err) {
      this.message.textContent = err instanceof Error ? err.message : t('conn.lost');
    }
  }

  // A player's marks next to his name: on fire, paused, playing (a link to his game).
  private marks(p: ArenaPlayer): (HTMLElement | string)[] {
    const marks: (HTMLElement | string)[] = [];
    if (p.fire) marks.push(' ', h('span.fire-mark', { title: t('arena.onFireTitle') }, t('arena.onFire')));
    if (p.paused) marks.push(' ', h('small.paused-mark', {}, t('arena.pausedMark')));
    if (p.playing) {
      const game = this.arena.games.find((g) => g.result === '*' && g.game && (g.white === p.name || g.black === p.name))?.game;
      marks.push(' ', game ? h('a.playing-mark', { href: `/g/${game}` }, t('arena.playingMark')) : h('small.playing-mark', {}, t('arena.playingMark')));
    }
    return marks;
  }

  private renderRanking(): void {
    const a = this.arena;
    const heading = h('h2', {}, t('arena.ranking'));
    if (a.players.length === 0) {
      this.ranking.replaceChildren(heading, h('p#a-no-players.empty', {}, t('arena.noPlayers')));
      return;
    }
    const mine = a.me?.name ?? '';
    const rows = a.players.map((p) =>
      h(
        'tr',
        { 'data-name': p.name, 'data-fire': String(p.fire), 'data-paused': String(p.paused), 'data-playing': String(p.playing), class: p.name === mine ? 'mine' : undefined },
        h('td.rank', {}, String(p.rank)),
        h('td.name', {}, h('a', { href: `/@/${encodeURIComponent(p.name)}` }, p.name), ...this.marks(p)),
        h('td.rating', {}, p.rating === null ? '' : String(p.rating)),
        h('td.points', {}, pointsText(p.points)),
        h(
          'td.sheet',
          { 'aria-label': t('arena.sheetOf', { name: p.name }) },
          ...p.sheet.map((e) =>
            h(e.fire ? 'span.sheet-entry.fire' : 'span.sheet-entry', { 'data-outcome': e.outcome, 'data-fire': String(e.fire), 'data-points': String(e.points), title: sheetTitle(e) }, sheetText(e)),
          ),
        ),
        h('td.performance', {}, p.performance === null ? '' : String(Math.round(p.performance))),
      ),
    );
    this.ranking.replaceChildren(
      heading,
      h('p.help', {}, t('arena.rankingHelp')),
      h(
        'div.tour-scroll',
        {},
        h(
          'table#a-ranking.tour-table',
          {},
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, t('tour.col.rank')),
              h('th.name', { scope: 'col' }, t('tour.col.player')),
              h('th', { scope: 'col' }, t('tour.col.rating')),
              h('th', { scope: 'col' }, t('tour.col.points')),
              h('th.sheet', { scope: 'col' }, t('arena.col.sheet')),
              h('th', { scope: 'col' }, t('arena.col.performance')),
            ),
          ),
          h('tbody', {}, ...rows),
        ),
      ),
    );
  }

  private gameRow(g: ArenaGame): HTMLElement {
    const a = this.arena;
    const standing = gameStanding(g, a);
    const mine = a.me?.name ?? '';
    return h(
      'tr',
      { 'data-game': g.game ?? '', 'data-standing': standing, 'data-counted': String(g.counted), class: g.white === mine || g.black === mine ? 'mine' : undefined },
      h('td.white', {}, g.white),
      h('td.result', { title: boardResultTitle(g.result), 'data-result': g.result }, boardResultText(g.result)),
      h('td.black', {}, g.black),
      h('td.game-link', {}, g.game ? h('a.a-game', { href: `/g/${g.game}` }, g.result === '*' ? t('tour.watch') : t('tour.game')) : ''),
      h('td.standing', {}, standing === 'notCounted' ? h('span.not-counted', { title: t('arena.notCountedTitle') }, t('arena.notCounted')) : ''),
    );
  }

  private renderGames(): void {
    const a = this.arena;
    const heading = h('h2', {}, t('arena.games'));
    if (a.games.length === 0) {
      this.games.replaceChildren(heading, h('p#a-no-games.empty', {}, t('arena.noGames')));
      return;
    }
    this.games.replaceChildren(
      heading,
      h(
        'div.tour-scroll',
        {},
        h(
          'table#a-games.tour-table',
          {},
          h('thead', {}, h('tr', {}, h('th.white', { scope: 'col' }, t('side.white')), h('th', { scope: 'col' }, t('tour.result')), h('th.black', { scope: 'col' }, t('side.black')), h('th', { scope: 'col' }, t('tour.game')), h('th', { scope: 'col' }, t('arena.col.counted')))),
          h('tbody', {}, ...a.games.map((g) => this.gameRow(g))),
        ),
      ),
    );
  }
}
