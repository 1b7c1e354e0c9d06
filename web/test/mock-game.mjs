// One game of the mock server (see mock-server.mjs): state, clocks, numbered events and
// the WebSocket sessions watching it. Shapes follow docs/web-protocol.md.
import { randomBytes } from 'node:crypto';
import * as chess from './mock-chess.mjs';

export const PRESETS = [
  { id: 'bullet', name: 'Bullet 1+0', time_control: '60', category: 'blitz' },
  { id: 'blitz', name: 'Blitz 3+2', time_control: '180+2', category: 'blitz' },
  { id: 'rapid', name: 'Rapid 15+10', time_control: '900+10', category: 'rapid' },
  { id: 'classical', name: 'Classical 90/40+30, then 30+30', time_control: '40/5400+30:1800+30', category: 'standard' },
  { id: 'delay', name: '15 min, 5 s delay', time_control: '900d5', category: 'rapid' },
];

const PERIOD = /^(?:(\d+)\/)?(\d+)(?:\+(\d+))?(?:d(\d+))?$/;
const other = (side) => (side === 'white' ? 'black' : 'white');
const token = () => randomBytes(16).toString('hex');
const ARTICLES = { checkmate: '5.1.1', resignation: '5.1.2', time_forfeit: '6.9', stalemate: '5.2.1', agreement: '5.2.3', threefold_claim: '9.2', fifty_move_claim: '9.3', fivefold_repetition: '9.6.1', seventyfive_moves: '9.6.2', aborted: null };

function parseTimeControl(text) {
  if (text === '-') return [];
  return text.split(':').map((p) => {
    const m = PERIOD.exec(p);
    if (!m) throw new Error(`not a time control: '${text}'`);
    return { moves: Number(m[1] || 0), base: 1000 * Number(m[2]), inc: 1000 * Number(m[3] || 0), delay: 1000 * Number(m[4] || 0) };
  });
}

export class Game {
  // The fields of a client message (§2.3), or what is wrong with them.
  static checkShape(msg) {
    const d = msg.d;
    const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
    switch (msg.t) {
      case 'move':
        if (!isObj(d) || typeof d.uci !== 'string' || !Number.isSafeInteger(d.ply)) return 'move needs d.uci (string) and d.ply (integer)';
        return null;
      case 'draw':
      case 'rematch':
        if (!isObj(d) || !['offer', 'accept', 'decline'].includes(d.action)) return `${msg.t} needs d.action: offer, accept or decline`;
        return null;
      case 'claim':
        if (!isObj(d) || !['threefold', 'fifty'].includes(d.kind) || (d.move != null && typeof d.move !== 'string')) return 'claim needs d.kind: threefold or fifty';
        return null;
      default:
        return null;
    }
  }

  static validate(spec) {
    const tc = PRESETS.find((p) => p.id === spec.time_control)?.time_control ?? spec.time_control;
    try {
      parseTimeControl(String(tc ?? ''));
    } catch (e) {
      return { code: 'time-control-syntax', message: e.message, field: 'time_control' };
    }
    if (spec.variant && !['standard', 'chess960'].includes(spec.variant)) return { code: 'invalid-argument', message: 'unknown variant', field: 'variant' };
    if (spec.color != null && !['white', 'black', 'random'].includes(spec.color)) return { code: 'invalid-argument', message: 'color: white, black or random', field: 'color' };
    if (spec.chess960 != null && !(Number.isInteger(spec.chess960) && spec.chess960 >= 0 && spec.chess960 <= 959)) return { code: 'invalid-argument', message: 'chess960: 0..959', field: 'chess960' };
    const opponent = spec.opponent ?? { type: 'friend' };
    if (!['friend', 'computer'].includes(opponent.type)) return { code: 'invalid-argument', message: 'opponent: friend or computer', field: 'opponent' };
    if (opponent.type === 'computer' && opponent.level != null && !(Number.isInteger(opponent.level) && opponent.level >= 1 && opponent.level <= 8)) return { code: 'invalid-argument', message: 'level: 1..8', field: 'opponent.level' };
    return null;
  }

  constructor(id, spec, name, spawn) {
    this.id = id;
    this.spawn = spawn;
    this.spec = spec;
    this.timeControl = PRESETS.find((p) => p.id === spec.time_control)?.time_control ?? spec.time_control;
    this.periods = parseTimeControl(this.timeControl);
    this.creatorSeat = spec.color === 'black' ? 'black' : spec.color === 'white' ? 'white' : Math.random() < 0.5 ? 'white' : 'black';
    this.computer = spec.opponent?.type === 'computer' ? other(this.creatorSeat) : null;
    this.names = { white: '?', black: '?' };
    this.names[this.creatorSeat] = name || 'Anonymous';
    if (this.computer) this.names[this.computer] = `Computer level ${spec.opponent.level ?? 1}`;
    this.tokens = { white: token(), black: token() };
    this.invite = this.computer ? null : token(); // only this secret opens the open seat
    this.joined = { [this.creatorSeat]: true, ...(this.computer ? { [this.computer]: true } : {}) };
    this.pos = chess.parseFen(chess.START_FEN);
    this.history = [this.key()];
    this.moves = [];
    this.events = [];
    this.sockets = new Set();
    this.drawOffer = null;
    this.rematchOffer = null;
    this.result = '*';
    this.termination = null;
    this.text = null;
    this.over = false;
    this.updated = Date.now();
    const first = this.periods[0];
    this.clock = first ? { white: first.base + first.inc, black: first.base + first.inc, running: null, since: 0, count: { white: 0, black: 0 }, period: { white: 0, black: 0 } } : null;
    this.flagTimer = null;
    this.onChange = null; // the server's persistence hook (--data), called after every event
  }

  // What --data keeps of a game: enough to rebuild it after a restart (even kill -9). The
  // clock's `since` is wall time, so a running clock keeps running while the mock is down.
  snapshot() {
    const { id, spec, timeControl, creatorSeat, computer, names, tokens, invite, joined, moves, events, drawOffer, rematchOffer, result, termination, text, over, updated, clock } = this;
    return { id, spec, timeControl, creatorSeat, computer, names, tokens, invite, joined, moves, events, drawOffer, rematchOffer, result, termination, text, over, updated, clock };
  }

  static restore(saved, spawn) {
    const game = new Game(saved.id, { ...saved.spec, color: saved.creatorSeat }, saved.names[saved.creatorSeat], spawn);
    const { spec: _spec, ...fields } = saved;
    Object.assign(game, fields);
    for (const m of saved.moves) {
      game.pos = chess.makeMove(game.pos, chess.findMove(game.pos, m.uci));
      game.history.push(game.key());
    }
    game.armFlag();
    if (!game.over && game.computer === game.turn) setTimeout(() => game.computerMove(), 300);
    return game;
  }

  get fen() { return chess.toFen(this.pos); }
  get turn() { return this.pos.side === 'w' ? 'white' : 'black'; }
  key() { return chess.toFen(this.pos).split(' ').slice(0, 4).join(' '); }

  // The seat joined, null when none is open, 'bad-invite' without the invitation's secret.
  join(name, existing, invite) {
    for (const seat of ['white', 'black']) if (existing && this.tokens[seat] === existing) return seat;
    const open = ['white', 'black'].find((s) => !this.joined[s]);
    if (!open) return null;
    if (!this.invite || invite !== this.invite) return 'bad-invite';
    this.joined[open] = true;
    this.names[open] = name || 'Anonymous';
    this.emit('join', { side: open, name: this.names[open] });
    this.broadcastCrowd();
    return open;
  }

  // --- clocks
  clockView() {
    if (!this.clock) return null;
    const c = this.clock;
    const view = { white: c.white, black: c.black, running: c.running, delay_ms: 0, delay_left_ms: 0, to_control: null };
    if (c.running) {
      const p = this.periods[c.period[c.running]];
      const used = Date.now() - c.since;
      view.delay_ms = p.delay;
      view.delay_left_ms = Math.max(0, p.delay - used);
      view[c.running] = Math.max(0, c[c.running] - Math.max(0, used - p.delay));
    }
    const left = (s) => this.periods[c.period[s]].moves ? this.periods[c.period[s]].moves - c.count[s] : null;
    if (left('white') !== null || left('black') !== null) view.to_control = { white: left('white'), black: left('black') };
    return view;
  }

  pressClock(side) {
    const c = this.clock;
    if (!c) return;
    const now = Date.now();
    // Every move counts towards the period and earns the increment (credited in advance,
    // so the first moves too); only a running clock is charged.
    const p = this.periods[c.period[side]];
    if (c.running === side) c[side] -= Math.max(0, now - c.since - p.delay);
    c[side] += p.inc;
    c.count[side]++;
    const next = this.periods[c.period[side] + 1];
    if (p.moves && c.count[side] === p.moves && next) {
      c.period[side]++;
      c.count[side] = 0;
      c[side] += next.base;
    }
    if (this.moves.length >= 2) {
      c.running = other(side);
      c.since = now;
    }
    this.armFlag();
  }

  armFlag() {
    clearTimeout(this.flagTimer);
    const c = this.clock;
    if (!c || !c.running || this.over) return;
    const p = this.periods[c.period[c.running]];
    const due = c[c.running] + p.delay - (Date.now() - c.since);
    this.flagTimer = setTimeout(() => this.checkFlag(), Math.max(0, due) + 5);
  }

  checkFlag() {
    const view = this.clockView();
    if (view && view.running && view[view.running] <= 0 && view.delay_left_ms <= 0) {
      this.end(view.running === 'white' ? '0-1' : '1-0', 'time_forfeit', other(view.running));
    }
  }

  // --- events
  emit(t, d) {
    const event = { t, seq: this.events.length + 1, d };
    this.events.push(event);
    this.updated = Date.now();
    const text = JSON.stringify(event);
    this.onChange?.(this);
    for (const s of this.sockets) if (s.ready) s.ws.send(text);
    return event;
  }

  claims() {
    const none = { threefold: false, fifty: false, threefold_moves: [], fifty_moves: [] };
    if (this.over) return none;
    const legal = chess.legalMoves(this.pos);
    const count = (key) => this.history.filter((k) => k === key).length;
    const after = legal.map((m) => ({ m, next: chess.makeMove(this.pos, m) }));
    const keyOf = (p) => chess.toFen(p).split(' ').slice(0, 4).join(' ');
    return {
      threefold: count(this.key()) >= 3,
      fifty: this.pos.half >= 100,
      threefold_moves: after.filter(({ next }) => count(keyOf(next)) >= 2).map(({ m }) => chess.uciOf(m)),
      fifty_moves: after.filter(({ next }) => next.half >= 100).map(({ m }) => chess.uciOf(m)),
    };
  }

  applyMove(m, side, offerDraw, intended = false) {
    const legal = chess.legalMoves(this.pos);
    const san = chess.san(this.pos, m, legal);
    const announce = this.announce(m, san);
    this.pos = chess.makeMove(this.pos, m);
    this.history.push(this.key());
    const uci = chess.uciOf(m);
    this.moves.push({ uci, san, side, fen: this.fen });
    this.pressClock(side);
    const moveClock = this.clockView();
    if (this.moves.at(-1)) this.moves.at(-1).clock = { white: moveClock?.white ?? 0, black: moveClock?.black ?? 0 };
    const lapsed = this.drawOffer && this.drawOffer !== side;
    if (lapsed) this.drawOffer = null;
    const next = chess.legalMoves(this.pos);
    this.emit('move', {
      ply: this.moves.length, uci, san, side, fen: this.fen, capture: Boolean(this.pos.captured), check: chess.inCheck(this.pos),
      announce, clock: moveClock, lag_ms: 0, dests: chess.dests(this.pos, next), claims: this.claims(), draw_offer: this.drawOffer,
      can_abort: this.moves.length < 2, ...(intended ? { intended: true } : {}),
    });
    if (intended) return;
    if (lapsed) this.emit('draw', { action: 'lapse', side: other(side) });
    if (offerDraw && this.moves.length >= 2) this.offerDraw(side);
    if (next.length === 0) return this.end(chess.inCheck(this.pos) ? (side === 'white' ? '1-0' : '0-1') : '1/2-1/2', chess.inCheck(this.pos) ? 'checkmate' : 'stalemate', chess.inCheck(this.pos) ? side : null);
    if (this.history.filter((k) => k === this.key()).length >= 5) return this.end('1/2-1/2', 'fivefold_repetition', null);
    if (this.pos.half >= 150) return this.end('1/2-1/2', 'seventyfive_moves', null);
    if (this.computer === this.turn) setTimeout(() => this.computerMove(), 300);
  }

  announce(m, san) {
    const names = { P: 'Pawn', N: 'Knight', B: 'Bishop', R: 'Rook', Q: 'Queen', K: 'King' };
    const piece = this.pos.board[m.from].toUpperCase();
    if (san.startsWith('O-O')) return { en: san.startsWith('O-O-O') ? 'Long castling' : 'Short castling' };
    const verb = san.includes('x') ? 'takes' : 'to';
    return { en: `${names[piece]} ${chess.sqName(m.from)} ${verb} ${chess.sqName(m.to)}${san.endsWith('#') ? ' mate' : san.endsWith('+') ? ' check' : ''}` };
  }

  computerMove() {
    if (this.over || this.turn !== this.computer) return;
    const legal = chess.legalMoves(this.pos);
    this.applyMove(legal[Math.floor(Math.random() * legal.length)], this.computer, false);
  }

  offerDraw(side) {
    if (this.drawOffer === side) return;
    if (this.drawOffer === other(side)) return this.end('1/2-1/2', 'agreement', null);
    this.drawOffer = side;
    this.emit('draw', { action: 'offer', side });
  }

  end(result, termination, winner) {
    if (this.over) return;
    this.over = true;
    this.result = result;
    this.termination = termination;
    this.drawOffer = null;
    if (this.clock) {
      const view = this.clockView();
      Object.assign(this.clock, { white: view.white, black: view.black, running: null });
    }
    clearTimeout(this.flagTimer);
    const text = termination === 'aborted' ? 'Game aborted' : winner ? `${winner === 'white' ? 'White' : 'Black'} wins by ${termination.replace(/_/g, ' ')}` : `Draw by ${termination.replace(/_/g, ' ')}`;
    this.text = text; // the game state says it as the end event does
    this.emit('end', { result, termination, article: ARTICLES[termination] ?? null, winner, text, clock: this.clockView() });
  }

  state() {
    return {
      id: this.id,
      white: { name: this.names.white, kind: this.computer === 'white' ? 'computer' : 'human' },
      black: { name: this.names.black, kind: this.computer === 'black' ? 'computer' : 'human' },
      time_control: this.timeControl, category: PRESETS.find((p) => p.time_control === this.timeControl)?.category ?? 'rapid',
      variant: 'standard', chess960: null, start_fen: chess.START_FEN,
      status: this.over ? (this.termination === 'aborted' ? 'aborted' : 'ended') : this.moves.length ? 'ongoing' : 'created',
      open_seat: ['white', 'black'].find((x) => !this.joined[x]) ?? null,
      moves: this.moves.map(({ uci, san, fen, clock }) => ({ uci, san, fen, clock })),
      fen: this.fen, turn: this.turn, clock: this.clockView(),
      dests: this.over ? {} : chess.dests(this.pos), claims: this.claims(), draw_offer: this.drawOffer,
      can_abort: !this.over && this.moves.length < 2,
      result: this.result, termination: this.termination, article: this.termination ? ARTICLES[this.termination] ?? null : null,
      text: this.text ?? null,
      seq: this.events.length,
    };
  }

  summary() {
    const s = this.state();
    return { id: s.id, white: s.white.name, black: s.black.name, time_control: s.time_control, variant: s.variant, status: s.status, result: s.result, termination: s.termination, plies: this.moves.length, updated_ms: this.updated };
  }

  pgn() {
    const tags = { Event: 'Arbiter mock game', Site: 'localhost', White: this.names.white, Black: this.names.black, Result: this.result, TimeControl: this.timeControl };
    let text = Object.entries(tags).map(([k, v]) => `[${k} "${v}"]`).join('\n') + '\n\n';
    this.moves.forEach((m, i) => { text += (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + m.san + ' '; });
    return text + this.result + '\n';
  }

  broadcastCrowd() {
    const seats = { white: false, black: false };
    let spectators = 0;
    for (const s of this.sockets) if (s.ready) { if (s.role === 'spectator') spectators++; else seats[s.role] = true; }
    if (this.computer) seats[this.computer] = true;
    const text = JSON.stringify({ t: 'crowd', d: { ...seats, spectators } });
    for (const s of this.sockets) if (s.ready) s.ws.send(text);
  }

  connect(ws) {
    const session = { ws, ready: false, role: 'spectator', ping: 0, pingSent: 0 };
    this.sockets.add(session);
    const direct = (msg) => ws.send(JSON.stringify(msg));
    const error = (msgId, code, message, fatal = false, closeCode = 4003) => {
      direct({ t: 'error', id: msgId, d: { code, message, fatal } });
      if (fatal) ws.close(closeCode, code);
    };
    const sync = (lastSeq) => {
      if (!lastSeq || lastSeq > this.events.length || this.events.length - lastSeq > 200) direct({ t: 'state', d: this.state() });
      else for (const e of this.events.slice(lastSeq)) direct(e);
    };
    session.helloTimer = setTimeout(() => error(null, 'protocol', 'no hello within 5 s', true, 1008), 5000);
    const pinger = setInterval(() => { session.pingSent = Date.now(); direct({ t: 'ping', n: ++session.ping }); }, 5000);
    ws.on('error', () => undefined); // e.g. an oversized message: ws closes with 1009 itself
    ws.on('close', () => { clearInterval(pinger); clearTimeout(session.helloTimer); this.sockets.delete(session); this.broadcastCrowd(); });
    ws.on('message', (raw) => {
      let msg;
      try { msg = JSON.parse(String(raw)); } catch { return error(null, 'bad-json', 'not JSON'); }
      // At most 20 messages a second per socket (web-protocol.md §2).
      const now = Date.now();
      session.recent = (session.recent || []).filter((t) => now - t < 1000);
      session.recent.push(now);
      if (session.recent.length > 20) return error(null, 'rate-limited', 'more than 20 messages per second', true, 1008);
      const id = msg && typeof msg === 'object' && Number.isInteger(msg.id) ? msg.id : null;
      if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return error(null, 'bad-json', 'a message is a JSON object');
      if (typeof msg.t !== 'string') return error(id, 'bad-json', '"t" must be a string');
      const shape = Game.checkShape(msg);
      if (shape) return error(id, 'bad-json', shape);
      if (!session.ready) {
        if (msg.t !== 'hello') return error(null, 'protocol', 'hello first', true, 1008);
        if (msg.v !== 1) return error(null, 'version', 'only version 1', true);
        if (msg.token) {
          session.role = ['white', 'black'].find((s) => this.tokens[s] === msg.token);
          if (!session.role) return error(null, 'bad-token', 'no seat has this token', true);
        }
        session.ready = true;
        clearTimeout(session.helloTimer);
        direct({ t: 'welcome', v: 1, role: session.role, seq: this.events.length, server_ms: Date.now() });
        sync(msg.last_seq || 0);
        this.broadcastCrowd();
        return;
      }
      this.handle(session, msg, direct, error, sync);
    });
  }

  handle(session, msg, direct, error, sync) {
    const side = session.role;
    const ack = () => direct({ t: 'ack', id: msg.id });
    const d = msg.d || {};
    switch (msg.t) {
      case 'ack': return;
      case 'pong': return direct({ t: 'clock', d: this.clockView() });
      case 'resync': return sync(msg.last_seq || 0);
      case 'flag': this.checkFlag(); return ack();
    }
    if (side === 'spectator') return error(msg.id, 'not-a-player', 'spectators cannot act');
    if (msg.t === 'rematch') return this.rematch(side, d.action, ack, error, msg.id);
    if (this.over) return error(msg.id, 'game-over', 'the game is over');
    switch (msg.t) {
      case 'move': {
        const stood = this.moves[d.ply - 1];
        if (stood && stood.uci === d.uci && stood.side === side) return ack();
        if (!this.joined.white || !this.joined.black) return error(msg.id, 'too-early', 'the second player has not joined yet');
        if (this.turn !== side) return error(msg.id, 'not-your-turn', 'it is not your turn');
        if (d.ply !== this.moves.length + 1) return error(msg.id, 'stale-ply', `ply ${d.ply} given, ${this.moves.length + 1} expected`);
        const m = typeof d.uci === 'string' && /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(d.uci) ? chess.findMove(this.pos, d.uci) : null;
        if (!m) return error(msg.id, 'illegal-move', `${d.uci} is not a legal move`);
        this.applyMove(m, side, d.offer_draw);
        return ack();
      }
      case 'draw':
        if (this.moves.length < 2) return error(msg.id, 'too-early', 'both players must have moved (Art. 5.2.3)');
        if (d.action === 'offer' || (d.action === 'accept' && this.drawOffer === other(side))) { this.offerDraw(side); return ack(); }
        if (d.action === 'decline' && this.drawOffer === other(side)) { this.drawOffer = null; this.emit('draw', { action: 'decline', side }); return ack(); }
        return error(msg.id, 'no-offer', 'there is no draw offer to answer');
      case 'claim': return this.claim(side, d, ack, error, msg.id);
      case 'resign': this.end(side === 'white' ? '0-1' : '1-0', 'resignation', other(side)); return ack();
      case 'abort':
        if (this.moves.length >= 2) return error(msg.id, 'cannot-abort', 'both sides have moved');
        this.end('*', 'aborted', null); return ack();
      default: return error(msg.id, 'unknown-type', `unknown message type '${msg.t}'`);
    }
  }

  claim(side, d, ack, error, msgId) {
    if (this.turn !== side) return error(msgId, 'not-your-turn', 'only the side to move may claim (9.2, 9.3)');
    if (!['threefold', 'fifty'].includes(d.kind)) return error(msgId, 'invalid-argument', 'kind must be threefold or fifty');
    const m = d.move ? chess.findMove(this.pos, d.move) : null;
    if (d.move && !m) return error(msgId, 'illegal-move', `${d.move} is not a legal move`);
    const c = this.claims();
    const upheld = d.kind === 'threefold' ? (m ? c.threefold_moves.includes(chess.uciOf(m)) : c.threefold) : (m ? c.fifty_moves.includes(chess.uciOf(m)) : c.fifty);
    const article = d.kind === 'threefold' ? '9.2' : '9.3';
    if (upheld) {
      if (m) this.applyMove(m, side, false, true);
      this.emit('claim', { side, kind: d.kind, move: d.move ?? null, upheld: true, article, penalty: null });
      this.end('1/2-1/2', d.kind === 'threefold' ? 'threefold_claim' : 'fifty_move_claim', null);
      return ack();
    }
    const ms = this.timeControl === '60' || this.timeControl === '180+2' ? 60000 : 120000;
    if (this.clock) this.clock[other(side)] += ms;
    this.emit('claim', { side, kind: d.kind, move: d.move ?? null, upheld: false, article, penalty: { side: other(side), ms, article: '9.5.3' } });
    if (m) this.applyMove(m, side, false);
    return ack();
  }

  rematch(side, action, ack, error, msgId) {
    if (!this.over) return error(msgId, 'too-early', 'the game is not over');
    if (action === 'offer' && this.rematchOffer !== other(side)) {
      this.rematchOffer = side;
      this.emit('rematch', { action: 'offer', side, game_id: null });
      return ack();
    }
    if (action === 'decline') { this.rematchOffer = null; this.emit('rematch', { action: 'decline', side, game_id: null }); return ack(); }
    if (this.rematchOffer !== other(side)) return error(msgId, 'no-offer', 'no rematch offer to accept');
    const next = this.computer
      ? this.spawn({ ...this.spec, color: other(this.creatorSeat), name: this.names[this.creatorSeat] })
      : this.spawn({ ...this.spec, color: 'white', name: this.names.black });
    if (!next.computer) next.join(this.names.white, null, next.invite);
    this.emit('rematch', { action: 'accept', side, game_id: next.id });
    for (const s of this.sockets) {
      if (s.role === 'white' || s.role === 'black') {
        const seat = other(s.role);
        if (next.computer !== seat) s.ws.send(JSON.stringify({ t: 'seat', d: { game_id: next.id, seat, token: next.tokens[seat] } }));
      }
    }
    return ack();
  }
}
