// /tournament/{id} (issue #18 item 1): one Swiss tournament the server runs (an arena,
// item 2, has its page in arena-page.ts). Its facts and the countdown to the next round;
// Join (with the password when it has one) and Withdraw; "Your game" while the player's
// board is in play, opened by itself when a round pairs him; the pairings of a round, the
// standings with their C.07 tie-breaks, the crosstable and the TRF. Polled every 2 s until
// it is over.
import { currentAccount } from './account';
import { showArena } from './arena-page';
import { h } from './dom';
import { Poller } from './poller';
import { formatDate, formatTime, t } from './i18n';
import { showNotFound } from './not-found';
import { getEvent, getTournament, joinTournament, TournamentError, trfUrl, withdrawFromTournament } from './tournament-api';
import {
  boardResultText,
  boardResultTitle,
  countdownText,
  crossCellTitle,
  crosstable,
  entryName,
  gameToFollow,
  phase,
  pointsText,
  roundsOver,
  tiebreakTitle,
  type Tournament,
  type TournamentRound,
} from './tournament-model';

export const POLL_MS = 2000;

// The page of the event's kind: a Swiss here, an arena in arena-page.ts.
export async function showTournament(root: HTMLElement, id: string): Promise<void> {
  const event = await getEvent(id).catch((e: unknown) => {
    if (e instanceof TournamentError && e.status === 404) return null;
    throw e;
  });
  if (!event) return showNotFound(root);
  if (event.kind === 'arena') return showArena(root, event.arena);
  new TournamentPage(root, event.swiss).start();
}

class TournamentPage {
  private readonly heading = h('h1#t-name', { tabindex: -1 });
  private readonly facts = h('p#t-facts.tour-facts');
  private readonly settings = h('p#t-settings.help');
  private readonly status = h('p#t-status.tour-status', { role: 'status' });
  private readonly countdown = h('strong#t-countdown.tour-countdown');
  private readonly yourGame = h('p#t-your-game.tour-your-game', { hidden: true });
  private readonly actions = h('div#t-actions.tour-actions');
  private readonly message = h('p#t-message.message', { role: 'alert' });
  private readonly players = h<'details'>('details#t-players.tour-players');
  private readonly roundSelect = h('select#t-round', { 'aria-label': t('tour.roundLabel') });
  private readonly pairings = h('section#t-pairings-box.tour-section');
  private readonly standings = h('section#t-standings-box.tour-section');
  private readonly cross = h('section#t-crosstable-box.tour-section');
  private readonly trf = h('a#t-trf.button', {}, t('tour.downloadTrf'));
  // The game the page last saw as this player's (undefined before the first look).
  private seenGame: string | null | undefined = undefined;
  private pickedRound: number | null = null;
  private actionsKey = '';
  private offset = 0; // the server's clock minus this one's, when the server says
  private readonly poller = new Poller(this.heading, async () => {
    this.event = await getTournament(this.event.id);
    this.render();
  });
  private shown = ''; // the view last drawn: an unchanged one is not drawn again (titles stay up)
  private hadStandings: boolean | null = null;

  constructor(
    private readonly root: HTMLElement,
    private event: Tournament,
  ) {
    this.roundSelect.addEventListener('change', () => {
      this.pickedRound = Number(this.roundSelect.value) || null;
      this.renderPairings();
    });
  }

  start(): void {
    const e = this.event;
    this.trf.setAttribute('href', trfUrl(e.id));
    this.trf.setAttribute('download', `${e.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || e.id}.trf`);
    this.root.replaceChildren(
      h(
        'main.tournament',
        { 'data-id': e.id },
        this.heading,
        this.facts,
        this.settings,
        h('div.tour-state', {}, this.status, this.countdown),
        this.yourGame,
        this.actions,
        this.message,
        this.players,
        this.pairings,
        this.standings,
        this.cross,
        h('p.tour-downloads', {}, this.trf),
        h('p#t-note.help', {}, t('tour.note')),
      ),
    );
    this.render();
    this.heading.focus();
    this.poller.start(POLL_MS, () => this.renderCountdown());
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
    const e = this.event;
    if (e.now_ms !== null) this.offset = e.now_ms - Date.now();
    const view = JSON.stringify({ ...e, now_ms: null });
    if (view === this.shown) return this.renderCountdown();
    this.shown = view;
    document.title = t('tour.pageTitle', { name: e.name });
    this.heading.textContent = e.name;
    this.facts.replaceChildren(
      h('span#t-status-word.tour-badge', { 'data-status': e.status }, t(`tour.status.${e.status}`)),
      ` ${[t('tour.swiss'), e.time_control, t('tour.rounds', { count: e.total_rounds }), e.rated ? t('tour.rated') : t('tour.casual')].join(' · ')} · `,
      `${t('tour.createdBy')} `,
      h('a#t-owner', { href: `/@/${encodeURIComponent(e.owner)}` }, e.owner),
    );
    const settings = [
      t('tour.startsAt', { date: `${formatDate(e.starts_ms)} ${formatTime(new Date(e.starts_ms))}` }),
      t('tour.waiting', { count: e.waiting_s }),
      t('tour.interval', { count: e.interval_s }),
      t(`tour.lateRule.${e.late === 'half' ? 'half' : 'zero'}`),
    ];
    if (e.max_players > 0) settings.push(t('tour.maxPlayers', { count: e.max_players }));
    if (e.password) settings.push(t('tour.locked'));
    this.settings.textContent = settings.join(' · ');
    this.renderCountdown();
    this.renderYourGame();
    this.renderActions();
    this.renderPlayers();
    this.renderPairings();
    this.renderStandings();
    this.renderCrosstable();
    if (e.status === 'finished') this.stop();
    // A round has just paired this player: his game, as lichess does.
    const follow = gameToFollow(this.seenGame, e);
    this.seenGame = e.me && !e.me.withdrawn ? e.me.game : null;
    if (follow) location.assign(`/g/${follow}`);
  }

  private renderCountdown(): void {
    const p = phase(this.event, this.now());
    switch (p.kind) {
      case 'starts':
        this.status.textContent = t('tour.startsIn');
        this.countdown.textContent = countdownText(p.at - this.now());
        break;
      case 'next':
        this.status.textContent = t('tour.nextIn', { round: p.round });
        this.countdown.textContent = countdownText(p.at - this.now());
        break;
      case 'pairing':
        this.status.textContent = t('tour.pairing', { round: p.round });
        this.countdown.textContent = '';
        break;
      case 'playing':
        this.status.textContent = t('tour.playing', { round: p.round, rounds: this.event.total_rounds });
        this.countdown.textContent = '';
        break;
      case 'over':
        this.status.textContent = t('tour.over');
        this.countdown.textContent = '';
        break;
    }
  }

  private renderYourGame(): void {
    const e = this.event;
    const game = e.me && !e.me.withdrawn ? e.me.game : null;
    this.yourGame.hidden = !game;
    if (!game) {
      this.yourGame.replaceChildren();
      return;
    }
    const board = e.paired.find((r) => r.number === e.round)?.boards.find((b) => b.game === game);
    const over = board ? board.result !== '*' : false;
    this.yourGame.replaceChildren(
      h('a#t-your-game-link.button.primary', { href: `/g/${game}` }, over ? t('tour.yourGameOver', { round: e.round }) : t('tour.yourGame', { round: e.round })),
    );
  }

  // Join / Withdraw, built again only when what they offer changes (the password typed
  // into the box stays while the page polls).
  private renderActions(): void {
    const e = this.event;
    const account = currentAccount();
    const me = e.me;
    const state = !account ? 'anonymous' : e.status === 'finished' ? 'finished' : !me || (me.withdrawn && e.round === 0) ? 'out' : me.withdrawn ? 'withdrawn' : 'in';
    // The status is in the key: an anonymous viewer's invitation to sign in goes at the end.
    const key = `${state}:${e.status}:${me?.entry ?? 0}:${e.password}`;
    if (key === this.actionsKey) return;
    this.actionsKey = key;
    const parts: HTMLElement[] = [];
    if (state === 'anonymous' && e.status !== 'finished') {
      parts.push(h('a#t-signin.button', { href: `/login?next=${encodeURIComponent(location.pathname)}` }, t('tour.signInToJoin')));
    } else if (state === 'out') {
      const password = h('input#t-password', { type: 'password', maxlength: 128, autocomplete: 'off', 'aria-label': t('tour.password'), placeholder: t('tour.password') });
      const join = h<'button'>('button#t-join.primary', { type: 'submit' }, t('tour.join'));
      const form = h('form.tour-join', {}, e.password ? password : null, join);
      form.addEventListener('submit', (ev) => {
        ev.preventDefault();
        join.disabled = true;
        this.act(() => joinTournament(e.id, password.value)).finally(() => (join.disabled = false));
      });
      parts.push(form);
    } else if (state === 'in') {
      parts.push(h('span#t-entered.tour-entered', {}, t('tour.entered', { entry: me?.entry ?? 0 })));
      const withdraw = h<'button'>('button#t-withdraw', { type: 'button' }, t('tour.withdraw'));
      withdraw.addEventListener('click', () => {
        const sure = h<'button'>('button#t-withdraw-confirm.danger', { type: 'button' }, t('tour.withdrawConfirm'));
        const cancel = h<'button'>('button#t-withdraw-cancel', { type: 'button' }, t('tour.cancel'));
        const box = h('span.confirm', {}, t('tour.withdrawSure'), ' ', sure, ' ', cancel);
        sure.addEventListener('click', () => void this.act(() => withdrawFromTournament(e.id)));
        cancel.addEventListener('click', () => box.replaceWith(withdraw));
        withdraw.replaceWith(box);
        sure.focus();
      });
      parts.push(withdraw);
    } else if (state === 'withdrawn') {
      parts.push(h('span#t-withdrawn', {}, t('tour.withdrawn')));
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

  private renderPlayers(): void {
    const e = this.event;
    // Open until there are standings (and then as the reader leaves it).
    const has = e.standings.length > 0 && roundsOver(e) > 0;
    const open = this.hadStandings === has ? this.players.open : !has;
    this.hadStandings = has;
    const list = h(
      'ol#t-player-list.tour-player-list',
      {},
      ...e.players.map((p) =>
        h(
          'li',
          { 'data-entry': String(p.entry), 'data-withdrawn': String(p.withdrawn) },
          h('a', { href: `/@/${encodeURIComponent(p.name)}` }, p.name),
          p.rating !== null ? ` ${p.rating}` : '',
          p.first_round > 1 ? h('small', {}, ` ${t('tour.fromRound', { round: p.first_round })}`) : null,
          p.withdrawn ? h('small.withdrawn', {}, ` ${t('tour.withdrewMark')}`) : null,
        ),
      ),
    );
    this.players.replaceChildren(h('summary', {}, t('tour.players', { count: e.players.length })), e.players.length ? list : h('p.empty', {}, t('tour.noPlayers')));
    this.players.open = open;
  }

  private shownRound(): TournamentRound | undefined {
    const rounds = this.event.paired;
    const picked = this.pickedRound === null ? undefined : rounds.find((r) => r.number === this.pickedRound);
    return picked ?? rounds[rounds.length - 1];
  }

  private renderPairings(): void {
    const e = this.event;
    const round = this.shownRound();
    const heading = h('h2', {}, t('tour.pairings'));
    if (!round) {
      this.pairings.replaceChildren(heading, h('p#t-no-pairings.empty', {}, t('tour.noPairings')));
      return;
    }
    // The round chooser: every round paired, the one shown selected.
    const options = e.paired.map((r) => r.number);
    const current = [...this.roundSelect.options].map((o) => Number(o.value));
    if (current.join() !== options.join()) this.roundSelect.replaceChildren(...options.map((n) => h('option', { value: String(n) }, t('tour.roundN', { round: n }))));
    this.roundSelect.value = String(round.number);
    const mine = e.me?.entry ?? 0;
    const name = (entry: number) => entryName(e, entry);
    const rows = round.boards.map((b, i) =>
      h(
        'tr',
        { 'data-board': String(i + 1), 'data-game': b.game, class: b.white === mine || b.black === mine ? 'mine' : undefined },
        h('td.board', {}, String(i + 1)),
        h('td.white', {}, name(b.white)),
        h('td.result', { title: boardResultTitle(b.result), 'data-result': b.result }, boardResultText(b.result)),
        h('td.black', {}, name(b.black)),
        h('td.game-link', {}, b.game ? h('a.t-game', { href: `/g/${b.game}` }, b.result === '*' ? t('tour.watch') : t('tour.game')) : ''),
      ),
    );
    if (round.bye) {
      rows.push(
        h(
          'tr.bye',
          { 'data-bye': String(round.bye), class: round.bye === mine ? 'bye mine' : 'bye' },
          h('td.board', {}, ''),
          h('td.white', {}, name(round.bye)),
          h('td.result', { title: t('tour.code.U') }, '1'),
          h('td.black', {}, t('tour.byeWord')),
          h('td.game-link', {}, ''),
        ),
      );
    }
    const when = round.finished_ms !== null ? t('tour.roundOver') : t('tour.roundPlaying');
    this.pairings.replaceChildren(
      heading,
      h('div.row', {}, h('label', { for: 't-round' }, t('tour.roundLabel')), this.roundSelect, h('small#t-round-state.help', {}, when)),
      h(
        'div.tour-scroll',
        {},
        h(
          'table#t-pairings.tour-table',
          { 'data-round': String(round.number) },
          h('thead', {}, h('tr', {}, h('th', {}, t('tour.board')), h('th.white', {}, t('side.white')), h('th', {}, t('tour.result')), h('th.black', {}, t('side.black')), h('th', {}, t('tour.game')))),
          h('tbody', {}, ...rows),
        ),
      ),
    );
  }

  private renderStandings(): void {
    const e = this.event;
    const heading = h('h2', {}, t('tour.standings'));
    const over = roundsOver(e);
    if (e.standings.length === 0 || over === 0) {
      this.standings.replaceChildren(heading, h('p#t-no-standings.empty', {}, t('tour.noStandings')));
      return;
    }
    const mine = e.me?.entry ?? 0;
    const tbHead = e.tiebreaks.map((code) => h('th.tb', { scope: 'col', title: tiebreakTitle(code), 'data-tiebreak': code }, h('abbr', { title: tiebreakTitle(code) }, code)));
    const rows = e.standings.map((s) =>
      h(
        'tr',
        { 'data-entry': String(s.entry), class: s.entry === mine ? 'mine' : undefined },
        h('td.rank', {}, String(s.rank)),
        h('td.name', {}, h('a', { href: `/@/${encodeURIComponent(s.name)}` }, s.name)),
        h('td.rating', {}, s.rating === null ? '' : String(s.rating)),
        h('td.points', {}, pointsText(s.points)),
        ...s.tiebreaks.map((v, k) => h('td.tb', { 'data-tiebreak': e.tiebreaks[k] ?? '' }, pointsText(v))),
      ),
    );
    const legend = h(
      'dl#t-tiebreaks.tour-legend',
      {},
      ...e.tiebreaks.flatMap((code) => [h('dt', {}, code), h('dd', {}, tiebreakTitle(code))]),
    );
    this.standings.replaceChildren(
      heading,
      h('p.help', {}, t('tour.standingsAfter', { round: over, rounds: e.total_rounds })),
      h(
        'div.tour-scroll',
        {},
        h(
          'table#t-standings.tour-table',
          {},
          h(
            'thead',
            {},
            h('tr', {}, h('th', { scope: 'col' }, t('tour.col.rank')), h('th.name', { scope: 'col' }, t('tour.col.player')), h('th', { scope: 'col' }, t('tour.col.rating')), h('th', { scope: 'col' }, t('tour.col.points')), ...tbHead),
          ),
          h('tbody', {}, ...rows),
        ),
      ),
      ...(e.tiebreaks.length ? [legend] : []),
    );
  }

  private renderCrosstable(): void {
    const e = this.event;
    if (e.standings.length === 0 || roundsOver(e) === 0) {
      this.cross.replaceChildren();
      this.cross.hidden = true;
      return;
    }
    this.cross.hidden = false;
    const rounds = Math.max(e.total_rounds, ...e.standings.flatMap((s) => s.results.map((r) => r.round)));
    const table = crosstable(e.standings, rounds);
    const roundHeads = Array.from({ length: rounds }, (_, i) => h('th', { scope: 'col', title: t('tour.roundN', { round: i + 1 }) }, String(i + 1)));
    const rows = table.map((row) =>
      h(
        'tr',
        { 'data-entry': String(row.entry) },
        h('td.rank', {}, String(row.rank)),
        h('td.name', {}, row.name),
        ...Array.from({ length: rounds }, (_, i) => {
          const cell = row.cells.find((c) => c.round === i + 1);
          return cell
            ? h('td.cross', { 'data-round': String(cell.round), 'data-result': cell.result, 'data-colour': cell.colour, title: crossCellTitle(cell) }, cell.text)
            : h('td.cross', { 'data-round': String(i + 1) }, '');
        }),
        h('td.points', {}, pointsText(row.points)),
      ),
    );
    this.cross.replaceChildren(
      h('h2', {}, t('tour.crosstable')),
      h('p.help', {}, t('tour.crossHelp')),
      h(
        'div.tour-scroll',
        {},
        h(
          'table#t-crosstable.tour-table.cross-table',
          {},
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('tour.col.rank')), h('th.name', { scope: 'col' }, t('tour.col.player')), ...roundHeads, h('th', { scope: 'col' }, t('tour.col.points')))),
          h('tbody', {}, ...rows),
        ),
      ),
    );
  }
}
