// A plain WebSocket and REST client of docs/web-protocol.md for the node tests: records
// every message, waits for one matching a predicate, sends actions with their own ids,
// acknowledges events as the browser does, and answers pings.
import WebSocket from 'ws';

export async function rest(base, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, body: json, text, headers: res.headers };
}

export class Client {
  constructor(base, gameId, { autoAck = true } = {}) {
    this.messages = [];
    this.waiters = [];
    this.nextId = 1;
    this.ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/games/${gameId}/ws`);
    this.ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      this.messages.push(msg);
      if (msg.t === 'ping') this.send({ t: 'pong', n: msg.n });
      if (autoAck && typeof msg.seq === 'number' && msg.t !== 'welcome') this.scheduleAck(msg.seq);
      this.waiters = this.waiters.filter((w) => !(w.match(msg) && (w.resolve(msg), true)));
    });
    this.ws.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.ws.on('close', (code) => resolve(code)));
    this.opened = new Promise((resolve, reject) => {
      this.ws.on('open', resolve);
      this.ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  // Acknowledges the highest seq at most every 200 ms, as the browser does (§2.2): the
  // server allows 20 messages a second per socket, acks included.
  scheduleAck(seq) {
    this.ackSeq = Math.max(this.ackSeq ?? 0, seq);
    if (this.ackTimer) return;
    this.ackTimer = setTimeout(() => {
      this.ackTimer = null;
      this.send({ t: 'ack', seq: this.ackSeq });
    }, 200);
  }

  async hello(token, lastSeq = 0) {
    await this.opened;
    this.send({ t: 'hello', v: 1, token, last_seq: lastSeq });
    return this.wait((m) => m.t === 'welcome' || m.t === 'error');
  }

  send(msg) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  // Sends an action with a fresh id; resolves with the ack or error for that id.
  async act(action, ms = 5000) {
    const id = this.nextId++;
    this.send({ ...action, id });
    return this.wait((m) => (m.t === 'ack' || m.t === 'error') && m.id === id, ms, `the answer to ${JSON.stringify({ ...action, id })}`);
  }

  // Resolves with the first message (already received or coming) matching `match`.
  wait(match, ms = 5000, what = String(match)) {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  events() {
    return this.messages.filter((m) => typeof m.seq === 'number' && m.t !== 'welcome');
  }

  lastSeq() {
    const state = this.messages.findLast((m) => m.t === 'state');
    return Math.max(state?.d.seq ?? 0, ...this.events().map((e) => e.seq));
  }

  close() {
    clearTimeout(this.ackTimer);
    this.ws.close();
    return this.closed;
  }
}

// The secret of an invitation link "/g/ID#invite=SECRET".
export const inviteSecret = (link) => new URLSearchParams(String(link).split('#')[1] ?? '').get('invite');

export async function friendGame(base, { timeControl = 'blitz', names = ['Anna', 'Boris'] } = {}) {
  const created = await rest(base, 'POST', '/api/games', { time_control: timeControl, variant: 'standard', color: 'white', opponent: { type: 'friend' }, name: names[0] });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const joined = await rest(base, 'POST', `/api/games/${created.body.id}/join`, { name: names[1], invite: inviteSecret(created.body.invite) });
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  return { id: created.body.id, white: created.body.token, black: joined.body.token, created: created.body, joined: joined.body };
}

// Both players connected; `play(uci)` makes the next move from the right seat and waits
// for its ack (and for the other player to see the move event).
export async function seated(base, game) {
  const w = new Client(base, game.id);
  const b = new Client(base, game.id);
  const ww = await w.hello(game.white);
  const bw = await b.hello(game.black);
  if (ww.t !== 'welcome' || bw.t !== 'welcome') throw new Error(`hello refused: ${JSON.stringify(ww)} ${JSON.stringify(bw)}`);
  await w.wait((m) => m.t === 'state');
  let ply = (await rest(base, 'GET', `/api/games/${game.id}`)).body.moves.length;
  const play = async (uci, extra = {}) => {
    ply++;
    const mover = ply % 2 === 1 ? w : b;
    const watcher = ply % 2 === 1 ? b : w;
    const answer = await mover.act({ t: 'move', d: { uci, ply, ...extra } });
    if (answer.t !== 'ack') throw new Error(`move ${ply} ${uci}: ${JSON.stringify(answer)}`);
    const p = ply;
    return watcher.wait((m) => m.t === 'move' && m.d.ply === p);
  };
  return { w, b, play, close: () => Promise.all([w.close(), b.close()]) };
}
