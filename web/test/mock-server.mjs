// A UI test fixture that speaks docs/web-protocol.md (version 1) well enough to play in
// the browser without the C++ server (ARBITER_SERVER=mock for the tests): REST, one
// WebSocket per game with numbered events, replay, acks, clocks with increment, delay and
// periods, draw offers, claims (with the 9.5.3 penalty), resign, abort, rematch and a
// "computer" that plays random legal moves. It is NOT a referee: no dead-position rule,
// no Chess960, no lag compensation.
//
// With --data DIR every game is written to DIR/ID.json (synchronously, before the ack)
// and reloaded at start, so the restart test can run against the mock too.
//
//   node test/mock-server.mjs [--port 8090] [--dist dist] [--data DIR]
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { START_FEN as chessStart } from './mock-chess.mjs';
import { Game, PRESETS } from './mock-game.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg('--port', process.env.MOCK_PORT || 8090));
const dist = path.resolve(here, '..', arg('--dist', 'dist'));
const dataDir = arg('--data', null);
const games = new Map();
const id = (n) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.map': 'application/json' };

function send(res, status, body, type = 'application/json') {
  const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(text);
}
const fail = (res, status, code, message, field) => send(res, status, { error: { code, message, field } });

async function body(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 16384) throw Object.assign(new Error('body too large'), { status: 413 });
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw Object.assign(new Error('bad JSON'), { status: 400, code: 'bad-json' });
  }
}

function persist(game) {
  if (!dataDir) return;
  const file = path.join(dataDir, `${game.id}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(game.snapshot()));
  renameSync(`${file}.tmp`, file);
}

function createGame(spec, creatorName) {
  const gameId = id(8);
  const game = new Game(gameId, spec, creatorName, (next) => createGame(next, next.name));
  games.set(gameId, game);
  game.onChange = persist;
  persist(game);
  return game;
}

if (dataDir) {
  mkdirSync(dataDir, { recursive: true });
  for (const f of readdirSync(dataDir).filter((n) => n.endsWith('.json'))) {
    const game = Game.restore(JSON.parse(readFileSync(path.join(dataDir, f), 'utf8')), (next) => createGame(next, next.name));
    game.onChange = persist;
    games.set(game.id, game);
  }
}

async function api(req, res, url) {
  const parts = url.pathname.split('/').filter(Boolean); // api, games, id, sub
  if (parts[1] === 'presets') return send(res, 200, { presets: PRESETS });
  if (parts[1] !== 'games') return fail(res, 404, 'not-found', 'no such endpoint');
  if (parts.length === 2 && req.method === 'GET') {
    const status = url.searchParams.get('status');
    const list = [...games.values()]
      .filter((g) => g.moves.length > 0 || g.over) // a game not yet started is never listed
      .filter((g) => !status || (status === 'ongoing' ? !g.over : g.over))
      .sort((a, b) => b.updated - a.updated)
      .map((g) => g.summary());
    return send(res, 200, { games: list });
  }
  if (parts.length === 2 && req.method === 'POST') {
    const spec = await body(req);
    const error = Game.validate(spec);
    if (error) return fail(res, 400, error.code, error.message, error.field);
    const game = createGame(spec, spec.name);
    const seat = game.creatorSeat;
    return send(res, 201, { id: game.id, seat, token: game.tokens[seat], invite: game.computer ? undefined : `/g/${game.id}#invite=${game.invite}`, game: game.state() });
  }
  const game = games.get(parts[2]);
  if (!game) return fail(res, 404, 'not-found', `no game '${parts[2]}'`, 'id');
  if (parts[3] === 'join' && req.method === 'POST') {
    const b = await body(req);
    const joined = game.join(b.name, b.token, b.invite);
    if (!joined) return fail(res, 409, 'seat-taken', 'both seats are taken');
    if (joined === 'bad-invite') return fail(res, 403, 'bad-invite', 'this seat is open only to the holder of the invitation link', 'invite');
    return send(res, 200, { seat: joined, token: game.tokens[joined], game: game.state() });
  }
  if (parts[3] === 'pgn') return send(res, 200, game.pgn(), 'application/x-chess-pgn; charset=utf-8');
  if (parts[3] === 'fen') {
    const ply = url.searchParams.get('ply');
    return send(res, 200, ply ? game.moves[Number(ply) - 1]?.fen ?? chessStart : game.fen, 'text/plain');
  }
  if (!parts[3]) return send(res, 200, game.state());
  return fail(res, 404, 'not-found', 'no such endpoint');
}

async function staticFile(res, pathname) {
  const rel = pathname === '/' || pathname.startsWith('/g/') ? 'index.html' : pathname.slice(1);
  const file = path.resolve(dist, rel);
  if (!file.startsWith(dist)) return fail(res, 403, 'forbidden', 'outside dist');
  try {
    send(res, 200, await readFile(file), TYPES[path.extname(file)] || 'application/octet-stream');
  } catch {
    fail(res, 404, 'not-found', `no file ${rel}`);
  }
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  try {
    if (url.pathname.startsWith('/api/')) await api(req, res, url);
    else await staticFile(res, url.pathname);
  } catch (e) {
    fail(res, e.status || 500, e.code || 'internal', e.message);
  }
});

const wss = new WebSocketServer({ noServer: true, maxPayload: 8192, perMessageDeflate: false });
server.on('upgrade', (req, socket, head) => {
  const m = /^\/api\/games\/([A-Za-z0-9]+)\/ws$/.exec(new URL(req.url, 'http://localhost').pathname);
  const game = m && games.get(m[1]);
  if (!game) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => game.connect(ws));
});

server.listen(port, '127.0.0.1', () => {
  console.log(`mock server listening on http://127.0.0.1:${server.address().port}`);
});
