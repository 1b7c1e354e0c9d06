// The restart test (issue 8; docs/store.md "How clocks continue by wall time"): start the
// server on a fresh data directory, play moves over the WebSocket, kill -9 it, start it
// again on the same directory and check that
//   - every acknowledged move is still there (same UCI, SAN, FEN, clocks after each move),
//   - the side to move was charged the wall time that passed (within a tolerance),
//   - the other side's clock did not change,
//   - the event numbering continues (a reconnect with last_seq replays nothing missing),
//   - the game goes on: more moves, then a result, and the PGN has all the moves.
// Needs a server it controls: ARBITER_SERVER=/path/to/arbiter (default: build/…/arbiter)
// or ARBITER_SERVER=mock (the mock's --data mode); skipped with ARBITER_URL.
//
//   node --test test/restart/restart.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, friendGame, inviteSecret, rest, seated } from '../support/client.mjs';
import { serverChoice, startServer } from '../support/server.mjs';

const external = serverChoice().kind === 'url';
let server;
before(async () => {
  if (!external) server = await startServer('restart');
});
after(async () => server?.stop());

// Tolerance for the charged time: request latency on both sides of the comparison plus
// the lag compensation (at most 250 ms per move, web-protocol.md §3.3) the server may
// grant; a loaded CI machine gets some more.
const TOLERANCE_MS = 600;

// The movetext of a PGN without tags, comments and move numbers.
export const pgnMoves = (pgn) =>
  pgn
    .replace(/^\[.*\]\s*$/gm, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\d+\.(\.\.)?/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function sample(id) {
  const sent = Date.now();
  const res = await rest(server.url, 'GET', `/api/games/${id}`);
  const received = Date.now();
  assert.equal(res.status, 200, `GET /api/games/${id}: ${res.text}`);
  return { state: res.body, at: (sent + received) / 2 };
}

test('kill -9 and restart: same moves, clocks charged by wall time, the game goes on', { skip: external && 'needs a server the test starts (not ARBITER_URL)' }, async (t) => {
  const game = await friendGame(server.url, { timeControl: '300' });
  const table = await seated(server.url, game);
  for (const uci of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4']) await table.play(uci);
  const seqBefore = Math.max(table.w.lastSeq(), table.b.lastSeq());
  const { state: before, at: beforeAt } = await sample(game.id);
  assert.equal(before.turn, 'black');
  assert.equal(before.clock.running, 'black', 'Black to move: his clock runs');
  await table.close();

  await server.kill9();
  const downMs = 1500;
  await sleep(downMs);
  await server.start();

  const { state: after, at: afterAt } = await sample(game.id);
  assert.equal(after.status, 'ongoing');
  assert.deepEqual(after.moves.map((m) => m.uci), before.moves.map((m) => m.uci), 'the same moves');
  assert.deepEqual(after.moves.map((m) => m.san), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4']);
  assert.deepEqual(after.moves.map((m) => m.fen), before.moves.map((m) => m.fen), 'the same positions');
  assert.deepEqual(after.moves.map((m) => m.clock), before.moves.map((m) => m.clock), 'the same clocks after each move');
  assert.equal(after.fen, before.fen);
  assert.equal(after.turn, 'black');
  assert.equal(after.seq, before.seq, 'no event lost or added');
  assert.equal(after.clock.running, 'black', 'the clock of the side to move still runs');
  assert.equal(after.clock.white, before.clock.white, 'White, not on move, was not charged');
  const elapsed = afterAt - beforeAt;
  const charged = before.clock.black - after.clock.black;
  assert.ok(elapsed >= downMs);
  t.diagnostic(`down ${downMs} ms; between the samples ${Math.round(elapsed)} ms of wall time; Black charged ${charged} ms`);
  assert.ok(Math.abs(charged - elapsed) <= TOLERANCE_MS, `Black was charged ${charged} ms for ${Math.round(elapsed)} ms of wall time`);
  assert.deepEqual(Object.keys(after.dests).sort(), Object.keys(before.dests).sort(), 'the same legal moves');

  // Black reconnects with the last event it had: nothing to replay, the welcome has the same seq.
  const b = new Client(server.url, game.id);
  const welcome = await b.hello(game.black, seqBefore);
  assert.equal(welcome.t, 'welcome', JSON.stringify(welcome));
  assert.equal(welcome.role, 'black');
  assert.equal(welcome.seq, seqBefore);
  await b.close();

  // The game continues from both seats (same tokens) to a result.
  const again = await seated(server.url, game);
  const seen = await again.play('g8f6');
  assert.equal(seen.seq, seqBefore + 1, 'event numbering continues without a gap');
  assert.equal(seen.d.san, 'Nf6');
  await again.play('d2d3');
  const answer = await again.b.act({ t: 'resign' });
  assert.equal(answer.t, 'ack', JSON.stringify(answer));
  const end = await again.w.wait((m) => m.t === 'end');
  assert.equal(end.d.result, '1-0');
  assert.equal(end.d.termination, 'resignation');
  await again.close();

  // Restarted once more: the finished game stays finished, with all seven moves in its PGN.
  await server.restart();
  const { state: last } = await sample(game.id);
  assert.equal(last.status, 'ended');
  assert.equal(last.result, '1-0');
  assert.equal(last.moves.length, 7);
  const pgn = await rest(server.url, 'GET', `/api/games/${game.id}/pgn`);
  assert.equal(pgn.status, 200);
  assert.deepEqual(pgnMoves(pgn.text), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'd3', '1-0']);
});

test('a game waiting for its second player survives kill -9, and the invitation still works', { skip: external && 'needs a server the test starts (not ARBITER_URL)' }, async () => {
  const created = await rest(server.url, 'POST', '/api/games', { time_control: 'rapid', variant: 'standard', color: 'black', opponent: { type: 'friend' }, name: 'Anna' });
  assert.equal(created.status, 201);
  await server.kill9();
  await server.start();
  const state = await rest(server.url, 'GET', `/api/games/${created.body.id}`);
  assert.equal(state.status, 200);
  assert.equal(state.body.open_seat, 'white');
  // Without the secret the seat stays closed; with it, it opens after the restart too.
  assert.equal((await rest(server.url, 'POST', `/api/games/${created.body.id}/join`, { name: 'Mallory' })).status, 403);
  const joined = await rest(server.url, 'POST', `/api/games/${created.body.id}/join`, { name: 'Boris', invite: inviteSecret(created.body.invite) });
  assert.equal(joined.status, 200);
  assert.equal(joined.body.seat, 'white');
  const table = await seated(server.url, { id: created.body.id, white: joined.body.token, black: created.body.token });
  await table.play('d2d4');
  await table.play('d7d5');
  await table.close();
});

test('a flag that fell while the server was down ends the game by time at restart (6.9)', { skip: external && 'needs a server the test starts (not ARBITER_URL)' }, async () => {
  const game = await friendGame(server.url, { timeControl: '3' });
  const table = await seated(server.url, game);
  await table.play('e2e4');
  await table.play('e7e5'); // White's 3 s start now (web-protocol.md §3.3)
  await table.close();
  await server.kill9();
  await sleep(3500);
  await server.start();
  const { state } = await sample(game.id);
  assert.equal(state.status, 'ended', JSON.stringify(state.clock));
  assert.equal(state.result, '0-1');
  assert.equal(state.termination, 'time_forfeit');
  assert.equal(state.clock.white, 0);
  assert.equal(state.moves.length, 2);
  const w = new Client(server.url, game.id);
  await w.hello(game.white);
  const end = await w.wait((m) => m.t === 'state' && m.d.status === 'ended');
  assert.equal(end.d.article, '6.9');
  await w.close();
});
