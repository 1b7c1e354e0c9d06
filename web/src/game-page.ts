// The game page: wires the connection, the model and the views together.
import { currentAccount } from './account';
import { AnalysisPanel } from './analysis-panel';
import { getGame, getRatings, HttpError, inviteFor, inviteInLocation, joinGame, saveToken, tokensFor } from './api';
import { Board } from './board';
import { ClockView } from './clock-view';
import { Controls } from './controls';
import { h } from './dom';
import { displayResult, GameModel } from './game-model';
import { GameConnection, PING_EVERY_MS, QUIET_PING_EVERY_MS } from './connection';
import { endingSentence, lawText } from './endings';
import { serverError } from './errors';
import { formatTime, t } from './i18n';
import { MoveList } from './move-list';
import { parseTypedMove } from './move-input';
import { displayName } from './names';
import { showNotFound } from './not-found';
import { type NotationLanguage, translateSan } from './notation';
import { type ClientAction, type DirectMessage, type GameEvent, type Opening, other, type Side } from './protocol';
import { Settings } from './settings';
import { keepSeek, seekOfGame } from './seeks';
import { play } from './sound';
import { announce } from './speech';

export async function showGame(root: HTMLElement, id: string, wantedSeat: Side | null): Promise<void> {
  const state = await getGame(id).catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  });
  if (!state) return showNotFound(root, id);
  const tokens = tokensFor(id);
  let seat: Side | null = wantedSeat && tokens[wantedSeat] ? wantedSeat : tokens.white ? 'white' : tokens.black ? 'black' : null;
  // Only the invitation link's secret opens the seat (docs/security.md); without it the
  // visitor watches.
  const invite = inviteInLocation();
  if (!seat && invite && state.open_seat && state.status === 'created') {
    // Issue #17: a rated game's seat is taken by an account.
    if (state.rated && !currentAccount()) return askToSignIn(root);
    const joined = await offerJoin(root, state.open_seat, state.rated ?? false);
    if (joined) {
      const grant = await joinGame(id, joined, invite);
      saveToken(id, grant.seat, grant.token);
      seat = grant.seat;
    }
  }
  // Issue #17 item 5: a player's own seat from another device their account is logged in on.
  if (!seat && !invite && currentAccount() && state.status !== 'ended' && state.status !== 'aborted') {
    const grant = await joinGame(id, currentAccount()?.name ?? '', '').catch(() => null);
    if (grant) {
      saveToken(id, grant.seat, grant.token);
      seat = grant.seat;
    }
  }
  // The secret is spent (or not ours to use): keep it out of the address bar and history.
  if (invite) history.replaceState(null, '', location.pathname + location.search);
  new GamePage(root, id, seat, seat ? tokensFor(id)[seat] ?? null : null).start();
}

// A rated game's invitation opened without an account: sign in (or up), then come back here.
function askToSignIn(root: HTMLElement): void {
  const back = encodeURIComponent(location.pathname + location.search + location.hash);
  root.replaceChildren(
    h(
      'section.join',
      {},
      h('h1', {}, t('join.ratedInvite')),
      h('p', {}, t('join.ratedWhy')),
      h('p', {}, h('a#join-signin.button.primary', { href: `/login?next=${back}` }, t('join.signIn')), ' ', h('a#join-signup', { href: `/signup?next=${back}` }, t('join.createAccount'))),
    ),
  );
}

function offerJoin(root: HTMLElement, open: Side, rated: boolean): Promise<string | null> {
  return new Promise((resolve) => {
    const account = currentAccount();
    const name = h('input#join-name', { type: 'text', maxlength: 40, placeholder: t('join.namePlaceholder'), autocomplete: 'nickname' });
    root.replaceChildren(
      h(
        'section.join',
        {},
        h('h1', {}, rated ? t('join.ratedInvite') : t('join.invite')),
        h('p', {}, account ? t(`join.playAs.${open}`, { name: account.name }) : t(`join.play.${open}`)),
        account ? null : h('label', { for: 'join-name' }, `${t('join.name')} `),
        account ? null : name,
        h('button.primary.join-button', { type: 'button', onclick: () => resolve(account?.name ?? (name.value.trim() || 'Anonymous')) }, t(`join.as.${open}`)),
        h('button.watch', { type: 'button', onclick: () => resolve(null) }, t('join.watch')),
      ),
    );
    name.focus();
  });
}

class GamePage {
  private readonly model = new GameModel();
  private readonly conn: GameConnection;
  private readonly board: Board;
  private readonly moves: MoveList;
  private readonly controls: Controls;
  private readonly clocks: ClockView;
  private readonly settings: Settings;
  private readonly analysis: AnalysisPanel; // issue #18: a finished game's computer analysis
  private readonly banner = h('div.banner', { role: 'status', 'aria-live': 'assertive' });
  // Issue #18: the opening the game reached, "C60 Ruy Lopez" (empty when none is named).
  // The names are lichess's list's, in English only: marked so (lang="en").
  private readonly opening = h('div.opening', { 'data-testid': 'opening', lang: 'en' });
  // Issue #18: the link back to the event whose game it is (hidden for other games).
  private readonly eventLink = h('a.event-link', { 'data-testid': 'event-link', hidden: true });
  // Issue #17: a rated game's rating changes, asked for once it has ended.
  private readonly ratingBox = h('div#rating-change.rating-change');
  private ratingsAsked = false;
  private readonly status = h('div.connection', { 'aria-live': 'polite' });
  private readonly announcer = h('div.announcer', { 'aria-live': 'polite', role: 'log' });
  private readonly message = h('div.message', { role: 'alert' });
  private readonly typed = h('input.typed-move', { type: 'text', 'aria-label': t('game.typeAria'), autocomplete: 'off' });
  // Who is here (the server's `crowd`), for players and spectators alike.
  private readonly crowd = h('p.crowd', { role: 'status' });
  private presence: { white: boolean; black: boolean; spectators: number } | null = null;
  private readonly leftAt: Record<Side, Date | null> = { white: null, black: null };
  private readonly copyStatus = h('span.copy-status', { role: 'status' });
  // Issue #17: this page's seek in the lobby, kept alive while the seat waits for a taker.
  private stopSeek: ((cancel?: boolean) => void) | null = null;
  private viewPly: number | null = null;
  private offerBox: HTMLElement | null = null;
  private typedForm: HTMLElement | null = null;
  private claimKind: 'threefold' | 'fifty' | null = null;
  private offerWithMove = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
    private readonly seat: Side | null,
    token: string | null,
  ) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    this.conn = new GameConnection(`${scheme}://${location.host}/api/games/${id}/ws`, token, {
      onEvent: (e, replayed) => this.onEvent(e, replayed),
      onDirect: (m) => this.onDirect(m),
      onStatus: (s, detail) => this.setStatus(s, detail),
      // The server pings the players of a game whose clock runs every 5 s, everybody else
      // every 15 s (web-protocol.md §3.1, §3.3): longer silence means a dead socket.
      keepaliveMs: () => (this.seat && this.model.clock?.running && !this.model.over ? PING_EVERY_MS : QUIET_PING_EVERY_MS),
    });
    this.settings = new Settings(() => this.refresh(), () => {
      this.board.flip();
      this.clocks.render(performance.now());
    });
    this.moves = new MoveList(this.settings.language as NotationLanguage, (ply) => {
      this.viewPly = ply;
      this.drawBoard();
    });
    this.analysis = new AnalysisPanel(id, {
      plies: () => this.model.plies,
      startFen: () => this.model.startFen || this.model.fen,
      language: () => this.settings.language as NotationLanguage,
      goTo: (ply) => this.moves.go(ply),
      setMarks: (marks) => this.moves.setMarks(marks),
    });
    this.controls = new Controls({
      send: (a) => this.act(a),
      armClaimWithMove: (k) => {
        this.claimKind = k;
        this.refresh();
      },
      claimArmed: () => this.claimKind,
    });
    this.clocks = new ClockView(this.model, () => this.board.orientation, seat);
    const boardHost = h('div.board-host', {}, h('div.cg-wrap', { 'aria-label': t('game.board') }));
    this.board = new Board(boardHost, seat ?? 'white', (uci) => this.userMove(uci));
    const offer = this.offerBox = h('label.offer-with-move', {}, h('input', { type: 'checkbox', onchange: (e: Event) => (this.offerWithMove = (e.target as HTMLInputElement).checked) }), ` ${t('game.offerWithMove')}`);
    const typedForm = this.typedForm = h('form.typed', { onsubmit: (e: Event) => this.typedMove(e) }, this.typed, h('button', { type: 'submit' }, t('game.play')));
    root.replaceChildren(
      h(
        'main.game',
        {},
        h('section.board-col', {}, this.clocks.top, boardHost, this.clocks.bottom),
        h('aside.side-col', {}, this.banner, this.eventLink, this.opening, this.moves.element, this.controls.element, this.analysis.element, this.seat ? offer : null, this.message, this.seat ? typedForm : null, this.crowd, this.settings.element, this.status, this.announcer),
      ),
    );
    document.addEventListener('keydown', (e) => {
      const target = e.target as HTMLElement;
      if (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.closest('.cg-wrap')) return;
      if (this.moves.key(e)) e.preventDefault();
    });
  }

  start(): void {
    // A hook for the browser tests: drop the socket as a network failure would.
    (window as unknown as { arbiterTest?: unknown }).arbiterTest = {
      drop: (holdMs: number) => this.conn.simulateDrop(holdMs),
      undrop: () => this.conn.endDrop(),
      dests: () => (this.model.turn === this.seat && !this.model.openSeat ? this.model.dests : {}),
      fen: () => this.model.fen,
    };
    this.conn.open();
    this.clocks.start();
  }

  private act(a: ClientAction): void {
    this.message.textContent = '';
    void this.conn.send(a).then((error) => {
      if (error) this.message.textContent = error;
    });
  }

  private userMove(uci: string): void {
    if (!uci || !this.seat) return this.drawBoard();
    const ply = this.model.plies.length + 1;
    if (this.claimKind) {
      this.act({ t: 'claim', d: { kind: this.claimKind, move: uci } });
      this.claimKind = null;
      return;
    }
    this.act({ t: 'move', d: { uci, ply, offer_draw: this.offerWithMove || undefined } });
    this.offerWithMove = false;
    const box = this.root.querySelector<HTMLInputElement>('.offer-with-move input');
    if (box) box.checked = false;
  }

  private typedMove(e: Event): void {
    e.preventDefault();
    if (this.model.openSeat) {
      this.message.textContent = t('game.notJoined');
      return;
    }
    if (!this.seat || this.model.turn !== this.seat || this.model.over) {
      this.message.textContent = t('game.notYourTurn');
      return;
    }
    const parsed = parseTypedMove(this.typed.value, this.model.fen, this.model.dests, this.seat, this.settings.language);
    if ('error' in parsed) {
      this.message.textContent = parsed.error;
      return;
    }
    this.typed.value = '';
    this.userMove(parsed.uci);
  }

  private showOpening(o: Opening | null): void {
    this.opening.textContent = o ? `${o.eco} ${o.name}` : '';
    this.opening.hidden = !o;
  }

  private onEvent(e: GameEvent, replayed: boolean): void {
    this.model.apply(e, performance.now());
    if (e.t === 'move') {
      if (!replayed) {
        play(e.d.capture ? 'capture' : 'move');
        const who = t(`side.${e.d.side}`);
        announce(this.announcer, e.d.announce ?? {}, e.d.san, who);
      }
      if (this.viewPly !== null) this.viewPly = null;
      if (e.d.opening) this.showOpening(e.d.opening);
    }
    if (e.t === 'end' && !replayed) play('end');
    if (e.t === 'draw' && e.d.action === 'decline' && this.seat && e.d.side !== this.seat) {
      this.message.textContent = t('game.declines', { side: t(`side.${e.d.side}`) });
    }
    if (e.t === 'claim' && !e.d.upheld) {
      const p = e.d.penalty;
      this.message.textContent = p
        ? t('game.claimRejectedPenalty', { article: e.d.article, count: p.ms / 60000, clock: t(`game.clockOf.${p.side}`) })
        : t('game.claimRejected', { article: e.d.article });
    }
    this.refresh();
    if (e.t === 'move' && e.d.intended) this.board.cancelPremove(); // the claim ends the game
    else if (e.t === 'move' && this.seat && this.model.turn === this.seat) this.board.playPremove();
  }

  private onDirect(m: DirectMessage): void {
    switch (m.t) {
      case 'state':
        this.model.load(m.d, performance.now());
        this.showOpening(m.d.opening ?? null);
        if (m.d.tournament) {
          this.eventLink.setAttribute('href', `/tournament/${encodeURIComponent(m.d.tournament)}`);
          this.eventLink.textContent = t('tour.backToEvent');
          this.eventLink.hidden = false;
        }
        this.refresh();
        break;
      case 'clock':
        if (m.d) this.model.setClock(m.d, performance.now());
        break;
      case 'error':
        this.message.textContent = serverError(m.d);
        if (m.id !== undefined) this.drawBoard(); // a refused move snaps back
        break;
      case 'seat':
        saveToken(m.d.game_id, m.d.seat, m.d.token);
        break;
      case 'crowd':
        this.status.dataset.spectators = String(m.d.spectators);
        for (const side of ['white', 'black'] as const) {
          if (this.presence?.[side] && !m.d[side]) this.leftAt[side] = new Date();
          if (m.d[side]) this.leftAt[side] = null;
        }
        this.presence = m.d;
        if (m.d.white && m.d.black && this.model.openSeat) {
          this.model.openSeat = null;
          this.refresh();
        } else this.showCrowd();
        break;
      default:
        break;
    }
  }

  // "Boris (Black) left at 14:05 · 2 watching": who of the players is away, and how many watch.
  private showCrowd(): void {
    const p = this.presence;
    if (!p) return;
    const away: string[] = [];
    for (const side of ['white', 'black'] as const) {
      const player = this.model.players[side];
      if (p[side] || player.kind === 'computer' || this.model.openSeat === side) continue;
      const who = t('player.withSide', { name: displayName(player.name), side: t(`side.${side}`) });
      const left = this.leftAt[side];
      away.push(left ? t('crowd.leftAt', { who, time: formatTime(left) }) : t('crowd.notHere', { who }));
    }
    const text = [...away, p.spectators === 0 ? t('crowd.nobody') : t('crowd.watching', { count: p.spectators })].join(' · ');
    if (this.crowd.textContent !== text) this.crowd.textContent = text;
  }

  private setStatus(s: string, detail?: string): void {
    this.status.textContent = s === 'online' ? '' : s === 'offline' ? t('conn.reconnecting') : s === 'closed' ? t('conn.disconnected', { detail: detail ?? '' }) : t('conn.connecting');
    this.status.dataset.state = s;
  }

  // The server rates a game moments after its end: asked again until the changes are there.
  private askRatings(attempt: number): void {
    getRatings(this.id)
      .then(({ ratings }) => {
        if (ratings.length === 0) {
          if (attempt < 10) window.setTimeout(() => this.askRatings(attempt + 1), 1000);
          return;
        }
        this.ratingBox.replaceChildren(
          ...ratings.map((r) =>
            h('div.rating', { 'data-color': r.color }, `${displayName(this.model.players[r.color].name)}: ${r.before} → ${r.after}${r.provisional ? '?' : ''} (${r.diff >= 0 ? '+' : ''}${r.diff})`),
          ),
        );
      })
      .catch(() => undefined);
  }

  private refresh(): void {
    this.moves.setLanguage(this.settings.language as NotationLanguage);
    this.moves.render(this.model.plies);
    this.controls.render(this.model, this.seat);
    this.clocks.render(performance.now());
    this.showCrowd();
    this.typed.placeholder = t('game.typePlaceholder', { knight: translateSan('Nf3', this.settings.language === 'figurine' ? 'en' : this.settings.language, 'white') });
    const end = this.model.ending;
    this.banner.replaceChildren();
    if (end) {
      this.banner.append(h('strong.result', {}, end.result === '*' ? '' : displayResult(end.result)), h('span.reason', {}, ` ${endingSentence(end, this.model.turn)}`));
      // The article the result rests on, and its text: "FIDE Laws, Art. 5.1.1: The player who…".
      if (end.article) {
        const law = lawText(end.article);
        this.banner.append(h('p.law', {}, h('span.article', {}, law ? `${t('game.lawRef', { article: end.article })}: ` : t('game.lawRef', { article: end.article })), law ?? ''));
      }
      if (this.model.rated) {
        if (!this.ratingsAsked) {
          this.ratingsAsked = true;
          this.askRatings(0);
        }
        this.banner.append(this.ratingBox);
      }
    } else if (this.model.drawOffer && this.seat && this.model.drawOffer !== this.seat) {
      this.banner.append(h('span.offer', {}, t('game.offers', { side: t(`side.${this.model.drawOffer}`) })));
    } else if (this.model.openSeat && this.seat && seekOfGame(this.id)) {
      this.stopSeek ??= keepSeek(this.id, currentAccount()?.name ?? localStorage.getItem('arbiter.name') ?? '');
      const cancel = (): void => {
        this.stopSeek?.(true);
        location.assign('/');
      };
      this.banner.append(h('span.seek-waiting', {}, `${t('game.seekWaiting')} `), h('button.cancel-seek', { type: 'button', onclick: cancel }, t('game.seekCancel')));
    } else if (this.model.openSeat && this.seat) {
      const url = `${location.origin}${inviteFor(this.id) ?? `/g/${this.id}`}`;
      const field = h('input.invite-url', { type: 'text', readonly: true, value: url, 'aria-label': t('game.inviteAria'), onfocus: (e: Event) => (e.target as HTMLInputElement).select() });
      const copy = (): void => {
        void copyText(field).then((done) => {
          this.copyStatus.textContent = done ? t('game.copied') : t('game.copyManually');
        });
      };
      this.banner.append(h('span.invite', {}, `${t('game.inviteLead')} `), field, h('button.copy', { type: 'button', onclick: copy }, t('game.copy')), ' ', this.copyStatus);
    } else if (this.claimKind) {
      this.banner.append(h('span.claim-armed', {}, t(`game.claimArmed.${this.claimKind}`)));
    }
    if (this.stopSeek && !this.model.openSeat) {
      this.stopSeek();  // taken: the opponent has joined
      this.stopSeek = null;
    }
    this.banner.hidden = this.banner.childElementCount === 0;
    if (this.offerBox) this.offerBox.hidden = this.model.over;
    if (this.typedForm) this.typedForm.hidden = this.model.over;
    this.drawBoard();
  }

  private drawBoard(): void {
    const plies = this.model.plies;
    const shown = this.viewPly ?? plies.length;
    const last = shown > 0 ? plies[shown - 1] : undefined;
    const live = this.viewPly === null && !this.model.over;
    // While a friend game waits for its second player nobody may move (the server would
    // refuse it: too-early): the board offers no piece.
    const mine = this.model.openSeat ? null : this.seat;
    const turn: Side = shown === plies.length ? this.model.turn : last ? other(last.side) : 'white';
    this.board.update({
      fen: last?.fen ?? (this.model.startFen || this.model.fen),
      turn,
      lastMove: last?.uci ?? null,
      check: last?.check ?? false,
      dests: live && mine !== null && this.model.turn === mine ? this.model.dests : {},
      mySide: mine,
      live,
    });
    this.analysis.update({ over: this.model.over, analysable: this.model.over && this.model.ending?.termination !== 'aborted', ply: shown });
  }
}

// Copies the text of a field. navigator.clipboard exists only in secure contexts (https,
// localhost); on a plain-http address the field is selected and copied with the copy
// command instead. Resolves whether the text was copied.
async function copyText(field: HTMLInputElement): Promise<boolean> {
  if (window.isSecureContext && 'clipboard' in navigator) {
    try {
      await navigator.clipboard.writeText(field.value);
      return true;
    } catch {
      // refused (a permission): the copy command may still work
    }
  }
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
