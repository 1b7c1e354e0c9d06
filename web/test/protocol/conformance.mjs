// Protocol conformance (docs/web-protocol.md) from a plain WebSocket client, against the
// real server (default: build/release/bin/arbiter serve on a temp data dir), the mock
// (ARBITER_SERVER=mock) or a running server (ARBITER_URL=http://host:port); see
// test/support/server.mjs. Checks: REST create/join/state/PGN/FEN/list, hello/welcome/
// state, numbered events without gaps, acks after the events, whole games to checkmate,
// stalemate-free draws and resignation, move resend idempotence, refusals (the other
// seat's token, spectators, a bad token, illegal moves, malformed input), replay after a
// reconnect, and the message size limit.
//
//   node --test test/protocol/conformance.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client as BaseClient, friendGame as newFriendGame, inviteSecret, rest as restAt, seated } from '../support/client.mjs';
import { serverChoice, startServer } from '../support/server.mjs';

let server;
let base;
before(async () => {
  server = await startServer('protocol');
  base = server.url;
});
after(async () => server?.stop());

const rest = (method, url, body) => restAt(base, method, url, body);
class Client extends BaseClient {
  constructor(gameId, options) {
    super(base, gameId, options);
  }
}
const friendGame = async () => {
  const g = await newFriendGame(base);
  assert.equal(g.created.seat, 'white');
  assert.equal(g.joined.seat, 'black');
  return g;
};

test('REST: a friend game waiting for its invitee is not listed, and only the invitation secret opens its seat', async () => {
  const created = await rest('POST', '/api/games', { time_control: 'blitz', variant: 'standard', color: 'white', opponent: { type: 'friend' }, name: 'Anna' });
  assert.equal(created.status, 201);
  assert.match(created.body.invite, /^\/g\/[A-Za-z0-9]+#invite=[0-9a-f]{32}$/);
  for (const status of ['ongoing', 'recent', 'all']) {
    const list = await rest('GET', `/api/games?status=${status}&limit=1000`);
    assert.ok(!list.body.games.some((x) => x.id === created.body.id), `not listed as ${status}`);
  }
  for (const invite of [undefined, '', 'ffffffffffffffffffffffffffffffff']) {
    const stolen = await rest('POST', `/api/games/${created.body.id}/join`, { name: 'Mallory', invite });
    assert.equal(stolen.status, 403, `invite ${invite}`);
    assert.equal(stolen.body.error.code, 'bad-invite');
  }
  const joined = await rest('POST', `/api/games/${created.body.id}/join`, { name: 'Boris', invite: inviteSecret(created.body.invite) });
  assert.equal(joined.status, 200);
  assert.equal(joined.body.seat, 'black');
});

test('REST: bad time control is a 400 with a field; unknown game 404; third join 409', async () => {
  const bad = await rest('POST', '/api/games', { time_control: '3 minutes', variant: 'standard', color: 'white', opponent: { type: 'friend' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.field, 'time_control');
  assert.equal((await rest('GET', '/api/games/doesnotexist')).status, 404);
  const g = await friendGame();
  assert.equal((await rest('POST', `/api/games/${g.id}/join`, { name: 'Carl', invite: inviteSecret(g.created.invite) })).status, 409);
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
  const acks = () => b.messages.filter((m) => m.t === 'ack' && m.id === 1).length;
  await b.wait(() => acks() === 2); // events an action causes come before its ack (§2.3)
  assert.equal(acks(), 2);
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

// The SAN moves of a PGN's movetext (tags, comments, move numbers and the result removed).
const pgnMoves = (pgn) =>
  pgn
    .replace(/^\[.*\]\s*$/gm, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\d+\.(\.\.)?/g, ' ')
    .split(/\s+/)
    .filter((t) => t && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));

test('a whole game to checkmate (Légal): move events, capture and check flags, end, PGN, FEN, lists', async () => {
  const g = await friendGame();
  const table = await seated(base, g);
  const line = 'e2e4 e7e5 g1f3 d7d6 f1c4 c8g4 b1c3 g7g6 f3e5 g4d1 c4f7 e8e7 c3d5'.split(' ');
  const seen = [];
  for (const uci of line) seen.push(await table.play(uci));
  assert.deepEqual(seen.map((m) => m.d.san), 'e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#'.split(' '));
  assert.deepEqual(seen.map((m) => m.d.capture), seen.map((m) => m.d.san.includes('x')));
  assert.deepEqual(seen.map((m) => m.d.check), seen.map((m) => /[+#]$/.test(m.d.san)));
  assert.deepEqual(seen.map((m) => m.d.ply), line.map((_, i) => i + 1));
  assert.deepEqual(seen.map((m) => m.d.side), line.map((_, i) => (i % 2 ? 'black' : 'white')));
  assert.equal(seen.at(-1).d.fen.split(' ')[0], 'rn1q1bnr/ppp1kB1p/3p2p1/3NN3/4P3/8/PPPP1PPP/R1BbK2R');
  assert.deepEqual(seen.at(-1).d.dests, {}, 'no legal moves after mate');
  assert.equal(typeof seen[0].d.announce?.en, 'string');
  for (const c of [table.w, table.b]) {
    const end = await c.wait((m) => m.t === 'end');
    assert.equal(end.d.result, '1-0');
    assert.equal(end.d.termination, 'checkmate');
    assert.equal(end.d.article, '5.1.1');
    assert.equal(end.d.winner, 'white');
    const seqs = c.events().map((e) => e.seq);
    seqs.forEach((s, i) => i > 0 && assert.equal(s, seqs[i - 1] + 1, 'events without gaps'));
  }
  const late = await table.b.act({ t: 'move', d: { uci: 'a7a6', ply: 14 } });
  assert.equal(late.t, 'error');
  assert.equal(late.d.code, 'game-over');
  const state = await rest('GET', `/api/games/${g.id}`);
  assert.equal(state.body.status, 'ended');
  assert.equal(state.body.result, '1-0');
  assert.equal(state.body.termination, 'checkmate');
  assert.equal(state.body.moves.length, 13);
  const pgn = await rest('GET', `/api/games/${g.id}/pgn`);
  assert.equal(pgn.status, 200);
  assert.match(pgn.headers.get('content-type'), /application\/x-chess-pgn/);
  assert.deepEqual(pgnMoves(pgn.text), 'e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#'.split(' '));
  assert.match(pgn.text, /\[Result "1-0"\]/);
  const fen = await rest('GET', `/api/games/${g.id}/fen`);
  assert.equal(fen.text.trim(), state.body.fen);
  const fen1 = await rest('GET', `/api/games/${g.id}/fen?ply=1`);
  assert.equal(fen1.text.trim(), state.body.moves[0].fen);
  assert.equal(fen1.text.trim().split(' ').slice(0, 3).join(' '), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq');
  const recent = await rest('GET', '/api/games?status=recent&limit=50');
  assert.ok(recent.body.games.some((x) => x.id === g.id && x.result === '1-0'), 'the game is listed as recent');
  const ongoing = await rest('GET', '/api/games?status=ongoing');
  assert.ok(!ongoing.body.games.some((x) => x.id === g.id), 'and not as ongoing');
  await table.close();
});

test('a whole game with en passant, castling (both forms), promotion, a declined draw and a resignation', async () => {
  const g = await friendGame();
  const table = await seated(base, g);
  const line = 'e2e4 f7f5 e4e5 d7d5 e5d6 g8f6 d6c7 e7e6 g1f3 f8e7 f1c4 e8h8 e1g1 d8d7 c7b8q a8b8'.split(' ');
  const sans = [];
  for (const uci of line) sans.push((await table.play(uci)).d.san);
  assert.deepEqual(sans, 'e4 f5 e5 d5 exd6 Nf6 dxc7 e6 Nf3 Be7 Bc4 O-O O-O Qd7 cxb8=Q Rxb8'.split(' '));
  const draw = await table.w.act({ t: 'draw', d: { action: 'offer' } });
  assert.equal(draw.t, 'ack', JSON.stringify(draw));
  const offer = await table.b.wait((m) => m.t === 'draw' && m.d.action === 'offer');
  assert.equal(offer.d.side, 'white');
  assert.equal((await table.b.act({ t: 'draw', d: { action: 'decline' } })).t, 'ack');
  await table.w.wait((m) => m.t === 'draw' && m.d.action === 'decline');
  const noOffer = await table.b.act({ t: 'draw', d: { action: 'accept' } });
  assert.equal(noOffer.d?.code, 'no-offer');
  assert.equal((await table.b.act({ t: 'resign' })).t, 'ack');
  const end = await table.w.wait((m) => m.t === 'end');
  assert.deepEqual([end.d.result, end.d.termination, end.d.article, end.d.winner], ['1-0', 'resignation', '5.1.2', 'white']);
  await table.close();
});

test('draw by agreement; abort before both moved, not after; draw offers too early', async () => {
  const g = await friendGame();
  const table = await seated(base, g);
  await table.play('e2e4');
  assert.equal((await table.w.act({ t: 'draw', d: { action: 'offer' } })).d?.code, 'too-early', 'no offer before both moved (5.2.3)');
  await table.play('e7e5');
  assert.equal((await table.w.act({ t: 'abort' })).d?.code, 'cannot-abort');
  await table.play('g1f3', { offer_draw: true });
  const offer = await table.b.wait((m) => m.t === 'draw' && m.d.action === 'offer');
  assert.equal(offer.d.side, 'white');
  assert.equal((await table.b.act({ t: 'draw', d: { action: 'accept' } })).t, 'ack');
  const end = await table.w.wait((m) => m.t === 'end');
  assert.deepEqual([end.d.result, end.d.termination, end.d.article], ['1/2-1/2', 'agreement', '5.2.3']);
  await table.close();

  const h = await friendGame();
  const t2 = await seated(base, h);
  await t2.play('d2d4');
  assert.equal((await t2.b.act({ t: 'abort' })).t, 'ack');
  const aborted = await t2.w.wait((m) => m.t === 'end');
  assert.equal(aborted.d.result, '*');
  assert.equal(aborted.d.termination, 'aborted');
  assert.equal((await rest('GET', `/api/games/${h.id}`)).body.status, 'aborted');
  await t2.close();
});

test('threefold: a rejected claim is penalised (9.5.3), a claim with the move and a plain claim are upheld', async () => {
  const g = await friendGame();
  const table = await seated(base, g);
  const wrong = await table.w.act({ t: 'claim', d: { kind: 'threefold' } });
  assert.equal(wrong.t, 'ack', 'a wrong claim is a refereed claim, not a protocol error');
  const rejected = await table.b.wait((m) => m.t === 'claim');
  assert.equal(rejected.d.upheld, false);
  assert.equal(rejected.d.penalty?.side, 'black', 'the opponent gets the time (9.5.3)');
  assert.ok([60000, 120000].includes(rejected.d.penalty?.ms));
  const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1'];
  let last;
  for (const uci of shuffle) last = await table.play(uci);
  // Black to move: f6g8 would make the start position stand a third time (9.2.1.1).
  assert.equal(last.d.claims.threefold, false);
  assert.ok(last.d.claims.threefold_moves.includes('f6g8'), JSON.stringify(last.d.claims));
  assert.equal((await table.b.act({ t: 'claim', d: { kind: 'threefold', move: 'f6g8' } })).t, 'ack');
  const upheld = await table.w.wait((m) => m.t === 'claim' && m.d.upheld);
  assert.equal(upheld.d.article, '9.2');
  const end = await table.w.wait((m) => m.t === 'end');
  assert.deepEqual([end.d.result, end.d.termination, end.d.article], ['1/2-1/2', 'threefold_claim', '9.2']);
  const intended = table.w.messages.find((m) => m.t === 'move' && m.d.ply === 8);
  assert.equal(intended?.d.san, 'Ng8', 'the intended move was played');
  assert.equal(intended.d.intended, true, 'and marked as the intended move of the claim (§3.2)');
  assert.equal((await rest('GET', `/api/games/${g.id}`)).body.moves.length, 8, 'and stored');
  await table.close();

  const h = await friendGame();
  const t2 = await seated(base, h);
  let after;
  for (const uci of ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1', 'f6g8']) after = await t2.play(uci);
  assert.equal(after.d.claims.threefold, true, 'White may claim: the start position stands for the third time');
  assert.equal((await t2.w.act({ t: 'claim', d: { kind: 'threefold' } })).t, 'ack');
  assert.equal((await t2.b.wait((m) => m.t === 'end')).d.termination, 'threefold_claim');
  await t2.close();
});

test("another seat's token cannot act for the player on move, and a spectator cannot act at all", async () => {
  const g = await friendGame();
  const table = await seated(base, g);
  await table.play('e2e4');
  // Black to move: White's token cannot make Black's move.
  const stolen = await table.w.act({ t: 'move', d: { uci: 'e7e5', ply: 2 } });
  assert.equal(stolen.t, 'error');
  assert.equal(stolen.d.code, 'not-your-turn');
  const stolenClaim = await table.w.act({ t: 'claim', d: { kind: 'fifty' } });
  assert.equal(stolenClaim.d?.code, 'not-your-turn');
  const spectator = new Client(g.id);
  assert.equal((await spectator.hello(null)).role, 'spectator');
  for (const action of [
    { t: 'move', d: { uci: 'e7e5', ply: 2 } },
    { t: 'draw', d: { action: 'offer' } },
    { t: 'claim', d: { kind: 'threefold' } },
    { t: 'resign' },
    { t: 'abort' },
  ]) {
    const answer = await spectator.act(action);
    assert.equal(answer.t, 'error', `${action.t} from a spectator`);
    assert.equal(answer.d.code, 'not-a-player', `${action.t} from a spectator`);
  }
  // A token of another game is a bad token here.
  const other = await friendGame();
  const intruder = new Client(g.id);
  const refused = await intruder.hello(other.black);
  assert.equal(refused.d?.code, 'bad-token');
  await intruder.closed;
  // Nothing happened: Black's move is still to come.
  const state = await rest('GET', `/api/games/${g.id}`);
  assert.equal(state.body.moves.length, 1);
  assert.equal(state.body.status, 'ongoing');
  await table.play('e7e5');
  await spectator.wait((m) => m.t === 'move' && m.d.ply === 2);
  await spectator.close();
  await table.close();
});

test('a resent move is acknowledged once per attempt and played once; a different move at a past ply is stale', async () => {
  const g = await friendGame();
  const table = await seated(base, g);
  await table.play('c2c4');
  const move = { t: 'move', id: 41, d: { uci: 'c7c5', ply: 2 } };
  table.b.send(move);
  table.b.send(move); // the resend after a lost ack: same id, same ply
  const answers = () => table.b.messages.filter((m) => (m.t === 'ack' || m.t === 'error') && m.id === 41).length;
  await table.b.wait(() => answers() === 2);
  await table.w.act({ t: 'flag' }); // a round trip on the other socket: its events are in too
  assert.equal(table.b.messages.filter((m) => m.t === 'ack' && m.id === 41).length, 2, 'each attempt answered by one ack');
  assert.equal(table.b.messages.filter((m) => m.t === 'error' && m.id === 41).length, 0);
  assert.equal(table.w.events().filter((e) => e.t === 'move' && e.d.ply === 2).length, 1, 'one move event');
  assert.equal((await rest('GET', `/api/games/${g.id}`)).body.moves.length, 2);
  const stale = await table.w.act({ t: 'move', d: { uci: 'd2d4', ply: 1 } });
  assert.equal(stale.d?.code, 'stale-ply');
  await table.close();
});

test('malformed input: bad JSON and unknown types are errors, not crashes; an oversized REST body is 413', async () => {
  const g = await friendGame();
  const w = new Client(g.id);
  await w.hello(g.white);
  w.send('{"t": "move", ');
  assert.equal((await w.wait((m) => m.t === 'error' && m.d.code === 'bad-json')).d.code, 'bad-json');
  w.send({ t: 'teleport', id: 3 });
  assert.equal((await w.wait((m) => m.t === 'error' && m.id === 3)).d.code, 'unknown-type');
  assert.equal((await w.act({ t: 'move', d: { uci: 'e2e4', ply: 1 } })).t, 'ack', 'the socket still works');
  await w.close();
  const big = await rest('POST', '/api/games', { time_control: 'blitz', name: 'x'.repeat(20000) });
  assert.equal(big.status, 413);
  assert.equal((await rest('GET', '/api/presets')).status, 200, 'the server is still up');
});

test('against the computer: it answers every move, past move 10', async () => {
  const created = await rest('POST', '/api/games', { time_control: 'rapid', variant: 'standard', color: 'white', opponent: { type: 'computer', level: 1 }, name: 'Anna' });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.invite, undefined);
  const w = new Client(created.body.id);
  await w.hello(created.body.token);
  let state = (await w.wait((m) => m.t === 'state')).d;
  assert.equal(state.black.kind, 'computer');
  let dests = state.dests;
  for (let ply = 1; ply <= 19; ply += 2) {
    if (Object.keys(dests).length === 0) break; // the game ended early
    const from = Object.keys(dests).sort()[0];
    const answer = await w.act({ t: 'move', d: { uci: from + dests[from][0] + (/^[a-h]7$/.test(from) && dests[from][0][1] === '8' ? 'q' : ''), ply } });
    assert.equal(answer.t, 'ack', JSON.stringify(answer));
    const reply = await w.wait((m) => (m.t === 'move' && m.d.ply === ply + 1) || m.t === 'end', 20000);
    if (reply.t === 'end') break;
    assert.equal(reply.d.side, 'black');
    dests = reply.d.dests;
  }
  state = (await rest('GET', `/api/games/${created.body.id}`)).body;
  assert.ok(state.moves.length >= 20 || state.status === 'ended', `${state.moves.length} plies`);
  await w.close();
});

test('hostile input on the socket: each bad message is refused, the socket and the server carry on', async () => {
  const g = await friendGame();
  const early = new Client(g.id);
  await early.opened;
  early.send({ t: 'move', id: 1, d: { uci: 'e2e4', ply: 1 } }); // before hello
  const closedEarly = await early.closed;
  assert.ok([1008, 4000, 4003].includes(closedEarly) || closedEarly >= 1000, `closed with ${closedEarly}`);
  const w = new Client(g.id);
  await w.hello(g.white);
  const bad = [
    { t: 'move', id: 2 }, // no d
    { t: 'move', id: 3, d: { uci: 42, ply: 1 } },
    { t: 'move', id: 4, d: { uci: 'e2e4', ply: 'one' } },
    { t: 'move', id: 5, d: { uci: 'e2e4', ply: 1e300 } },
    { t: 'move', id: 6, d: { uci: 'e2e4\u0000', ply: 1 } },
    { t: 'move', id: 7, d: { uci: 'e2', ply: 1 } },
    { t: 'draw', id: 8, d: { action: 'surrender' } },
    { t: 'claim', id: 9, d: { kind: 'boredom' } },
    { t: 'rematch', id: 10, d: {} },
    { t: ['move'], id: 11 },
  ];
  for (const msg of bad) {
    w.send(msg);
    const answer = await w.wait((m) => m.t === 'error' && (m.id === msg.id || m.id == null) && !w.seenErrors?.has(m), 3000, `an error for ${JSON.stringify(msg)}`);
    (w.seenErrors ??= new Set()).add(answer);
    assert.equal(typeof answer.d.code, 'string');
    assert.equal(typeof answer.d.message, 'string');
    await new Promise((r) => setTimeout(r, 60)); // stay under 20 messages a second
  }
  w.send('[1,2,3]');
  w.send('null');
  await new Promise((r) => setTimeout(r, 150));
  assert.equal((await w.act({ t: 'move', d: { uci: 'e2e4', ply: 1 } })).t, 'ack', 'the socket still plays');
  await w.close();
  assert.equal((await rest('GET', `/api/games/${g.id}`)).body.moves.length, 1);
});

test('REST input checks: bad colour, level, variant, Chess960 number and JSON are 400s; a join with the own token is idempotent', async () => {
  const create = (body) => rest('POST', '/api/games', { time_control: 'blitz', variant: 'standard', color: 'white', opponent: { type: 'friend' }, ...body });
  for (const body of [{ color: 'purple' }, { variant: 'crazyhouse' }, { variant: 'chess960', chess960: 960 }, { opponent: { type: 'computer', level: 9 } }, { opponent: { type: 'alien' } }, { time_control: '' }]) {
    const res = await create(body);
    assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.status} ${res.text}`);
    assert.equal(typeof res.body?.error?.code, 'string', res.text);
  }
  const notJson = await rest('POST', '/api/games', '{"time_control": ');
  assert.equal(notJson.status, 400);
  const fr = await create({ variant: 'chess960', chess960: 0 });
  assert.equal(fr.status, 201, fr.text);
  if (serverChoice().kind !== 'mock') assert.equal(fr.body.game.start_fen.split(' ')[0], 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR'); // the mock has no Chess960
  const g = await friendGame();
  const again = await rest('POST', `/api/games/${g.id}/join`, { name: 'Boris', token: g.black });
  assert.equal(again.status, 200);
  assert.equal(again.body.seat, 'black');
  const list = await rest('GET', '/api/games?status=ongoing');
  assert.equal(list.status, 200);
  assert.ok(Array.isArray(list.body.games));
});

test('more than 20 messages a second: rate-limited, then closed with 1008; the game is unharmed', async () => {
  const g = await friendGame();
  const w = new Client(g.id, { autoAck: false });
  await w.hello(g.white);
  for (let i = 0; i < 40; i++) w.send({ t: 'flag', id: 100 + i });
  assert.equal(await w.closed, 1008);
  assert.ok(w.messages.some((m) => m.t === 'error' && m.d.code === 'rate-limited'));
  const again = new Client(g.id);
  await again.hello(g.white);
  assert.equal((await again.act({ t: 'move', d: { uci: 'd2d4', ply: 1 } })).t, 'ack');
  await again.close();
});

test('a spectator sees the moves and the presence of both players', async () => {
  const g = await friendGame();
  const table = await seated(base, g);
  const s = new Client(g.id);
  const welcome = await s.hello(null);
  assert.equal(welcome.role, 'spectator');
  const crowd = await s.wait((m) => m.t === 'crowd' && m.d.white && m.d.black);
  assert.ok(crowd.d.spectators >= 1);
  await table.play('e2e4');
  const seen = await s.wait((m) => m.t === 'move' && m.d.ply === 1);
  assert.equal(seen.d.san, 'e4');
  assert.equal(typeof seen.d.lag_ms, 'number', 'the lag compensation granted is reported (§3.3)');
  // §3.3: pings every 5 s to the players of a game whose clock runs (every 15 s to the
  // spectators); while a clock runs each pong is answered with a clock sync.
  await table.play('e7e5');
  await table.w.wait((m) => m.t === 'ping', 7000, 'a ping to a player');
  const clock = await table.w.wait((m) => m.t === 'clock', 5000, 'a clock sync after the pong');
  assert.equal(clock.d.running, 'white', 'White\'s clock runs once both sides have moved');
  await table.close();
  await s.wait((m) => m.t === 'crowd' && !m.d.white && !m.d.black);
  await s.close();
});

test('clocks: no clock before both moved, a quick move under a delay costs nothing, a period adds its time at the quota', async () => {
  const d = await newFriendGame(base, { timeControl: '900d5' });
  const t1 = await seated(base, d);
  const first = await t1.play('e2e4');
  assert.equal(first.d.clock.running, null, 'no clock runs after White\'s first move');
  const second = await t1.play('e7e5');
  assert.equal(second.d.clock.running, 'white', 'White\'s clock starts when Black completed his first move');
  assert.equal(second.d.clock.delay_ms, 5000);
  const third = await t1.play('g1f3'); // well inside the 5 s delay (6.3.2)
  assert.equal(third.d.clock.white, 900000, 'a move inside the delay uses no main time');
  assert.equal(third.d.clock.running, 'black');
  await t1.close();

  const p = await newFriendGame(base, { timeControl: '2/60:30' });
  const t2 = await seated(base, p);
  let last;
  for (const uci of ['e2e4', 'e7e5', 'g1f3']) last = await t2.play(uci);
  // White made his 2 moves: 30 s added, sudden death now (to_control null); Black has 1 to go.
  assert.deepEqual(last.d.clock.to_control, { white: null, black: 1 }, JSON.stringify(last.d.clock));
  assert.ok(last.d.clock.white > 88000 && last.d.clock.white <= 90000, `White after his 2nd move: ${last.d.clock.white}`);
  const black2 = await t2.play('b8c6');
  assert.ok(black2.d.clock.black > 60000 + 30000 - 2000 && black2.d.clock.black <= 90000, `Black after his 2nd move: ${black2.d.clock.black} (60 s + 30 s)`);
  assert.equal(black2.d.clock.to_control, null, 'both in sudden death');
  await t2.close();
});
