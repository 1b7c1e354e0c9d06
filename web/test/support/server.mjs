// Starts the server a test runs against, and stops it again. One place decides which:
//
//   ARBITER_URL=http://host:port   a server someone else started (not stopped, not restarted)
//   ARBITER_SERVER=mock            the protocol fixture test/mock-server.mjs
//   ARBITER_SERVER=/path/arbiter   that binary: `arbiter serve --port P --data TMP --web web/dist`
//   (nothing)                      the newer of build/release/bin/arbiter, build/h-web/bin/arbiter
//
// A started server gets a free port and a fresh data directory under the system's temp
// directory (removed on stop unless the test keeps it); its output goes to
// build/e2e/logs/NAME.log (a CI artefact), and readiness is a successful GET /api/presets.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const repo = path.resolve(web, '..');
export const artefacts = path.join(repo, 'build', 'e2e');

const CANDIDATES = ['build/release/bin/arbiter', 'build/h-web/bin/arbiter'].map((p) => path.join(repo, p));

// Which server: {kind: 'url'|'mock'|'binary', url?, binary?}.
export function serverChoice() {
  if (process.env.ARBITER_URL) return { kind: 'url', url: process.env.ARBITER_URL.replace(/\/$/, '') };
  const wanted = process.env.ARBITER_SERVER;
  if (wanted === 'mock') return { kind: 'mock' };
  if (wanted) return { kind: 'binary', binary: path.resolve(wanted) };
  const found = CANDIDATES.filter((p) => existsSync(p)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (found) return { kind: 'binary', binary: found };
  throw new Error(`no arbiter binary (looked for ${CANDIDATES.join(', ')}); build it, or set ARBITER_SERVER=/path/to/arbiter, ARBITER_SERVER=mock or ARBITER_URL`);
}

export function describeChoice(choice = serverChoice()) {
  return choice.kind === 'url' ? `external server ${choice.url}` : choice.kind === 'mock' ? 'mock server' : `${choice.binary} serve`;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// One GET without keep-alive (fetch's pooled sockets would keep the test process alive).
function probe(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitReady(url, child, deadlineMs) {
  const until = Date.now() + deadlineMs;
  let lastError = null;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    try {
      const status = await probe(`${url}/api/presets`);
      if (status === 200) return;
      lastError = new Error(`GET /api/presets: ${status}`);
    } catch (e) {
      lastError = e;
    }
    await sleep(50);
  }
  throw new Error(`the server at ${url} was not ready within ${deadlineMs} ms: ${lastError?.message}`);
}

// A running server. `restart()` starts the same binary again on the same data directory
// (and port); `kill9()` ends it as a crash would.
class ServerProcess {
  constructor(choice, name, dataDir, keepData) {
    this.choice = choice;
    this.name = name;
    this.dataDir = dataDir;
    this.keepData = keepData;
    this.child = null;
    this.port = 0;
    this.url = choice.url ?? null;
    this.starts = 0;
    this.extraArgs = [];
  }

  get controllable() {
    return this.choice.kind !== 'url';
  }

  async start() {
    if (this.choice.kind === 'url') {
      await waitReady(this.url, null, 5000);
      return this;
    }
    if (!this.port) this.port = await freePort();
    this.starts++;
    await mkdir(path.join(artefacts, 'logs'), { recursive: true });
    const log = createWriteStream(path.join(artefacts, 'logs', `${this.name}${this.starts > 1 ? `.${this.starts}` : ''}.log`));
    const args =
      this.choice.kind === 'mock'
        ? [path.join(web, 'test', 'mock-server.mjs'), '--port', String(this.port), '--data', this.dataDir]
        : ['serve', '--port', String(this.port), '--data', this.dataDir, '--web', path.join(web, 'dist'), ...this.extraArgs];
    const command = this.choice.kind === 'mock' ? process.execPath : this.choice.binary;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: repo });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    child.on('error', (e) => log.write(`spawn error: ${e.message}\n`));
    this.child = child;
    this.url = `http://127.0.0.1:${this.port}`;
    await waitReady(this.url, child, 20000);
    return this;
  }

  // SIGKILL: no shutdown code runs.
  async kill9() {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  async restart() {
    await this.kill9();
    return this.start();
  }

  async stop() {
    if (this.child) {
      const child = this.child;
      child.kill('SIGTERM');
      let timer;
      const done = await Promise.race([this.exited, new Promise((r) => (timer = setTimeout(r, 5000, null)))]);
      clearTimeout(timer);
      if (!done) {
        child.kill('SIGKILL');
        await this.exited;
      }
      this.child = null;
    }
    if (this.dataDir && !this.keepData) await rm(this.dataDir, { recursive: true, force: true });
  }
}

// Starts the chosen server; `name` names its log file.
// `extraArgs`: more options of `arbiter serve` (e.g. --test-clock).
export async function startServer(name, { keepData = false, extraArgs = [] } = {}) {
  const choice = serverChoice();
  const dataDir = choice.kind === 'url' ? null : await mkdtemp(path.join(os.tmpdir(), `arbiter-${name}-`));
  const server = new ServerProcess(choice, name, dataDir, keepData);
  server.extraArgs = extraArgs;
  try {
    return await server.start();
  } catch (e) {
    await server.stop();
    throw e;
  }
}
