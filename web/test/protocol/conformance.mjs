// Protocol conformance (docs/web-protocol.md) from a plain WebSocket client: runs against
// the mock server by default, or a real server with ARBITER_URL=http://host:port.
// Checks: REST create/join/state, hello/welcome/state, numbered events without gaps, acks
// after the events, move resend idempotence, refusals (other seat's turn, spectators, bad
// token), replay after reconnect, and the message size limit.
//
//   node test/protocol/conformance.mjs
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let base = process.env.ARBITER_URL;
let mock = null;

before(async () => {
  if (base) return;
  mock = spawn(process.execPath, [path.join(web, 'test', 'mock-server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve) => {
    mock.stdout.on('data', (chunk) => {
      const m = /listening on (http:\/\/\S+)/.exec(String(chunk));
      if (m) resolve(m[1]);
    });
  });
});
after(() => mock?.kill());

async function rest(method, url, body) {
  const res = await fetch(base + url, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: await res.json() };
}

// A client that records every message and can wait for one matching a predicate.
class Client {
  constructor(gameId) {
    this.messages = [];
    this.waiters = [];
    this.ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/${gameId}/ws`);
    this.ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => !(w.match(msg) && (w.resolve(msg), true)));
    });
    this.closed = new Promise((resolve) => this.ws.on('close', (code) => resolve(code)));
    this.opened = new Promise((resolve) => this.ws.on('open', resolve));
  }
  async hello(token, lastSeq = 0) {
    await this.opened;
    this.send({ t: 'hello', v: 1, token, last_seq: lastSeq });
    return this.wait((m) => m.t === 'welcome' || m.t === 'error');
  }
  send(msg) {
    this.ws.send(JSON.stringify(msg));
  }
  wait(match, ms = 3000) {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), ms);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }
  events() {
    return this.messages.filter((m) => typeof m.seq === 'number' && m.t !== 'welcome');
  }
  close() {
    this.ws.close();
  }
}

async function friendGame() {
  const created = await rest('POST', '/api/games', { time_control: 'blitz', variant: 'standard', color: 'white', opponent: { type: 'friend' }, name: 'Anna' });
  assert.equal(created.status, 201);
  assert.equal(created.body.seat, 'white');
  const joined = await rest('POST', `/api/games/${created.body.id}/join`, { name: 'Boris' });
  assert.equal(joined.status, 200);
  assert.equal(joined.body.seat, 'black');
  return { id: created.body.id, white: created.body.token, black: joined.body.token };
}

test('REST: bad time control is a 400 with a field; unknown game 404; third join 409', async () => {
  const bad = await rest('POST', '/api/games', { time_control: '3 minutes', variant: 'standard', color: 'white', opponent: { type: 'friend' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.field, 'time_control');
  assert.equal((await rest('GET', '/api/games/doesnotexist')).status, 404);
  const g = await friendGame();
  assert.equal((await rest('POST', `/api/games/${g.id}/join`, { name: 'Carl' })).status, 409);
  const state = await rest('GET', `/api/games/${g.id}`);
  assert.equal(state.body.white.name, 'Anna');
  assert.equal(state.body.black.name, 'Boris');
  assert.ok(!JSON.stringify(state.body).includes(g.white), 'tokens never appear in the public state');
});

test('a move: events first, then the ack; dests for the next side; seq without gaps', async () => {
  const g = await friendGame();
  const w = new Client(g.id);
  const b = new Client(g.id);
  assert.equal((await w.hello(g.white)).role, 'white');
  assert.equal((await b.hello(g.black)).role, 'black');
  await w.wait((m) => m.t === 'state');
  w.send({ t: 'move', id: 1, d: { uci: 'e2e4', ply: 1 } });
  const ack = await w.wait((m) => m.t === 'ack' && m.id === 1);
  const move = w.messages.find((m) => m.t === 'move');
  assert.ok(w.messages.indexOf(move) < w.messages.indexOf(ack), 'the event comes before its ack');
  assert.equal(move.d.san, 'e4');
  assert.deepEqual(move.d.dests.e7.sort(), ['e5', 'e6']);
  const seen = await b.wait((m) => m.t === 'move');
  assert.equal(seen.seq, move.seq);
  // Black's reply, then the same move again (a resend after a lost ack): acked, not replayed.
  b.send({ t: 'move', id: 1, d: { uci: 'e7e5', ply: 2 } });
  await b.wait((m) => m.t === 'ack' && m.id === 1);
  b.send({ t: 'move', id: 1, d: { uci: 'e7e5', ply: 2 } });
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(b.messages.filter((m) => m.t === 'ack' && m.id === 1).length, 2);
  assert.equal(b.events().filter((m) => m.t === 'move').length, 2, 'the resend made no new event');
  const seqs = b.events().map((e) => e.seq);
  seqs.forEach((s, i) => i > 0 && assert.equal(s, seqs[i - 1] + 1));
  w.close();
  b.close();
});

test('refusals: the other seat, a spectator, a bad token, an illegal move', async () => {
  const g = await friendGame();
  const b = new Client(g.id);
  await b.hello(g.black);
  b.send({ t: 'move', id: 5, d: { uci: 'e7e5', ply: 1 } }); // White is to move
  assert.equal((await b.wait((m) => m.t === 'error' && m.id === 5)).d.code, 'not-your-turn');
  const w = new Client(g.id);
  await w.hello(g.white);
  w.send({ t: 'move', id: 6, d: { uci: 'e2e5', ply: 1 } });
  assert.equal((await w.wait((m) => m.t === 'error' && m.id === 6)).d.code, 'illegal-move');
  const s = new Client(g.id);
  assert.equal((await s.hello(null)).role, 'spectator');
  s.send({ t: 'resign', id: 1 });
  assert.equal((await s.wait((m) => m.t === 'error' && m.id === 1)).d.code, 'not-a-player');
  const intruder = new Client(g.id);
  const refused = await intruder.hello('0'.repeat(32));
  assert.equal(refused.t, 'error');
  assert.equal(refused.d.code, 'bad-token');
  assert.equal(refused.d.fatal, true);
  await intruder.closed;
  [b, w, s].forEach((c) => c.close());
});

test('reconnect with last_seq replays exactly the missed events', async () => {
  const g = await friendGame();
  const w = new Client(g.id);
  const b = new Client(g.id);
  await w.hello(g.white);
  await b.hello(g.black);
  w.send({ t: 'move', id: 1, d: { uci: 'd2d4', ply: 1 } });
  await w.wait((m) => m.t === 'ack' && m.id === 1);
  const lastSeq = Math.max(...w.events().map((e) => e.seq), (await w.wait((m) => m.t === 'state')).d.seq);
  w.close();
  b.send({ t: 'move', id: 1, d: { uci: 'd7d5', ply: 2 } });
  await b.wait((m) => m.t === 'ack' && m.id === 1);
  const again = new Client(g.id);
  const welcome = await again.hello(g.white, lastSeq);
  await again.wait((m) => m.t === 'move' && m.d.uci === 'd7d5');
  assert.equal(again.messages.filter((m) => m.t === 'state').length, 0, 'a replay, not a snapshot');
  assert.deepEqual(again.events().map((e) => e.seq), Array.from({ length: welcome.seq - lastSeq }, (_, i) => lastSeq + 1 + i));
  again.close();
  b.close();
});

test('a message over 8 KiB closes the socket with 1009', async () => {
  const g = await friendGame();
  const w = new Client(g.id);
  await w.hello(g.white);
  w.send({ t: 'move', id: 1, d: { uci: 'x'.repeat(9000), ply: 1 } });
  assert.equal(await w.closed, 1009);
});
