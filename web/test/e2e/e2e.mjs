// Browser tests in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
// two browser contexts are the two players (a desktop and a phone), playing by clicking and
// dragging on the chessground board. Each scenario is its own test:
//   checkmate (then a rematch), draw offer accepted (with a premove), threefold claim,
//   flag at "10", reconnect after a dropped socket (missed events replayed; then a
//   confirmed resignation), abort, promotion chooser, keyboard and accessibility, a game
//   against the computer past move 10, accounts (sign up, log out and in, a new password,
//   deleting the account), the fixes of issue #17 item 6 (docs/web.md, "Fixed by playing
//   in a browser"), a rated game, the interface in Russian (issue #17 item 7: a browser
//   with the locale ru-RU, no English word left on any page, the language switch), the
//   board editor and "play from here" (issue #17 item 8), the PGN viewer (issue #18 item 5),
//   the computer analysis of a finished game and the analysis board (issue #18 items 3, 4),
//   a Swiss tournament the server runs (issue #18 item 1, `swiss`: eight players, a restart
//   mid-round, a loss by default, the standings against `arbiter tournament standings`),
//   an arena (issue #18 item 2, `arena`: four players in browsers, waves of pairings, a
//   player on fire and one paused, a game not counted, the points by lichess's rules),
//   and the README's screenshot. The browsers are English (en-US) unless a scenario says
//   otherwise.
// The server is the real one by default (test/support/server.mjs: ARBITER_SERVER,
// ARBITER_URL, or ARBITER_SERVER=mock). Screenshots go to build/e2e/ (failures too);
// README_SCREENSHOT=docs/img/game.png also writes the README's picture.
//
//   npm run build && npm run test:e2e              # everything
//   ONLY=checkmate,flag npm run test:e2e            # a subset (or node --test-name-pattern)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { Client, friendGame as restFriendGame, seated } from '../support/client.mjs';
import { artefacts, describeChoice, serverChoice, startServer, web } from '../support/server.mjs';

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const only = process.env.ONLY ? process.env.ONLY.split(',') : null;
const STATE_MS = 10000; // waiting for something the server causes
let server;
let browser;
let openingsListed = false; // the server names openings (--openings)
// A plain-http address that is not localhost (the browser maps the name to the server):
// not a secure context, so no navigator.clipboard there.
const PLAIN_HOST = 'arbiter.test';
function plainUrl() {
  const url = new URL(server.url);
  url.hostname = PLAIN_HOST;
  return url.origin;
}

// web/dist is rebuilt (esbuild, well under a second) when a source is newer than it.
async function newestMtime(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestMtime(p) : (await stat(p)).mtimeMs);
  }
  return newest;
}
async function ensureDist() {
  const built = await stat(path.join(web, 'dist', 'index.html')).then((s) => s.mtimeMs).catch(() => 0);
  const sources = Math.max(...(await Promise.all(['src', 'static', 'scripts'].map((d) => newestMtime(path.join(web, d))))));
  if (built >= sources) return;
  const run = spawnSync(process.execPath, [path.join(web, 'scripts', 'build.mjs')], { cwd: web, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('npm run build failed');
}

before(async () => {
  await mkdir(artefacts, { recursive: true });
  // A full run replaces the screenshots of the last one.
  if (!only) for (const f of await readdir(artefacts)) if (f.endsWith('.png')) await rm(path.join(artefacts, f));
  await ensureDist();
  // --test-clock: the correspondence scenario moves the server's clocks by days;
  // --analysis-nodes: the post-game analysis (scenario `analysis`) at a small node count.
  // --openings: the opening names of lichess's list, when the shared test data is there.
  const openings = path.join(web, '..', '..', 'shared', 'testdata', 'openings');
  openingsListed = existsSync(openings) && serverChoice().kind === 'binary';
  server = await startServer('e2e', {
    extraArgs: ['--test-clock', '--analysis-nodes', '20000', ...(existsSync(openings) ? ['--openings', openings] : [])],
  });
  console.log(`e2e against ${describeChoice()} at ${server.url}`);
  browser = await chromium.launch({
    executablePath,
    args: [`--host-resolver-rules=MAP ${PLAIN_HOST} ${new URL(server.url).hostname}`, '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--mute-audio'],
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

// A scenario: its pages are closed afterwards, screenshotted first when it failed, and any
// uncaught page error fails it. `timeout` for a long one; `skip` a reason it cannot run.
function scenario(name, fn, { timeout = 90000, skip: cannot = false } = {}) {
  const skip = only && !only.includes(name) ? `not in ONLY=${process.env.ONLY}` : cannot;
  test(name, { skip, timeout }, async (t) => {
    const session = new Session(name);
    try {
      await fn(session);
      assert.deepEqual(session.errors, [], 'no uncaught errors in the pages');
    } catch (e) {
      await session.failureShots();
      throw e;
    } finally {
      for (const line of session.console) t.diagnostic(line); // console errors: reported, not fatal
      await session.close();
    }
  });
}

class Session {
  constructor(name) {
    this.name = name;
    this.contexts = [];
    this.pages = [];
    this.errors = [];
    this.console = [];
    this.cleanups = [];
  }

  // The browser's language is English unless a scenario asks for another (`locale`): the
  // interface follows it (web/src/i18n.ts), and the selectors below match English texts.
  async player(label, options) {
    const context = await browser.newContext({ reducedMotion: 'no-preference', locale: 'en-US', ...options });
    this.contexts.push(context);
    const page = await context.newPage();
    page.label = label;
    page.on('pageerror', (e) => this.errors.push(`${label}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && this.console.push(`${label} console: ${m.text()}`));
    // speechSynthesis is recorded, not spoken: window.spoken lists {text, lang}.
    await page.addInitScript(() => {
      window.spoken = [];
      if (window.speechSynthesis) window.speechSynthesis.speak = (u) => window.spoken.push({ text: u.text, lang: u.lang });
    });
    this.pages.push(page);
    return page;
  }

  desktop(label, { locale } = {}) {
    return this.player(label, { viewport: { width: 1100, height: 760 }, ...(locale ? { locale } : {}) });
  }

  phone(label, { width = 412, height = 860, locale } = {}) {
    return this.player(label, { viewport: { width, height }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, ...(locale ? { locale } : {}) });
  }

  async failureShots() {
    for (const page of this.pages) {
      await page.screenshot({ path: path.join(artefacts, `fail-${this.name}-${page.label}.png`) }).catch(() => undefined);
    }
  }

  async close() {
    for (const c of this.contexts) await c.close().catch(() => undefined);
    this.contexts = [];
    // What the scenario asked to undo once its pages are gone (a server of its own).
    for (const undo of this.cleanups.splice(0).reverse()) await undo().catch(() => undefined);
  }
}

// --- the board

// The centre of a square in page coordinates, with the board's orientation.
async function squareCentre(page, square) {
  const board = await page.locator('cg-board').boundingBox();
  const flipped = (await page.locator('.cg-wrap.orientation-black').count()) > 0;
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = board.width / 8;
  const x = flipped ? 7 - file : file;
  const y = flipped ? rank : 7 - rank;
  return { x: board.x + (x + 0.5) * size, y: board.y + (y + 0.5) * size };
}

async function clickSquare(page, square) {
  const { x, y } = await squareCentre(page, square);
  await page.mouse.click(x, y);
}

async function dragPiece(page, from, to) {
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

const plyItem = (page, ply) => page.locator(`.move-list li[data-ply="${ply}"]`);

// The player whose turn it is moves (only once the board offers the move); both pages
// then show the ply in their move lists.
async function move(page, from, to, ply, { drag = false, watcher = null } = {}) {
  await waitMovable(page, from);
  if (drag) await dragPiece(page, from, to);
  else {
    await clickSquare(page, from);
    await clickSquare(page, to);
  }
  await plyItem(page, ply).waitFor({ timeout: STATE_MS });
  if (watcher) await plyItem(watcher, ply).waitFor({ timeout: STATE_MS });
}

// Waits until the server's dests for this page include `from` (the board is live for it).
async function waitMovable(page, from) {
  await page.waitForFunction((sq) => Boolean(window.arbiterTest?.dests()[sq]?.length), from, { timeout: STATE_MS });
}

// Waits for chessground's piece animations to finish (before a screenshot).
async function settled(page) {
  await page.waitForFunction(() => !document.querySelector('cg-board piece.anim, cg-board piece.fading, cg-board piece.dragging'), null, { timeout: STATE_MS });
}

async function shot(page, file) {
  await settled(page);
  await page.screenshot({ path: path.join(artefacts, file) });
}

async function banner(page, reason) {
  await page.locator('.banner .reason', { hasText: reason }).waitFor({ timeout: STATE_MS });
  return (await page.locator('.banner').innerText()).replace(/\s+/g, ' ').trim();
}

// Anna creates a friend game as White (blitz, or a custom control); Boris, on a phone,
// opens the invitation link and joins as Black.
async function friendGame(s, { custom = null, lobbyShot = null } = {}) {
  const anna = await s.desktop('anna');
  const boris = await s.phone('boris');
  await anna.goto(server.url + '/');
  await anna.locator('button[data-preset="blitz"]').click();
  if (custom) {
    await anna.locator('button[data-preset="custom"]').click();
    await anna.locator('#custom-tc').fill(custom);
  }
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('#name').fill('Anna');
  if (lobbyShot) await anna.screenshot({ path: path.join(artefacts, lobbyShot) });
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\/[A-Za-z0-9]+/);
  const invite = await anna.locator('.invite-url').inputValue({ timeout: STATE_MS });
  assert.match(invite, /\/g\/[A-Za-z0-9]+#invite=[0-9a-f]{32}$/);
  await boris.goto(invite);
  await boris.locator('#join-name').fill('Boris');
  await boris.locator('.join-button').click();
  await boris.locator('cg-board').waitFor();
  for (const p of [anna, boris]) await p.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  await anna.locator('.player.top .name', { hasText: 'Boris' }).waitFor({ timeout: STATE_MS });
  await anna.locator('.invite-url').waitFor({ state: 'detached', timeout: STATE_MS });
  return { anna, boris };
}

// --- the scenarios

scenario('checkmate', async (s) => {
  const { anna, boris } = await friendGame(s, { lobbyShot: '01-lobby.png' });
  // Fool's mate, half the moves dragged: 1. f3 e5 2. g4 Qh4# (Art. 5.1.1)
  await move(anna, 'f2', 'f3', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { drag: true, watcher: anna });
  // Issue #18 item 6: the opening's name (the server runs with --openings when the list
  // is there): 1. f3 is lichess's "Barnes Opening", and 1...e5 keeps it.
  if (openingsListed) {
    await anna.locator('[data-testid="opening"]', { hasText: 'A00 Barnes Opening' }).waitFor({ timeout: STATE_MS });
  }
  await shot(anna, '02-after-two-moves.png');
  assert.equal(await anna.locator('cg-board square.last-move').count(), 2, 'last-move highlight');
  await move(anna, 'g2', 'g4', 3, { drag: true, watcher: boris });
  await move(boris, 'd8', 'h4', 4, { drag: true, watcher: anna });
  const text = await banner(anna, 'checkmate');
  assert.match(text, /0-1/);
  assert.match(text, /5\.1\.1/);
  assert.match(await banner(boris, 'checkmate'), /0-1/);
  assert.equal((await anna.locator('.move-list .san').allInnerTexts()).join(' '), 'f3 e5 g4 Qh4#');
  assert.equal(await anna.locator('cg-board square.check').count(), 1, 'the mated king is highlighted');
  await shot(anna, '03-checkmate-white.png');
  await shot(boris, '04-checkmate-black-phone.png');
  // PGN download and the rematch button after the game.
  const pgnHref = await anna.locator('a.pgn').getAttribute('href');
  const pgn = await (await fetch(server.url + pgnHref)).text();
  assert.match(pgn, /Qh4#/);
  // The final position opens in the board editor (issue #17 item 8).
  const mated = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';
  assert.equal(await anna.locator('a.to-editor').getAttribute('href'), `/editor?fen=${encodeURIComponent(mated)}`);
  // Rematch: offered by Anna, accepted by Boris; both follow the link to the new game,
  // where the colours are swapped.
  await anna.locator('button.rematch').click();
  await boris.locator('button.rematch-accept').click({ timeout: STATE_MS });
  const first = anna.url();
  for (const p of [anna, boris]) {
    await p.locator('a.rematch-link').click({ timeout: STATE_MS });
    await p.waitForURL((u) => u.href !== first, { timeout: STATE_MS });
  }
  await anna.locator('.cg-wrap.orientation-black').waitFor({ state: 'attached', timeout: STATE_MS });
  await boris.locator('.cg-wrap.orientation-white').waitFor({ state: 'attached', timeout: STATE_MS });
  await move(boris, 'e2', 'e4', 1, { watcher: anna });
});

scenario('draw-offer-accepted', async (s) => {
  const { anna, boris } = await friendGame(s);
  assert.equal(await anna.locator('button.draw-offer').isDisabled(), true, 'no draw offer before both moved (5.2.3)');
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  // A premove while Boris thinks: played as soon as his move arrives.
  await clickSquare(anna, 'g1');
  await clickSquare(anna, 'f3');
  await anna.locator('cg-board square.current-premove').first().waitFor({ state: 'attached', timeout: STATE_MS });
  await move(boris, 'e7', 'e5', 2, { watcher: anna });
  await plyItem(boris, 3).waitFor({ timeout: STATE_MS });
  assert.equal(await boris.locator('.move-list li[data-ply="3"] .san').innerText(), 'Nf3', 'the premove was played');
  await anna.locator('button.draw-offer:not([disabled])').click();
  await boris.locator('.banner .offer').waitFor({ timeout: STATE_MS });
  await boris.locator('button.draw-accept').click();
  const text = await banner(anna, 'agreement');
  assert.match(text, /½-½/); // a draw as people write it (PGN keeps 1/2-1/2)
  assert.match(text, /5\.2\.3/);
  await shot(boris, '05-draw-agreed-phone.png');
  const pgn = await (await fetch(server.url + (await anna.locator('a.pgn').getAttribute('href')))).text();
  assert.match(pgn, /\[Result "1\/2-1\/2"\]/, 'the PGN keeps its notation');
});

scenario('threefold', async (s) => {
  const { anna, boris } = await friendGame(s);
  const shuffle = [['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8']];
  for (let ply = 1; ply <= 8; ply++) {
    const [from, to] = shuffle[(ply - 1) % 4];
    const [mover, watcher] = ply % 2 === 1 ? [anna, boris] : [boris, anna];
    await move(mover, from, to, ply, { watcher });
    if (ply < 8) assert.equal(await anna.locator('button.claim').isDisabled(), true, `no claim yet after ply ${ply}`);
  }
  // The start position stands for the third time with White to move: Art. 9.2.1.
  await anna.locator('button.claim:not([disabled])').click({ timeout: STATE_MS });
  const text = await banner(boris, 'threefold');
  assert.match(text, /½-½/); // a draw as people write it (PGN keeps 1/2-1/2)
  assert.match(text, /9\.2/);
  await shot(anna, '06-threefold-claim.png');
});

scenario('claim-with-move', async (s) => {
  const { anna, boris } = await friendGame(s);
  const shuffle = [['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8'], ['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1']];
  for (const [i, [from, to]] of shuffle.entries()) {
    const [mover, watcher] = i % 2 === 0 ? [anna, boris] : [boris, anna];
    await move(mover, from, to, i + 1, { watcher });
  }
  // Black to move: Ng8 would make the start position stand a third time (9.2.1.1). The
  // claim cannot be made yet, the claim with the move can.
  assert.equal(await boris.locator('button.claim').isDisabled(), true);
  await boris.locator('button.claim-move:not([disabled])').click({ timeout: STATE_MS });
  await boris.locator('.banner .claim-armed').waitFor({ timeout: STATE_MS });
  await waitMovable(boris, 'f6');
  await clickSquare(boris, 'f6');
  await clickSquare(boris, 'g8');
  const text = await banner(anna, 'threefold');
  assert.match(text, /½-½.*9\.2/);
  await banner(boris, 'threefold');
  await shot(boris, '06-claim-with-move-phone.png');
  // The declared move stands in the game (web-protocol.md §3.2: "with the intended move first
  // played and stored").
  await plyItem(anna, 8).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('.move-list li[data-ply="8"] .san').innerText(), 'Ng8');
});

scenario('flag', async (s) => {
  const { anna, boris } = await friendGame(s, { custom: '10' });
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { watcher: anna }); // White's clock starts now (web-protocol.md §3.3)
  await anna.locator('.player.bottom.running').waitFor({ timeout: STATE_MS });
  await anna.locator('.player.bottom.low').waitFor({ timeout: STATE_MS }); // the warning under the threshold
  const tenths = await anna.locator('.player.bottom .time').innerText();
  assert.match(tenths, /^\d\.\d$/, 'tenths under ten seconds');
  await anna.locator('.banner .reason', { hasText: 'time' }).waitFor({ timeout: 20000 }); // 10 s after e5, at most
  const text = await banner(anna, 'time');
  assert.match(text, /0-1/);
  assert.match(text, /6\.9/);
  assert.match(await banner(boris, 'time'), /0-1/);
  assert.equal(await anna.locator('.player.bottom .time').innerText(), '0.0');
  await shot(anna, '07-flag.png');
});

scenario('reconnect', async (s) => {
  const { anna, boris } = await friendGame(s);
  await move(anna, 'd2', 'd4', 1, { watcher: boris });
  await move(boris, 'd7', 'd5', 2, { watcher: anna });
  await move(anna, 'c2', 'c4', 3, { watcher: boris });
  // Anna's socket is closed under her (as a network failure would) and stays down until
  // the test lets her reconnect.
  await anna.evaluate(() => window.arbiterTest.drop(60000));
  await anna.locator('.connection[data-state="offline"]').waitFor({ state: 'attached', timeout: STATE_MS });
  // Boris moves and offers a draw while she is away: two events she misses.
  await boris.locator('.offer-with-move input').check();
  await move(boris, 'e7', 'e6', 4);
  assert.equal(await plyItem(anna, 4).count(), 0, 'Anna cannot see the move while offline');
  await boris.locator('button.draw-offer', { hasText: 'Draw offered' }).waitFor({ timeout: STATE_MS });
  await anna.evaluate(() => window.arbiterTest.undrop());
  await anna.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  await plyItem(anna, 4).waitFor({ timeout: STATE_MS }); // replayed
  await anna.locator('.banner .offer').waitFor({ timeout: STATE_MS }); // and the offer too
  await anna.locator('button.draw-decline').click();
  await boris.locator('.message', { hasText: 'White declines the draw offer' }).waitFor({ timeout: STATE_MS });
  await move(anna, 'b1', 'c3', 5, { watcher: boris });
  assert.equal((await boris.locator('.move-list .san').allInnerTexts()).join(' '), 'd4 d5 c4 e6 Nc3');
  assert.equal((await anna.locator('.move-list .san').allInnerTexts()).join(' '), 'd4 d5 c4 e6 Nc3');
  await shot(anna, '08-after-reconnect.png');
  // Resignation asks for confirmation first.
  await boris.locator('button.resign').click();
  await boris.locator('button.resign-cancel').click();
  assert.equal(await boris.locator('.banner .reason').count(), 0, 'cancelled: the game goes on');
  await boris.locator('button.resign').click();
  await boris.locator('button.resign-confirm').click();
  assert.match(await banner(anna, 'resignation'), /1-0.*5\.1\.2/);
});

scenario('abort', async (s) => {
  const { anna, boris } = await friendGame(s);
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  // Black has not moved yet: either side may abort (web-protocol.md §2.3).
  await boris.locator('button.abort').click();
  await banner(anna, 'aborted');
  await banner(boris, 'aborted');
  assert.equal(await anna.locator('button.abort').count(), 0);
});

scenario('promotion', async (s) => {
  const { anna, boris } = await friendGame(s);
  const line = [['h2', 'h4'], ['g7', 'g5'], ['h4', 'g5'], ['g8', 'f6'], ['g5', 'f6'], ['h8', 'g8'], ['f6', 'e7'], ['g8', 'g6']];
  for (const [i, [from, to]] of line.entries()) await move(i % 2 === 0 ? anna : boris, from, to, i + 1, { watcher: i % 2 === 0 ? boris : anna });
  await waitMovable(anna, 'e7');
  await dragPiece(anna, 'e7', 'f8');
  await anna.locator('.promotion').waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('.promotion-piece').count(), 4, 'queen, knight, rook, bishop');
  await shot(anna, '09-promotion-chooser.png');
  await anna.locator('.promotion-piece[data-role="n"]').click();
  await plyItem(boris, 9).waitFor({ timeout: STATE_MS });
  assert.equal(await boris.locator('.move-list li[data-ply="9"] .san').innerText(), 'exf8=N');
});

scenario('keyboard', async (s) => {
  const { anna, boris } = await friendGame(s);
  // Boris has moves read aloud in the Appendix D German style.
  await boris.locator('details.settings summary').click();
  await boris.locator('#voice').selectOption('de');
  await anna.locator('.typed-move').fill('e4');
  await anna.keyboard.press('Enter');
  await plyItem(boris, 1).waitFor({ timeout: STATE_MS });
  assert.match((await boris.locator('.announcer').textContent()) ?? '', /White: .*e4/);
  const spoken = await boris.evaluate(() => window.spoken);
  assert.equal(spoken.length, 1, JSON.stringify(spoken));
  assert.match(spoken[0].text, /Eva vier|e4/, 'Appendix D: "Bauer Eva zwei Eva vier" (the mock has English only)');
  // Boris writes German notation (Settings → Notation): the move box reads S for the knight.
  await boris.locator('#lang').selectOption('de');
  await boris.locator('.typed-move').fill('Sf3');
  await boris.keyboard.press('Enter');
  assert.match(await boris.locator('.message').first().innerText(), /No legal move Sf3/);
  await boris.locator('.typed-move').fill('Sf6');
  await boris.keyboard.press('Enter');
  await plyItem(anna, 2).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('.move-list li[data-ply="2"] .san').innerText(), 'Nf6');
  assert.equal(await boris.locator('.move-list li[data-ply="2"] .san').innerText(), 'Sf6');
  // Move-list navigation with the keyboard: back to the start position and forward again.
  await anna.locator('body').click({ position: { x: 5, y: 5 } });
  await anna.keyboard.press('Home');
  assert.equal(await anna.locator('.move-list li.current').count(), 0, 'Home shows the start position');
  await anna.keyboard.press('End');
  assert.equal(await anna.locator('.move-list li[data-ply="2"].current').count(), 1, 'End returns to the last move');
  // Figurine notation and the flip button.
  await anna.locator('details.settings summary').click();
  await anna.locator('#lang').selectOption('figurine');
  assert.equal(await anna.locator('.move-list li[data-ply="2"] .san').innerText(), '♞f6');
  await anna.locator('button.flip').click();
  await anna.locator('.cg-wrap.orientation-black').waitFor({ state: 'attached' });
  await anna.locator('#lang').selectOption('en');
  await anna.locator('button.flip').click();
  await anna.locator('.cg-wrap.orientation-white').waitFor({ state: 'attached' });
  // The board itself from the keyboard: the cursor starts on e2; d2, Enter, up twice, Enter.
  await anna.locator('.cg-wrap').focus();
  for (const key of ['ArrowLeft', 'Enter', 'ArrowUp', 'ArrowUp']) await anna.keyboard.press(key);
  assert.equal(await anna.locator('.board-cursor').textContent(), 'd4, empty, a legal move');
  await anna.keyboard.press('Enter');
  await plyItem(boris, 3).waitFor({ timeout: STATE_MS });
  assert.equal(await boris.locator('.move-list li[data-ply="3"] .san').innerText(), 'd4');
  return 'typed e4 Nf6; announced; Home/End; figurines; flip';
});

// The square of `piece` ('K' or 'k') in a FEN.
function kingSquare(fen, piece) {
  const rows = fen.split(' ')[0].split('/');
  for (const [r, row] of rows.entries()) {
    let file = 0;
    for (const c of row) {
      if (c === piece) return `${'abcdefgh'[file]}${8 - r}`;
      file += /\d/.test(c) ? Number(c) : 1;
    }
  }
  return null;
}

const SOLID = ['e2e3', 'd2d4', 'g1f3', 'f1d3', 'e1g1', 'b1d2', 'c2c3', 'h2h3', 'd1e2', 'f1e1', 'a2a3', 'b2b3', 'c1b2', 'a1d1'];

scenario('computer', async (s) => {
  const anna = await s.desktop('anna');
  await anna.goto(server.url + '/');
  await anna.locator('button[data-preset="rapid"]').click();
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('input[name="opponent"][value="computer"]').check();
  await anna.locator('#level').selectOption('1');
  await anna.locator('#name').fill('Anna');
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\//);
  await anna.locator('.player.top .name', { hasText: /computer/i }).waitFor({ timeout: STATE_MS });
  let ply = 1;
  for (; ply <= 19; ply += 2) {
    // Anna plays a quiet, solid setup (the first of SOLID that is legal), else the first
    // legal move in square order that is not a king move: the game should last.
    const dests = await anna.waitForFunction(() => {
      const d = window.arbiterTest?.dests() ?? {};
      return Object.keys(d).length > 0 ? d : null;
    }, null, { timeout: 30000 }).then((h) => h.jsonValue()).catch(() => null);
    if (!dests) break; // the game is over
    const king = kingSquare(await anna.evaluate(() => window.arbiterTest.fen()), 'K');
    const pick = SOLID.find((u) => dests[u.slice(0, 2)]?.includes(u.slice(2, 4)));
    const fallback = Object.keys(dests).sort().find((f) => f !== king) ?? Object.keys(dests).sort()[0];
    const [from, to] = pick ? [pick.slice(0, 2), pick.slice(2, 4)] : [fallback, dests[fallback].find((d) => !['1', '8'].includes(d[1])) ?? dests[fallback][0]];
    await clickSquare(anna, from);
    await clickSquare(anna, to);
    if ((await anna.locator('.promotion').count()) > 0) await anna.locator('.promotion-piece[data-role="q"]').click();
    await plyItem(anna, ply).waitFor({ timeout: STATE_MS });
    // The computer answers (or the game ended).
    await anna.locator(`.move-list li[data-ply="${ply + 1}"], .banner .reason`).first().waitFor({ timeout: 30000 });
    if ((await anna.locator('.banner .reason').count()) > 0) break;
  }
  const plies = await anna.locator('.move-list li[data-ply]').count();
  await shot(anna, '10-versus-computer.png');
  assert.ok(plies >= 20, `only ${plies} plies against the computer: ${await anna.locator('.banner').innerText()}`);
});

// A position worth showing: the README's screenshot (an Italian game, Black to move).
// Accounts (docs/accounts.md): sign up, the name in the header, log out and in again, a
// wrong password, a new password, deleting the account. Each run uses a name of its own.
scenario('accounts', async (s) => {
  const page = await s.desktop('anna');
  const name = `e2e${Date.now().toString(36)}`.slice(0, 20);
  await page.goto(`${server.url}/`);
  await page.locator('#signin-link').click();
  await page.waitForURL('**/login');
  await page.locator('#signup-link').click();
  await page.waitForURL('**/signup');
  await page.fill('#account-user', name);
  await page.fill('#account-password', 'short');
  await page.locator('#account-submit').click();
  await page.waitForFunction(() => document.querySelector('#account-error')?.textContent?.includes('8 characters'), null, { timeout: STATE_MS });
  await page.fill('#account-password', 'a good password');
  await page.locator('#account-submit').click();
  await page.waitForURL(`${server.url}/`);
  await page.locator('#account-name', { hasText: name }).waitFor({ timeout: STATE_MS });
  // The session is an HttpOnly cookie: the page's script cannot read it.
  assert.equal(await page.evaluate(() => document.cookie.includes('arbiter_session')), false);
  await page.reload();
  await page.locator('#account-name', { hasText: name }).waitFor({ timeout: STATE_MS });

  await page.locator('#logout').click();
  await page.locator('#signin-link').waitFor({ timeout: STATE_MS });
  await page.goto(`${server.url}/login`);
  await page.fill('#account-user', name);
  await page.fill('#account-password', 'a wrong password');
  await page.locator('#account-submit').click();
  await page.waitForFunction(() => document.querySelector('#account-error')?.textContent?.includes('wrong user name or password'), null, { timeout: STATE_MS });
  await page.fill('#account-password', 'a good password');
  await page.locator('#account-submit').click();
  await page.locator('#account-name', { hasText: name }).waitFor({ timeout: STATE_MS });

  await page.locator('#account-name').click();
  await page.waitForURL('**/account');
  await page.fill('#password-current', 'a good password');
  await page.fill('#password-next', 'a newer password');
  await page.locator('#password-form button').click();
  await page.waitForFunction(() => document.querySelector('#password-message')?.textContent?.includes('changed'), null, { timeout: STATE_MS });
  await page.fill('#delete-password', 'a newer password');
  await page.locator('#delete-form button').click();
  await page.waitForURL(`${server.url}/`);
  await page.locator('#signin-link').waitFor({ timeout: STATE_MS });
  // The name is free again.
  const again = await page.evaluate(async (n) => {
    const r = await fetch('/api/account/signup', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'new' }, body: JSON.stringify({ name: n, password: 'a third password' }) });
    return r.status;
  }, name);
  assert.equal(again, 201);
});

// --- issue #17, item 6: the board and the page, fixed by playing in a browser (docs/web.md)

const PHONE = { width: 390, height: 844 };

// The moves of a Closed Ruy Lopez, 32 plies: longer than the move list's box on a desktop
// (about 12 moves) and on a phone (about 6).
const RUY_LOPEZ = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5a4', 'g8f6', 'e1g1', 'f8e7', 'f1e1', 'b7b5', 'a4b3', 'd7d6', 'c2c3', 'e8g8',
  'h2h3', 'c6b8', 'd2d4', 'b8d7', 'b1d2', 'c8b7', 'b3c2', 'f8e8', 'd2f1', 'e7f8', 'f1g3', 'g7g6', 'a2a4', 'c7c5', 'd4d5', 'c5c4'];

// Whether ply N's move is inside the move list's visible box.
function plyInView(page, ply) {
  return page.evaluate((n) => {
    const list = document.querySelector('.move-list').getBoundingClientRect();
    const item = document.querySelector(`.move-list li[data-ply="${n}"] .san`).getBoundingClientRect();
    return item.top >= list.top - 1 && item.bottom <= list.bottom + 1;
  }, ply);
}

async function waitPlyInView(page, ply) {
  await page.waitForFunction((n) => {
    const list = document.querySelector('.move-list')?.getBoundingClientRect();
    const item = document.querySelector(`.move-list li[data-ply="${n}"] .san`)?.getBoundingClientRect();
    return list && item && item.top >= list.top - 1 && item.bottom <= list.bottom + 1;
  }, ply, { timeout: STATE_MS }).catch(() => assert.fail(`${page.label}: move ${ply} is not scrolled into the move list's view`));
}

scenario('move-list-scroll', async (s) => {
  const game = await restFriendGame(server.url);
  const desk = await s.desktop('carl');
  const phone = await s.phone('dora', PHONE);
  for (const p of [desk, phone]) {
    await p.goto(`${server.url}/g/${game.id}`);
    await p.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  }
  const table = await seated(server.url, game);
  try {
    for (const uci of RUY_LOPEZ) await table.play(uci);
  } finally {
    await table.close();
  }
  for (const p of [desk, phone]) {
    await plyItem(p, RUY_LOPEZ.length).waitFor({ timeout: STATE_MS });
    await waitPlyInView(p, RUY_LOPEZ.length); // the list follows the game
    assert.equal(await plyInView(p, 1), false, `${p.label}: the list is longer than its box`);
    // Back to the start and one move on: the list scrolls up to it.
    await p.locator('button.nav[aria-label="First position"]').click();
    await p.locator('button.nav[aria-label="Next move"]').click();
    await waitPlyInView(p, 1);
    await p.locator('button.nav[aria-label="Last move"]').click();
    await waitPlyInView(p, RUY_LOPEZ.length);
  }
  // Only the list scrolls: the phone's page did not jump to it.
  assert.equal(await phone.evaluate(() => window.scrollY), 0);
});

scenario('not-found', async (s) => {
  const page = await s.phone('anna', PHONE);
  // A game that does not exist: the server gives the app the page; the app says so.
  await page.goto(`${server.url}/g/ZZZZZZZZ`);
  await page.locator('main.not-found h1', { hasText: 'No such game' }).waitFor({ timeout: STATE_MS });
  assert.match(await page.locator('main.not-found').innerText(), /ZZZZZZZZ/);
  assert.equal(await page.title(), 'No such game — Arbiter');
  // A path the app has no page for (the server hands every /g/… to the app).
  await page.goto(`${server.url}/g/ZZZZZZZZ/moves`);
  await page.locator('main.not-found h1', { hasText: 'Page not found' }).waitFor({ timeout: STATE_MS });
  // Any other path: the arbiter server answers it with the app and status 404 (the mock
  // server does not, so the test hands it the app there).
  if (serverChoice().kind === 'mock') {
    await page.route(`${server.url}/nonsense`, (route) => route.fulfill({ path: path.join(web, 'dist', 'index.html'), contentType: 'text/html; charset=utf-8' }));
  }
  const response = await page.goto(`${server.url}/nonsense`);
  if (serverChoice().kind !== 'mock') {
    assert.equal(response.status(), 404, 'an unknown address is a 404');
    assert.match(response.headers()['content-type'] ?? '', /text\/html/);
  }
  await page.locator('main.not-found h1', { hasText: 'Page not found' }).waitFor({ timeout: STATE_MS });
  await page.locator('main.not-found a[href="/"]').click();
  await page.locator('button.create').waitFor({ timeout: STATE_MS });
});

// No sideways scrolling: the page is no wider than the phone.
async function noSidewaysScroll(page, where) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${where}: the page is ${scroll} px wide on a ${client} px screen`);
}

// Every button, link, select, text field, and the label of every checkbox and radio button
// is at least 44 × 44 px (WCAG 2.5.5) where it is on the screen.
async function tapTargets(page, where) {
  const small = await page.evaluate(() => {
    const selector = 'button, a[href], summary, select, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), label:has(> input[type="checkbox"]), label:has(> input[type="radio"])';
    return [...document.querySelectorAll(selector)]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > 0 && r.left < window.innerWidth && getComputedStyle(e).visibility !== 'hidden';
      })
      .filter((e) => e.getBoundingClientRect().width < 44 || e.getBoundingClientRect().height < 44)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent ?? '').trim().slice(0, 20)}" ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`);
  });
  assert.deepEqual(small, [], `${where}: tap targets under 44 px`);
}

// The file letters are centred under their files (either orientation).
async function filesCentred(page) {
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll('cg-container coords.files coord')].map((c) => {
      const r = c.getBoundingClientRect();
      return { file: c.textContent, x: r.left + r.width / 2 };
    }),
  );
  assert.equal(labels.length, 8);
  for (const { file, x } of labels) {
    const centre = (await squareCentre(page, `${file}1`)).x;
    assert.ok(Math.abs(x - centre) <= 2, `${page.label}: the label ${file} is at x=${x.toFixed(1)}, its file at ${centre.toFixed(1)}`);
  }
}

// Settings: each label on one line, beside its control, on the control's row.
async function settingsAligned(page) {
  const rows = await page.evaluate(() =>
    ['lang', 'voice', 'sound'].map((id) => {
      const control = document.getElementById(id);
      const label = control.closest('label') ?? document.querySelector(`label[for="${id}"]`);
      const c = control.getBoundingClientRect();
      const l = label.getBoundingClientRect();
      const text = [...label.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim();
      return { id, text, lines: label.getClientRects().length, sameRow: l.top < c.bottom && c.top < l.bottom, height: l.height, inside: label.contains(control), beside: label.contains(control) || l.right <= c.left + 1 };
    }),
  );
  for (const r of rows) {
    assert.ok(r.lines === 1 && r.height < 60, `${page.label}: the label "${r.text}" is on one line (${JSON.stringify(r)})`);
    assert.ok(r.sameRow && r.beside, `${page.label}: the label "${r.text}" sits beside its control (${JSON.stringify(r)})`);
  }
}

scenario('phone-layout', async (s) => {
  const anna = await s.phone('anna', PHONE);
  await anna.goto(server.url + '/');
  await anna.locator('button.create').waitFor();
  await noSidewaysScroll(anna, 'lobby');
  await tapTargets(anna, 'lobby');
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('#name').fill('Anna');
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\//);
  const invite = await anna.locator('.invite-url').inputValue({ timeout: STATE_MS });
  await noSidewaysScroll(anna, 'waiting for the opponent');
  await tapTargets(anna, 'waiting for the opponent');
  const boris = await s.desktop('boris');
  await boris.goto(invite);
  await boris.locator('#join-name').fill('Boris');
  await boris.locator('.join-button').click();
  await anna.locator('.player.top .name', { hasText: 'Boris' }).waitFor({ timeout: STATE_MS });
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  await noSidewaysScroll(anna, 'game');
  await filesCentred(anna);
  await filesCentred(boris);
  for (const p of [anna, boris]) await p.locator('details.settings summary').click();
  await tapTargets(anna, 'game');
  await noSidewaysScroll(anna, 'game with the settings open');
  await settingsAligned(anna);
  await settingsAligned(boris);
  await shot(anna, '11-phone-390.png');
  await anna.locator('button.resign').click();
  await anna.locator('button.resign-confirm').click();
  await banner(anna, 'resign');
  await tapTargets(anna, 'game over');
  await noSidewaysScroll(anna, 'game over');
});

scenario('waiting-for-opponent', async (s) => {
  const anna = await s.desktop('anna');
  await anna.goto(plainUrl() + '/');
  assert.equal(await anna.evaluate(() => window.isSecureContext || 'clipboard' in navigator), false, 'a plain-http address without the clipboard API');
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\//);
  const invite = await anna.locator('.invite-url').inputValue({ timeout: STATE_MS });
  await anna.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  // The board offers no move while the game waits for Black.
  await clickSquare(anna, 'e2');
  assert.equal(await anna.locator('cg-board square.move-dest').count(), 0, 'no legal-move dots before the opponent joined');
  await dragPiece(anna, 'e2', 'e4');
  await anna.locator('.typed-move').fill('d4');
  await anna.keyboard.press('Enter');
  await anna.locator('.message', { hasText: 'not joined' }).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('.move-list li').count(), 0);
  assert.equal(await anna.locator('cg-board piece.white.pawn').count(), 8);
  assert.equal((await anna.evaluate(() => window.arbiterTest.fen())).split(' ')[0], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  // Copy on a plain-http address: the link is copied (a selected field and the copy
  // command) and the page says so.
  await anna.evaluate(() => document.addEventListener('copy', (e) => {
    const t = e.target;
    window.copied = t instanceof HTMLInputElement ? t.value.slice(t.selectionStart ?? 0, t.selectionEnd ?? 0) : String(getSelection());
  }));
  await anna.locator('button.copy').click();
  await anna.locator('.copy-status', { hasText: 'Copied' }).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.evaluate(() => window.copied), invite);
  // Boris joins: now White may move.
  const boris = await s.phone('boris', PHONE);
  await boris.goto(invite);
  await boris.locator('#join-name').fill('Boris');
  await boris.locator('.join-button').click();
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
});

scenario('dead-connection', async (s) => {
  const { anna, boris } = await friendGame(s);
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { watcher: anna });
  await move(anna, 'g1', 'f3', 3, { watcher: boris });
  // The clocks run, so the server pings the players every 5 s. Anna's network goes silent
  // without closing her socket; her page must notice within a few seconds.
  await anna.context().setOffline(true);
  const since = Date.now();
  await anna.locator('.connection[data-state="offline"]').waitFor({ state: 'attached', timeout: 12000 })
    .catch(() => assert.fail('the page still says it is online 12 s after its network went silent'));
  const noticed = Date.now() - since;
  await move(boris, 'b8', 'c6', 4);
  await anna.context().setOffline(false);
  await anna.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  await plyItem(anna, 4).waitFor({ timeout: STATE_MS }); // the missed move, replayed
  await move(anna, 'f1', 'b5', 5, { watcher: boris });
  return `offline noticed after ${noticed} ms`;
});

scenario('spectator', async (s) => {
  const { anna, boris } = await friendGame(s);
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  const carl = await s.phone('carl', PHONE);
  await carl.goto(anna.url());
  await carl.locator('.spectating').waitFor({ timeout: STATE_MS });
  await plyItem(carl, 1).waitFor({ timeout: STATE_MS });
  // The PGN, for spectators too, while the game goes on.
  const href = await carl.locator('a.pgn').getAttribute('href');
  const pgn = await (await fetch(server.url + href)).text();
  assert.match(pgn, /\[White "Anna"\]/);
  assert.match(pgn, /1\. e4/);
  // On a cluster a spectator may be served by another node's mirror, whose presence the
  // game's node does not count yet, and who gets no presence line (docs/cluster.md, "Not
  // yet"): the players' view of who is here is checked there, the rest on one server.
  const cluster = Boolean(process.env.ARBITER_E2E_CLUSTER);
  // Who is here: both players and one spectator, for everyone.
  if (!cluster) {
    for (const p of [carl, anna, boris]) await p.locator('.crowd', { hasText: '1 watching' }).waitFor({ timeout: STATE_MS });
  }
  // Boris leaves: the spectator and Anna are told.
  await boris.close();
  for (const p of cluster ? [anna] : [carl, anna]) await p.locator('.crowd', { hasText: 'Boris (Black) left' }).waitFor({ timeout: STATE_MS });
});

// A rated game (issue #17): two people sign up, Anna offers a rated blitz game, Boris opens
// the invitation without an account, is sent to sign up and back, joins, and resigns after
// 1. e4 e5: both pages show the rating changes, equal and opposite for two new players.
async function signUp(page, name) {
  await page.fill('#account-user', name);
  await page.fill('#account-password', 'a good password');
  await page.locator('#account-submit').click();
}

scenario('rated', async (s) => {
  const stamp = Date.now().toString(36);
  const annaName = `anna${stamp}`.slice(0, 20);
  const borisName = `boris${stamp}`.slice(0, 20);
  const anna = await s.desktop('anna');
  const boris = await s.phone('boris');
  await anna.goto(`${server.url}/signup`);
  await signUp(anna, annaName);
  await anna.locator('#account-name', { hasText: annaName }).waitFor({ timeout: STATE_MS });
  await anna.locator('button[data-preset="blitz"]').click();
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('#rated').check();
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\/[A-Za-z0-9]+/);
  const invite = await anna.locator('.invite-url').inputValue({ timeout: STATE_MS });

  await boris.goto(invite);
  await boris.locator('#join-signup').click();
  await boris.waitForURL(/\/signup\?next=/);
  await signUp(boris, borisName);
  await boris.waitForURL(/\/g\/[A-Za-z0-9]+#invite=/);
  await boris.locator('.join-button').click();
  await boris.locator('cg-board').waitFor();
  for (const p of [anna, boris]) await p.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  await anna.locator('.player.top .name', { hasText: borisName }).waitFor({ timeout: STATE_MS });

  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { watcher: anna });
  await boris.locator('button.resign').click();
  await boris.locator('button.resign-confirm').click();
  await banner(anna, 'resignation');
  for (const page of [anna, boris]) {
    await page.locator('#rating-change .rating[data-color="black"]').waitFor({ timeout: STATE_MS });
  }
  const read = async (page, color) => {
    const text = await page.locator(`#rating-change .rating[data-color="${color}"]`).innerText();
    const m = /: (\d+) → (\d+)\??\s+\(([+-]\d+)\)/.exec(text);
    assert.ok(m, `a rating change: ${text}`);
    return { before: Number(m[1]), after: Number(m[2]), diff: Number(m[3]) };
  };
  const white = await read(anna, 'white');
  const black = await read(anna, 'black');
  assert.equal(white.before, 1500);
  assert.equal(black.before, 1500);
  assert.ok(white.diff > 0, 'White won by resignation and gains');
  assert.equal(black.diff, -white.diff, 'two new players move by equal amounts');
  assert.deepEqual(await read(boris, 'white'), white);
  // The server says the same.
  const id = new URL(anna.url()).pathname.split('/').pop();
  const ratings = await anna.evaluate(async (game) => (await fetch(`/api/games/${game}/ratings`)).json(), id);
  assert.equal(ratings.ratings[0].after, white.after);
  await anna.screenshot({ path: path.join(artefacts, 'rated-game-over.png') });
  if (process.env.DOCS_SCREENSHOTS) await anna.screenshot({ path: path.join(web, '..', 'docs', 'img', 'rated-game-over.png') });

  // Her page: the blitz rating, provisional after one game, and its chart.
  await anna.goto(`${server.url}/account`);
  await anna.locator('#profile-link').click();
  await anna.waitForURL(`**/@/${annaName}`);
  await anna.locator('#ratings tr[data-speed="blitz"] td.rating', { hasText: `${white.after}?` }).waitFor({ timeout: STATE_MS });
  await anna.locator('#rating-chart-box .rating-chart circle.dot').waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('#rating-chart-box .rating-chart circle.dot').count(), 1);
  // Her games: this one, won, and the same as a PGN file with the tags of a rated game.
  await anna.locator('#archive li[data-outcome="win"][data-speed="blitz"]').waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('#archive li').count(), 1);
  await anna.locator('#archive-result').selectOption('loss');
  await anna.locator('#archive-message', { hasText: 'No games.' }).waitFor({ timeout: STATE_MS });
  await anna.locator('#archive-result').selectOption('');
  await anna.locator('#archive li').first().waitFor({ timeout: STATE_MS });
  const href = await anna.locator('#archive-pgn').getAttribute('href');
  const pgn = await anna.evaluate(async (url) => (await fetch(url)).text(), href);
  assert.match(pgn, /\[Event "Rated blitz game"\]/);
  assert.match(pgn, /\[WhiteElo "1500"\]/);
  assert.match(pgn, new RegExp(`\\[WhiteRatingDiff "\\+${white.diff}"\\]`));
  assert.match(pgn, /\[Site "http:\/\/[^"]+\/g\/[A-Za-z0-9]+"\]/);
  await anna.screenshot({ path: path.join(artefacts, 'profile.png') });
  if (process.env.DOCS_SCREENSHOTS) await anna.screenshot({ path: path.join(web, '..', 'docs', 'img', 'profile.png') });
});

// --- issue #17 items 3 and 5: the lobby's seeks and challenges, correspondence games

// Glicko-2 (Glickman's paper, the eight steps) for one game between two new players with
// lichess's online settings (web/src/..., src/arbiter/rating/glicko2.cpp has the same): the
// rating after a game scored `score` against an opponent rated the same.
function glicko2NewPlayers(score) {
  const scale = 173.7178;
  const tau = 0.75;
  const phi = 500 / scale;
  const sigma = 0.09;
  const g = 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
  const e = 1 / (1 + Math.exp(-g * 0));
  const v = 1 / (g * g * e * (1 - e));
  const delta = v * g * (score - e);
  const a = Math.log(sigma * sigma);
  const f = (x) => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let lo = a;
  let hi = delta * delta > phi * phi + v ? Math.log(delta * delta - phi * phi - v) : (() => { let k = 1; while (f(a - k * tau) < 0) k++; return a - k * tau; })();
  let flo = f(lo);
  let fhi = f(hi);
  while (Math.abs(hi - lo) > 1e-6) {
    const c = lo + ((lo - hi) * flo) / (fhi - flo);
    const fc = f(c);
    if (fc * fhi <= 0) {
      lo = hi;
      flo = fhi;
    } else flo /= 2;
    hi = c;
    fhi = fc;
  }
  const sigmaNew = Math.exp(lo / 2);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = phiNew * phiNew * g * (score - e);
  return Math.round(1500 + scale * muNew);
}

async function ratingAfter(page, color) {
  await page.locator(`#rating-change .rating[data-color="${color}"]`).waitFor({ timeout: STATE_MS });
  const text = await page.locator(`#rating-change .rating[data-color="${color}"]`).innerText();
  const m = /: (\d+) → (\d+)/.exec(text);
  assert.ok(m, `a rating change: ${text}`);
  return Number(m[2]);
}

// The acceptance flow of issue #17, in English and (`russian`) with the browsers set to
// Russian, where no English word may be left on the lobby, the game or the player's page.
async function lobbyFlow(s, { russian = false } = {}) {
  const locale = russian ? { locale: 'ru-RU' } : {};
  const stamp = Date.now().toString(36);
  const annaName = `anna${stamp}`.slice(0, 20);
  const borisName = `boris${stamp}`.slice(0, 20);
  const anna = await s.desktop('anna', locale);
  const boris = await s.desktop('boris', locale);
  const stranger = await s.phone('stranger', locale);
  const names = [annaName, borisName];
  const checkRussian = async (page, where) => {
    if (russian) await allRussian(page, where, names);
  };
  for (const [page, name] of [[anna, annaName], [boris, borisName]]) {
    await page.goto(`${server.url}/signup`);
    await signUp(page, name);
    await page.locator('#account-name', { hasText: name }).waitFor({ timeout: STATE_MS });
  }
  // Anna posts a rated blitz seek for anyone, as White, and waits on its game's page.
  await anna.goto(server.url);
  await anna.locator('button[data-preset="blitz"]').click();
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('input[name="opponent"][value="seek"]').check();
  await anna.locator('#rated').check();
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\/[A-Za-z0-9]+$/);
  await anna.locator('.seek-waiting').waitFor({ timeout: STATE_MS });
  const game = new URL(anna.url()).pathname.split('/').pop();

  // Boris sees it in the lobby, with Anna's name and provisional rating, and takes it.
  await boris.goto(server.url);
  const row = boris.locator('table.seeks tr', { hasText: annaName });
  await row.waitFor({ timeout: STATE_MS });
  assert.match(await row.innerText(), /1500\?/);
  assert.match(await row.innerText(), russian ? /на рейтинг/ : /rated/);
  await checkRussian(boris, 'the lobby with a seek');
  await checkRussian(anna, 'the page of a seek waiting');
  if (!russian) {
    await boris.screenshot({ path: path.join(artefacts, 'lobby.png') });
    if (process.env.DOCS_SCREENSHOTS) await boris.screenshot({ path: path.join(web, '..', 'docs', 'img', 'lobby.png') });
  }
  await row.locator('button.accept').click();
  await boris.waitForURL(`**/g/${game}`);
  for (const p of [anna, boris]) await p.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  await anna.locator('.player.top .name', { hasText: borisName }).waitFor({ timeout: STATE_MS });
  // Taken: gone from everybody's lobby.
  await stranger.goto(server.url);
  await stranger.locator('table.seeks').waitFor({ timeout: STATE_MS });
  assert.equal(await stranger.locator('table.seeks tr', { hasText: annaName }).count(), 0);

  // A rated blitz game: Boris resigns after 1. e4 e5; both ratings move by Glicko-2.
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { watcher: anna });
  await boris.locator('button.resign').click();
  await boris.locator('button.resign-confirm').click();
  if (russian) await anna.locator('.banner .reason').waitFor({ timeout: STATE_MS });
  else await banner(anna, 'resignation');
  assert.equal(await ratingAfter(anna, 'white'), glicko2NewPlayers(1));
  assert.equal(await ratingAfter(anna, 'black'), glicko2NewPlayers(0));
  assert.equal(await ratingAfter(boris, 'black'), glicko2NewPlayers(0));
  await checkRussian(anna, 'the rated game over');

  // The game is in both archives and in both players' PGN downloads.
  for (const [page, name, outcome] of [[anna, annaName, 'win'], [boris, borisName, 'loss']]) {
    await page.goto(`${server.url}/@/${name}`);
    await page.locator(`#archive li[data-outcome="${outcome}"][data-speed="blitz"]`).waitFor({ timeout: STATE_MS });
    await checkRussian(page, 'the player\'s page');
    const href = await page.locator('#archive-pgn').getAttribute('href');
    const pgn = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    assert.match(pgn, new RegExp(`\\[Site "http://[^"]+/g/${game}"\\]`));
    assert.match(pgn, /\[Result "1-0"\]/);
    assert.match(pgn, new RegExp(`\\[White "${annaName}"\\]`));
  }
}

scenario('lobby', (s) => lobbyFlow(s));
scenario('lobby-russian', (s) => lobbyFlow(s, { russian: true }));

scenario('correspondence', async (s) => {
  const stamp = Date.now().toString(36);
  const annaName = `anna${stamp}`.slice(0, 20);
  const borisName = `boris${stamp}`.slice(0, 20);
  const anna = await s.desktop('anna');
  const boris = await s.phone('boris');
  const stranger = await s.desktop('stranger');
  for (const [page, name] of [[anna, annaName], [boris, borisName]]) {
    await page.goto(`${server.url}/signup`);
    await signUp(page, name);
    await page.locator('#account-name', { hasText: name }).waitFor({ timeout: STATE_MS });
  }
  // Anna challenges Boris by name: correspondence, three days a move, Anna White.
  await anna.goto(server.url);
  await anna.locator('button[data-preset="correspondence"]').click();
  await anna.locator('#days').selectOption('3');
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('input[name="opponent"][value="challenge"]').check();
  await anna.locator('#challengee').fill(borisName);
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\/[A-Za-z0-9]+$/);
  const game = new URL(anna.url()).pathname.split('/').pop();

  // Boris is told in the lobby (and in the page title); a stranger sees nothing of it and
  // cannot take it by its id either.
  await boris.goto(server.url);
  const challenge = boris.locator('.challenges li.challenge', { hasText: annaName });
  await challenge.waitFor({ timeout: STATE_MS });
  assert.match(await challenge.innerText(), /3 days a move/);
  await boris.waitForFunction(() => document.title.startsWith('(1) '), null, { timeout: STATE_MS });
  await stranger.goto(server.url);
  await stranger.locator('table.seeks').waitFor({ timeout: STATE_MS });
  assert.equal(await stranger.locator(`text=${annaName}`).count(), 0);
  const seekId = await challenge.getAttribute('data-seek');
  const taken = await stranger.evaluate(async (id) => (await fetch(`/api/lobby/seeks/${id}/accept`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'x' }, body: '{}' })).status, seekId);
  assert.equal(taken, 403);
  await challenge.locator('button.primary').click();
  await boris.waitForURL(`**/g/${game}`);
  await boris.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });

  // It is Anna's move: her lobby lists the game under "Your turn".
  await anna.goto(server.url);
  await anna.locator('.your-turn a', { hasText: borisName }).waitFor({ timeout: STATE_MS });
  await anna.locator('.your-turn a', { hasText: borisName }).click();
  await anna.waitForURL(`**/g/${game}`);
  await move(anna, 'e2', 'e4', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { watcher: anna });
  // The clock counts days.
  await anna.locator('.player.bottom .time', { hasText: /^3 d 0 h$|^2 d 23 h$/ }).waitFor({ timeout: STATE_MS });
  // Three days pass without White's move (the server's clock, moved): lost on time, and
  // 6.9 gives the win to Black, who has mating material. A cluster's nodes are started
  // without --test-clock, each with its own clock: this step runs against one server (the
  // web_e2e_test run), the steps above against both.
  if (process.env.ARBITER_E2E_CLUSTER) return;
  const moved = await anna.evaluate(async () => (await fetch('/api/test/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance_ms: 3 * 86_400_000 + 1000 }) })).status);
  assert.equal(moved, 200);
  const text = await banner(boris, 'time');
  assert.match(text, /0-1/);
});

// --- issue #17 item 7: the interface in the players' languages (web/src/i18n.ts)

// Latin-letter words a Russian page may show: chess notation (squares, the board's file
// letters, SAN with Russian or English letters, castling, UCI), time controls ("300+3",
// "600d2" and the grammar's "d"), names that are not words (FIDE, PGN, FEN, UCI, Glicko-2,
// Arbiter, the Enter key), the language switch's "English" (a language under its own name),
// and what `extra` allows: the players' names and game ids of the test.
const NOTATION = /^((Кр|[КФЛСKQRBN♔♕♖♗♘♚♛♜♝♞])?[a-h]?[1-8]?[x×:]?[a-h][1-8](=\S+)?[+#]?|[a-h])$/;
const CASTLING = /^[O0]-[O0](-[O0])?[+#]?$/;
const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
const TIME_CONTROL_PART = /^(\d+\/)?\d+(\+\d+)?(d\d+)?(:(\d+\/)?\d+(\+\d+)?(d\d+)?)*$/;
const LATIN_NAMES = new Set(['Arbiter', 'FIDE', 'PGN', 'FEN', 'UCI', 'Glicko-2', 'English', 'Enter', 'd']);
// Names of other scenarios' games in the lobby's list of games in progress.
const E2E_NAMES = /^(Anna|Boris|(anna|boris|e2e)[0-9a-z]+)$/;

async function latinWords(page, extra = []) {
  const texts = await page.evaluate(() => {
    // Text marked English on purpose (lang="en": the opening names of lichess's list, the
    // PGN module's own messages) is not a translation left undone.
    const english = [...document.querySelectorAll('body [lang="en"]')].filter((e) => !e.hidden);
    for (const e of english) e.hidden = true;
    const body = document.body.innerText;
    for (const e of english) e.hidden = false;
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder], [aria-roledescription]')]
      .filter((e) => e.getClientRects().length > 0 || e.closest('.cg-wrap'))
      .flatMap((e) => ['aria-label', 'title', 'placeholder', 'aria-roledescription'].map((a) => e.getAttribute(a) ?? ''));
    return [body, document.title, ...attributes];
  });
  const words = texts.join('\n').split(/[\s,.;!?()«»"“”'’·…–—]+/).filter((w) => /[A-Za-z]/.test(w));
  return [...new Set(words)].filter((w) => {
    const bare = w.replace(/[:\/]+$/, '');
    return !(NOTATION.test(bare) || CASTLING.test(bare) || UCI.test(bare) || TIME_CONTROL_PART.test(bare) || LATIN_NAMES.has(bare) || E2E_NAMES.test(bare) || extra.includes(bare));
  });
}

async function allRussian(page, where, extra) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ru', `${where}: <html lang>`);
  assert.deepEqual(await latinWords(page, extra), [], `${where}: English words left on a Russian page`);
}

scenario('russian', async (s) => {
  const stamp = Date.now().toString(36);
  const account = `anna${stamp}`.slice(0, 20);
  const anna = await s.desktop('anna', { locale: 'ru-RU' });
  const boris = await s.phone('boris', { locale: 'ru-RU' });
  // The lobby in the browser's language.
  await anna.goto(server.url + '/');
  await anna.locator('button.create', { hasText: 'Создать партию' }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'lobby');
  assert.match(await anna.title(), /шахматы по Правилам ФИДЕ/);
  // A friend game: the invitation, the join page, a fool's mate.
  await anna.locator('button[data-preset="blitz"]').click();
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('#name').fill('Anna');
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\/[A-Za-z0-9]+/);
  const invite = await anna.locator('.invite-url').inputValue({ timeout: STATE_MS });
  const id = new URL(invite).pathname.split('/').pop();
  await anna.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  await anna.locator('.typed-move').fill('e4');
  await anna.keyboard.press('Enter');
  await anna.locator('.message', { hasText: 'Соперник ещё не пришёл' }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'waiting for the opponent', [id]);
  // The longer Russian words still fit a phone, with tap targets of 44 px.
  await boris.goto(server.url + '/');
  await boris.locator('button.create').waitFor({ timeout: STATE_MS });
  await noSidewaysScroll(boris, 'Russian lobby on a phone');
  await tapTargets(boris, 'Russian lobby on a phone');
  await boris.goto(invite);
  await boris.locator('.join-button', { hasText: 'Играть чёрными' }).waitFor({ timeout: STATE_MS });
  await allRussian(boris, 'the invitation');
  await boris.locator('#join-name').fill('Boris');
  await boris.locator('.join-button').click();
  await boris.locator('cg-board').waitFor();
  for (const p of [anna, boris]) await p.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
  await anna.locator('.player.top .name', { hasText: 'Boris' }).waitFor({ timeout: STATE_MS });
  await move(anna, 'f2', 'f3', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { watcher: anna });
  await move(anna, 'g2', 'g4', 3, { watcher: boris });
  await allRussian(anna, 'the game');
  await move(boris, 'd8', 'h4', 4, { watcher: anna });
  // The result, its article, and the article's text from the Russian Laws.
  const text = await banner(anna, 'мат');
  assert.match(text, /0-1 Победа чёрных: мат/);
  assert.match(text, /Правила ФИДЕ, ст\. 5\.1\.1: Партию выигрывает игрок, который поставил мат королю соперника/);
  assert.match(await banner(boris, 'мат'), /5\.1\.1/);
  // Russian piece letters: the UI is Russian and nobody chose a notation.
  assert.equal((await anna.locator('.move-list .san').allInnerTexts()).join(' '), 'f3 e5 g4 Фh4#');
  assert.match((await anna.locator('.announcer').textContent()) ?? '', /^Чёрные: Ферзь h4 мат$/);
  for (const p of [anna, boris]) await allRussian(p, `game over (${p.label})`);
  await boris.locator('details.settings summary').click();
  await noSidewaysScroll(boris, 'Russian game over on a phone');
  await tapTargets(boris, 'Russian game over on a phone');
  await settingsAligned(boris);
  // The notation languages under their own names and letters; "Приложение D" of the Laws.
  await allRussian(boris, 'the settings open', ['D', 'English', 'Deutsch', 'Français', 'Español', 'Italiano', 'Nederlands', 'KQRBN', 'KDTLS', 'RDTFC', 'RDTAC', 'KDTLP']);
  await shot(anna, 'ru-checkmate.png');
  // Sign up: the form, a refusal of the server in Russian, then the player's page.
  await anna.goto(`${server.url}/signup`);
  await anna.locator('#account-submit', { hasText: 'Зарегистрироваться' }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'sign up');
  await anna.fill('#account-user', account);
  await anna.fill('#account-password', 'short');
  await anna.locator('#account-submit').click();
  await anna.locator('#account-error', { hasText: 'в пароле должно быть не меньше 8 символов' }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'sign up refused', [account]);
  await anna.fill('#account-password', 'a good password');
  await anna.locator('#account-submit').click();
  await anna.locator('#account-name', { hasText: account }).waitFor({ timeout: STATE_MS });
  await anna.goto(`${server.url}/@/${account}`);
  await anna.locator('#archive-message', { hasText: 'Партий нет.' }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'a player’s page', [account]);
  await anna.goto(`${server.url}/account`);
  await anna.locator('#password-form button').waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'the account page', [account]);
  // Pages not found.
  await anna.goto(`${server.url}/g/ZZZZZZZZ`);
  await anna.locator('main.not-found h1', { hasText: 'Такой партии нет' }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'no such game', ['ZZZZZZZZ', account]);
  await anna.goto(`${server.url}/g/${id}/ходы`);
  await anna.locator('main.not-found h1', { hasText: 'Страница не найдена' }).waitFor({ timeout: STATE_MS });
  assert.match(await anna.locator('main.not-found').innerText(), /ходы/, 'the path as typed, not percent-encoded');
  await allRussian(anna, 'page not found', [`/g/${id}/ходы`, account]);
  // The board editor (issue #17 item 8): a refused position, then one accepted (its FEN,
  // shown as the server writes it, is notation).
  const twoKings = '4k3/8/8/8/8/8/8/3KK3 w - - 0 1';
  await anna.goto(`${server.url}/editor?fen=${encodeURIComponent(twoKings)}`);
  await anna.locator('#editor-status[data-state="refused"]', { hasText: 'ровно один король' }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'the board editor', [account]);
  const legal = '4k3/8/8/8/8/8/7R/4K3 w - - 0 1';
  await anna.locator('#editor-fen').fill(legal);
  await anna.locator('#editor-status[data-state="ok"]', { hasText: legal }).waitFor({ timeout: STATE_MS });
  await allRussian(anna, 'the board editor, a position accepted', [account, ...legal.split(' ')]);
  await boris.goto(`${server.url}/editor`);
  await boris.locator('#editor-status[data-state="ok"]').waitFor({ timeout: STATE_MS });
  await noSidewaysScroll(boris, 'Russian board editor on a phone');
  await labelsBeside(boris, ['editor-ep', 'editor-halfmove', 'editor-fullmove', 'editor-fen', 'editor-tc', 'editor-level'], 'Russian board editor on a phone');
  await tapTargets(boris, 'Russian board editor on a phone');
  await boris.screenshot({ path: path.join(artefacts, 'ru-editor-phone.png'), fullPage: true });
  // The switch: English, remembered across a reload, and back to Russian, remembered too.
  await anna.goto(server.url + '/');
  await anna.locator('#ui-lang').selectOption('en');
  await anna.locator('button.create', { hasText: 'Create game' }).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.evaluate(() => document.documentElement.lang), 'en');
  await anna.reload();
  await anna.locator('button.create', { hasText: 'Create game' }).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.evaluate(() => localStorage.getItem('arbiter.lang')), 'en');
  await anna.goto(`${server.url}/g/${id}`);
  await banner(anna, 'Black wins by checkmate');
  assert.match(await anna.locator('.banner').innerText(), /FIDE Laws, Art\. 5\.1\.1: The player who checkmates/);
  await anna.locator('#ui-lang').selectOption('ru');
  await banner(anna, 'Победа чёрных: мат');
  await anna.reload();
  await banner(anna, 'Победа чёрных: мат');
  await allRussian(anna, 'back in Russian', [account]);
  // Boris's browser was never switched: still Russian from the browser's language.
  assert.equal(await boris.evaluate(() => localStorage.getItem('arbiter.lang')), null);
});

// --- issue #17 item 8: the board editor and "play from here" (web/src/editor.ts)

const editorFen = (page) => page.locator('#editor-fen').inputValue();
async function waitEditorFen(page, fen) {
  await page.waitForFunction((f) => document.querySelector('#editor-fen')?.value === f, fen, { timeout: STATE_MS });
}
// The server's verdict on the FEN in the field: 'ok' (with the canonical FEN) or 'refused'.
async function editorVerdict(page, state, text) {
  const status = page.locator(`#editor-status[data-state="${state}"]`, text ? { hasText: text } : {});
  await status.waitFor({ timeout: STATE_MS });
  return (await status.innerText()).trim();
}
const paletteTool = (page, tool) => page.locator(`.editor-palette button[data-tool="${tool}"]`);

// A piece dragged from the palette onto a square (chessground's dragNewPiece).
async function dragFromPalette(page, tool, square) {
  const box = await paletteTool(page, tool).boundingBox();
  const to = await squareCentre(page, square);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move((box.x + to.x) / 2, (box.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

// Each field's label on the same row as its control, before it.
async function labelsBeside(page, ids, where) {
  const rows = await page.evaluate((list) =>
    list.map((id) => {
      const c = document.getElementById(id).getBoundingClientRect();
      const l = document.querySelector(`label[for="${id}"]`).getBoundingClientRect();
      return { id, sameRow: l.top < c.bottom && c.top < l.bottom, before: l.right <= c.left + 1 };
    }), ids);
  for (const r of rows) assert.ok(r.sameRow && r.before, `${where}: the label of #${r.id} sits beside it (${JSON.stringify(r)})`);
}

scenario('editor', async (s) => {
  const anna = await s.desktop('anna');
  await anna.goto(server.url + '/');
  await anna.locator('.editor-link a', { hasText: 'Set up a position' }).click();
  await anna.waitForURL('**/editor');
  assert.match(await editorVerdict(anna, 'ok'), /rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1/);
  // An empty board: no kings.
  await anna.locator('button.editor-clear').click();
  await waitEditorFen(anna, '8/8/8/8/8/8/8/8 w - - 0 1');
  await editorVerdict(anna, 'refused', 'exactly one king');
  assert.equal(await anna.locator('button.editor-computer').isDisabled(), true, 'no play from a refused position');
  // The kings from the palette, tap and tap; a second white king dragged from it: refused.
  await paletteTool(anna, 'wK').click();
  await clickSquare(anna, 'e1');
  await paletteTool(anna, 'bK').click();
  await clickSquare(anna, 'e8');
  await waitEditorFen(anna, '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  await editorVerdict(anna, 'ok');
  await dragFromPalette(anna, 'wK', 'd1');
  await waitEditorFen(anna, '4k3/8/8/8/8/8/8/3KK3 w - - 0 1');
  assert.equal(await editorVerdict(anna, 'refused', 'king'), 'each side needs exactly one king (Art. 2.3)');
  assert.equal(await anna.locator('button.editor-friend').isDisabled(), true);
  // The bin takes it away again.
  await paletteTool(anna, 'trash').click();
  await clickSquare(anna, 'd1');
  await waitEditorFen(anna, '4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  // A white rook on e2 with White to move: Black, not to move, is in check.
  await paletteTool(anna, 'wR').click();
  await clickSquare(anna, 'e2');
  await waitEditorFen(anna, '4k3/8/8/8/8/8/4R3/4K3 w - - 0 1');
  await editorVerdict(anna, 'refused', 'not to move is in check');
  // Black to move makes it legal; back to White, and the rook dragged to h2 by hand.
  await anna.locator('input[name="editor-turn"][value="b"]').check();
  await waitEditorFen(anna, '4k3/8/8/8/8/8/4R3/4K3 b - - 0 1');
  await editorVerdict(anna, 'ok');
  await anna.locator('input[name="editor-turn"][value="w"]').check();
  await editorVerdict(anna, 'refused', 'in check');
  await paletteTool(anna, 'pointer').click();
  await dragPiece(anna, 'e2', 'h2');
  await waitEditorFen(anna, '4k3/8/8/8/8/8/7R/4K3 w - - 0 1');
  // A black pawn placed and dragged off the board again.
  await paletteTool(anna, 'bP').click();
  await clickSquare(anna, 'a7');
  await waitEditorFen(anna, '4k3/p7/8/8/8/8/7R/4K3 w - - 0 1');
  await paletteTool(anna, 'pointer').click();
  const a7 = await squareCentre(anna, 'a7');
  const board = await anna.locator('cg-board').boundingBox();
  await anna.mouse.move(a7.x, a7.y);
  await anna.mouse.down();
  await anna.mouse.move(a7.x, board.y - 40, { steps: 6 });
  await anna.mouse.up();
  await waitEditorFen(anna, '4k3/8/8/8/8/8/7R/4K3 w - - 0 1');
  // Typed text: a syntax error with its column, a checkmate, then a FEN without clocks.
  await anna.locator('#editor-fen').fill('4k4/8/8/8/8/8/8/4K3 w - - 0 1');
  assert.equal(await editorVerdict(anna, 'refused', 'column'), 'column 3: a rank of the placement covers more than 8 squares');
  await anna.locator('#editor-fen').fill('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1');
  assert.match(await editorVerdict(anna, 'refused', 'checkmated'), /5\.1\.1/);
  assert.equal(await anna.locator('cg-board piece.black.pawn').count(), 3, 'the board follows the text');
  await anna.locator('#editor-fen').fill('4k3/8/8/8/8/8/7R/4K3 w - -');
  const canonical = '4k3/8/8/8/8/8/7R/4K3 w - - 0 1';
  assert.equal(await editorVerdict(anna, 'ok', canonical), `A game can start from this position: ${canonical}`);
  assert.equal(await anna.locator('cg-board piece').count(), 3);
  assert.equal(await anna.locator('#editor-castle-K').isDisabled(), true, 'no castling without the rook on h1');
  await shot(anna, 'editor.png');
  // Play the computer as White, from there.
  await anna.locator('input[name="editor-color"][value="white"]').check();
  await anna.locator('#editor-level').selectOption('1');
  await anna.locator('button.editor-computer:not([disabled])').click();
  await anna.waitForURL(/\/g\/[A-Za-z0-9]+$/, { timeout: 30000 });
  const id = new URL(anna.url()).pathname.split('/').pop();
  const game = await anna.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
  assert.equal(game.start_fen, canonical);
  assert.equal(game.rated ?? false, false);
  await anna.locator('.player.top .name', { hasText: /computer/i }).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.evaluate(() => window.arbiterTest.fen()), canonical, 'the board shows the position');
  await waitMovable(anna, 'h2');
  await clickSquare(anna, 'h2');
  await clickSquare(anna, 'h7');
  await plyItem(anna, 1).waitFor({ timeout: STATE_MS });
  await plyItem(anna, 2).waitFor({ timeout: 30000 }); // the computer answers
  assert.equal(await anna.locator('.move-list li[data-ply="1"] .san').innerText(), 'Rh7');

  // "/editor?fen=…" opens with that position, its fields filled in.
  const given = 'r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 23';
  await anna.goto(`${server.url}/editor?fen=${encodeURIComponent(given)}`);
  await editorVerdict(anna, 'ok', given);
  assert.equal(await editorFen(anna), given);
  assert.deepEqual(
    await Promise.all(['K', 'Q', 'k', 'q'].map((r) => anna.locator(`#editor-castle-${r}`).isChecked())),
    [true, false, false, true],
  );
  assert.equal(await anna.locator('#editor-ep').inputValue(), 'd6');
  assert.equal(await anna.locator('#editor-fullmove').inputValue(), '23');
  assert.equal(await anna.locator('cg-board piece').count(), 8);
  // An edit of a field rewrites the FEN: O-O-O for White too.
  await anna.locator('#editor-castle-Q').check();
  await waitEditorFen(anna, 'r3k2r/8/8/3pP3/8/8/8/R3K2R w KQq d6 0 23');
  await editorVerdict(anna, 'ok', 'KQq');

  // A phone, 390 px: taps place the pieces; no sideways scrolling, tap targets of 44 px;
  // then a friend game from the position.
  const phone = await s.phone('boris', PHONE);
  await phone.goto(server.url + '/editor');
  await editorVerdict(phone, 'ok');
  await noSidewaysScroll(phone, 'board editor');
  await tapTargets(phone, 'board editor');
  await labelsBeside(phone, ['editor-ep', 'editor-halfmove', 'editor-fullmove', 'editor-fen', 'editor-tc', 'editor-level'], 'board editor on a phone');
  await phone.locator('button.editor-clear').tap();
  await editorVerdict(phone, 'refused', 'king');
  await noSidewaysScroll(phone, 'board editor, a position refused');
  for (const [tool, square] of [['wK', 'g1'], ['bK', 'g8'], ['wP', 'f2'], ['bN', 'b8']]) {
    await paletteTool(phone, tool).tap();
    const at = await squareCentre(phone, square);
    await phone.touchscreen.tap(at.x, at.y);
  }
  await waitEditorFen(phone, '1n4k1/8/8/8/8/8/5P2/6K1 w - - 0 1');
  await editorVerdict(phone, 'ok');
  await tapTargets(phone, 'board editor with a position');
  await shot(phone, 'editor-phone.png');
  await phone.locator('button.editor-friend').tap();
  await phone.waitForURL(/\/g\/[A-Za-z0-9]+$/);
  await phone.locator('.invite-url').waitFor({ timeout: STATE_MS });
  const friendId = new URL(phone.url()).pathname.split('/').pop();
  const friend = await phone.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), friendId);
  assert.equal(friend.start_fen, '1n4k1/8/8/8/8/8/5P2/6K1 w - - 0 1');
});

// The PGN viewer (issue #18 item 5): two games pasted, one annotated (a variation,
// comments, NAGs, [%clk]) and one with an illegal move on line 16, column 24.
const PGN_TWO_GAMES = `[Event "Club championship"]
[Site "Riga"]
[Date "2024.03.01"]
[Round "4"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

{A sharp opening.} 1. e4 {[%clk 0:02:59]} e5 {[%clk 0:02:58]} 2. Nf3 $1 {[%clk 0:02:55]} (2. f4!? exf4 {the gambit accepted} 3. Nf3) 2... Nc6 {[%clk 0:02:50]} 3. Bc4 Nf6?? 4. Ng5 $16 d5 5. exd5 Nxd5 6. Nxf7 1-0

[Event "Blunders"]
[White "Carl"]
[Black "Dora"]
[Result "*"]

1. d4 d5 2. Bg5 Kd7 3. Bxe8 *
`;

// The move of the move list shown now, and the board's FEN.
async function pgnShown(page) {
  const current = page.locator('.pgn-move.current .pgn-san');
  const san = (await current.count()) ? await current.innerText() : null;
  return { san, fen: await page.evaluate(() => window.arbiterTest.fen()) };
}

scenario('pgn-import', async (s) => {
  const anna = await s.desktop('anna');
  await anna.goto(server.url + '/');
  await anna.locator('#pgn-link', { hasText: 'Open a PGN file' }).click();
  await anna.waitForURL('**/pgn');
  await anna.locator('#pgn-text').fill(PGN_TWO_GAMES);
  await anna.locator('#pgn-import').click();
  // The error by game, line and column; the good game is listed and shown.
  const error = anna.locator('#pgn-errors li.error');
  await error.first().waitFor({ timeout: STATE_MS });
  assert.equal(await error.count(), 1);
  assert.match(await error.innerText(), /^Game 2, line 16, column 24: an illegal move\. move "Bxe8"/);
  assert.equal(await anna.locator('#pgn-status').innerText(), '2 games read. 1 error.');
  const games = anna.locator('#pgn-games button.pgn-game');
  assert.equal(await games.count(), 2);
  assert.equal((await games.nth(0).innerText()).replace(/\s+/g, ' '), 'Anna – Boris 1-0 · Club championship · 2024.03.01');
  assert.match(await games.nth(1).innerText(), /Carl – Dora[\s\S]*has errors/);
  assert.equal(await games.nth(0).getAttribute('aria-current'), 'true');
  assert.equal(await anna.locator('#pgn-game-title').innerText(), 'Anna – Boris 1-0');
  assert.equal(await anna.locator('.pgn-game-details').innerText(), 'Club championship · Riga · 2024.03.01 · round 4');
  assert.equal((await pgnShown(anna)).fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  // Comments, NAG symbols and clock times in the move list.
  const list = anna.locator('#pgn-moves');
  await list.locator('.pgn-comment', { hasText: 'A sharp opening.' }).waitFor();
  await list.locator('.pgn-comment', { hasText: 'the gambit accepted' }).waitFor();
  // A move of the list with what stands beside it (its clock and position NAGs).
  const group = (san) => list.locator('.pgn-move-group', { has: anna.locator('.pgn-san', { hasText: new RegExp(`^${san}$`) }) }).first();
  assert.equal(await group('e4').locator('.pgn-clock').innerText(), '2:59');
  assert.equal(await group('Nc6').locator('.pgn-clock').innerText(), '2:50');
  assert.equal(await group('Nf6').locator('.pgn-nag.assessment').innerText(), '??');
  assert.equal(await group('Ng5').locator('.pgn-nag.position').innerText(), '±');
  assert.equal(await group('Ng5').locator('.pgn-nag.position').getAttribute('title'), 'White is better');
  assert.equal(await list.locator('.pgn-variation .pgn-move', { hasText: 'f4' }).first().locator('.pgn-nag').innerText(), '!?');
  // Keyboard: → along the main line, ← back, End and Home.
  await anna.locator('#pgn-game-title').click();
  await anna.keyboard.press('ArrowRight');
  assert.deepEqual(await pgnShown(anna), { san: 'e4', fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' });
  await anna.keyboard.press('ArrowRight');
  await anna.keyboard.press('ArrowRight');
  assert.equal((await pgnShown(anna)).san, 'Nf3');
  await anna.keyboard.press('ArrowLeft');
  assert.equal((await pgnShown(anna)).san, 'e5');
  await anna.keyboard.press('End');
  assert.equal((await pgnShown(anna)).san, 'Nxf7');
  await anna.keyboard.press('Home');
  assert.equal((await pgnShown(anna)).san, null);
  // A click into the variation, then → inside it, ← back out to the main line.
  await list.locator('.pgn-variation .pgn-move', { hasText: 'f4' }).first().click();
  const gambit = 'rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq f3 0 2';
  assert.deepEqual(await pgnShown(anna), { san: 'f4', fen: gambit });
  const href = await anna.locator('#pgn-analysis').getAttribute('href');
  assert.equal(href, `/analysis?fen=${encodeURIComponent(gambit)}`);
  assert.equal(new URL(href, server.url).searchParams.get('fen'), gambit);
  await anna.keyboard.press('ArrowRight');
  assert.equal((await pgnShown(anna)).san, 'exf4');
  await anna.keyboard.press('ArrowRight');
  assert.equal((await pgnShown(anna)).san, 'Nf3');
  assert.equal(await anna.locator('.pgn-move.current').evaluate((e) => Boolean(e.closest('.pgn-variation'))), true, 'still in the variation');
  await anna.keyboard.press('ArrowLeft');
  await anna.keyboard.press('ArrowLeft');
  await anna.keyboard.press('ArrowLeft');
  assert.equal((await pgnShown(anna)).san, 'e5', 'back at the position the variation left');
  await anna.keyboard.press('ArrowRight');
  assert.equal(await anna.locator('.pgn-move.current').evaluate((e) => Boolean(e.closest('.pgn-variation'))), false, '→ follows the main line');
  // The board and the link follow every position.
  await list.locator('.pgn-move', { hasText: 'Ng5' }).click();
  const afterNg5 = 'r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 5 4';
  assert.equal((await pgnShown(anna)).fen, afterNg5);
  assert.equal(await anna.locator('#pgn-analysis').getAttribute('href'), `/analysis?fen=${encodeURIComponent(afterNg5)}`);
  await anna.mouse.move(0, 0);
  await settled(anna);
  await anna.screenshot({ path: path.join(artefacts, 'pgn-viewer.png'), fullPage: true });
  if (process.env.DOCS_SCREENSHOTS) await anna.screenshot({ path: path.join(web, '..', 'docs', 'img', 'pgn-viewer.png'), fullPage: true });
  // The game with the error: its moves up to it, and the note.
  await games.nth(1).click();
  assert.equal(await anna.locator('#pgn-game-title').innerText(), 'Carl – Dora *');
  assert.equal(await list.locator('.pgn-move').count(), 4);
  await list.locator('.pgn-failed').waitFor();
  // The same file uploaded; a text over 1 MiB is refused before it is sent.
  const firstGame = PGN_TWO_GAMES.slice(0, PGN_TWO_GAMES.indexOf('[Event "Blunders"]'));
  await anna.locator('#pgn-file').setInputFiles({ name: 'games.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(firstGame) });
  await anna.locator('#pgn-status', { hasText: '1 game read.' }).waitFor({ timeout: STATE_MS });
  await anna.waitForFunction((text) => document.querySelector('#pgn-text').value === text, firstGame, { timeout: STATE_MS });
  assert.equal(await games.count(), 1);
  assert.equal(await anna.locator('#pgn-errors').isVisible(), false, 'no errors, no list of them');
  await anna.locator('#pgn-text').evaluate((el) => (el.value = 'x'.repeat((1 << 20) + 1)));
  await anna.locator('#pgn-import').click();
  await anna.locator('#pgn-status', { hasText: 'larger than 1 MiB' }).waitFor({ timeout: STATE_MS });
  // A phone: no sideways scrolling, tap targets of 44 px.
  const phone = await s.phone('boris', PHONE);
  await phone.goto(server.url + '/pgn');
  await phone.locator('#pgn-text').fill(PGN_TWO_GAMES);
  await phone.locator('#pgn-import').tap();
  await phone.locator('#pgn-viewer:not([hidden])').waitFor({ timeout: STATE_MS });
  await noSidewaysScroll(phone, 'PGN viewer');
  await tapTargets(phone, 'PGN viewer');
});

// --- issue #18 items 3 and 4: the computer analysis of a finished game (analysis-panel.ts,
// eval-graph.ts) and the analysis board (analysis-board.ts, chess-rules.ts). The server runs
// with --analysis-nodes 20000 (before()), so a short game is analysed in well under a second.

const analysisUrl = (fen) => `/analysis?fen=${encodeURIComponent(fen)}`;
// The mock server has no engine (and no accounts for Art. 11.3.1).
function analysisSkip() {
  try {
    return serverChoice().kind === 'mock' ? 'the mock server has no engine' : false;
  } catch {
    return false; // the run fails in before() with the reason
  }
}

scenario('analysis', async (s) => {
  const { anna, boris } = await friendGame(s);
  // Fool's mate: 1. f3 e5 2. g4?? Qh4#. While it is played the panel is hidden.
  await move(anna, 'f2', 'f3', 1, { watcher: boris });
  await move(boris, 'e7', 'e5', 2, { watcher: anna });
  assert.equal(await anna.locator('#analysis').isVisible(), false, 'no analysis during the game');
  await move(anna, 'g2', 'g4', 3, { watcher: boris });
  await move(boris, 'd8', 'h4', 4, { watcher: anna });
  await banner(anna, 'checkmate');
  const id = new URL(anna.url()).pathname.split('/').pop();
  const panel = anna.locator('#analysis');
  await panel.locator('#analyse').waitFor({ timeout: STATE_MS });
  await panel.locator('#to-analysis', { hasText: 'Analysis board' }).waitFor();

  // Art. 11.3.1: Carl, logged in, has a game of his own that has not ended (created and
  // waiting for an opponent): the server refuses him the analysis and the engine.
  const carl = await s.desktop('carl');
  const carlName = `e2ec${Date.now().toString(36)}`.slice(0, 20);
  await carl.goto(`${server.url}/signup`);
  await signUp(carl, carlName);
  await carl.locator('#account-name', { hasText: carlName }).waitFor({ timeout: STATE_MS });
  const own = await carl.evaluate(async () => {
    const res = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ time_control: '300+3', variant: 'standard', color: 'white', opponent: { type: 'friend' } }) });
    return (await res.json()).id;
  });
  await carl.goto(`${server.url}/g/${id}`);
  await carl.locator('#analyse').click();
  await carl.locator('#analysis-message', { hasText: 'Art. 11.3.1: no analysis while you have a game in play' }).waitFor({ timeout: STATE_MS });
  assert.equal(await carl.locator('#analysis-message').getAttribute('data-code'), 'in_play');
  assert.equal(await carl.locator('#analysis').getAttribute('data-status'), 'none', 'nothing was queued');
  await carl.goto(server.url + analysisUrl('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'));
  await carl.locator('#engine-status[data-state="refused"]', { hasText: 'Art. 11.3.1' }).waitFor({ timeout: STATE_MS });
  assert.equal(await carl.locator('#engine-status a').getAttribute('href'), `/g/${own}`, 'the way back to his game');
  assert.equal(await carl.locator('#engine-lines li').count(), 0);

  // Anna asks: the state goes queued/running → done (the progress was drawn), then the
  // graph, the marks, the figures.
  await panel.locator('#analyse').click();
  await anna.locator('#analysis[data-status="done"]').waitFor({ timeout: 30000 });
  assert.match(await panel.getAttribute('data-seen'), /^none (queued|running)( running)? done$/, 'the progress was shown before the result');
  assert.equal(await panel.locator('#analyse').isVisible(), false);
  assert.equal(await panel.locator('.analysis-progress').isVisible(), false);
  assert.equal(await anna.locator('.eval-graph rect.eval-ply').count(), 5, 'the start and four plies');
  const blunder = anna.locator('.move-list li[data-ply="3"] .judgement');
  assert.equal(await blunder.innerText(), '??');
  assert.ok((await blunder.getAttribute('class')).includes('blunder'));
  assert.match(await blunder.getAttribute('title'), /^Blunder\. Best was \S+\.$/);
  assert.equal(await anna.locator('.eval-graph .eval-mark.blunder[data-ply="3"]').count(), 1);
  const cell = (side, what) => anna.locator(`#analysis-summary td.${what}[data-side="${side}"]`).innerText();
  assert.match(await cell('white', 'accuracy'), /^\d{1,3}(\.\d)?%$/);
  assert.match(await cell('black', 'accuracy'), /^\d{1,3}(\.\d)?%$/);
  assert.equal(await cell('white', 'blunders'), '1');
  assert.equal(await cell('black', 'blunders'), '0');
  assert.match(await panel.locator('.analysis-note').innerText(), /^Judgements by the change in winning chances, as lichess makes them \(docs\/analysis\.md\); [\d,]+ nodes searched a position\.$/);
  // The live position is the mate: its evaluation; a click on the graph goes to 2. g4??.
  assert.match(await anna.locator('#analysis-move').innerText(), /^After 2… Qh4#: checkmate$/);
  await anna.locator('.eval-graph rect.eval-ply[data-ply="3"]').click();
  await anna.locator('.move-list li[data-ply="3"].current').waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('.eval-graph .eval-cursor').getAttribute('data-ply'), '3');
  assert.match(await anna.locator('#analysis-move').innerText(), /^After 2\. g4\?\?: #-1 \(depth \d+\) Blunder\. Best was \S+\.$/);
  const afterG4 = 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2';
  assert.equal(await anna.locator('#to-analysis').getAttribute('href'), analysisUrl(afterG4), 'the analysis board at the move shown');
  await anna.mouse.move(0, 0);
  await shot(anna, 'analysis.png');
  if (process.env.DOCS_SCREENSHOTS) await anna.screenshot({ path: path.join(web, '..', 'docs', 'img', 'analysis.png'), fullPage: true });
  await anna.locator('.move-nav button[aria-label="Previous move"]').click();
  assert.equal(await anna.locator('.eval-graph .eval-cursor').getAttribute('data-ply'), '2', 'the cursor follows the move list');
  // The PGN with the analysis.
  const href = await anna.locator('#analysis-pgn').getAttribute('href');
  assert.equal(href, `/api/games/${id}/pgn?analysis=1`);
  const pgn = await anna.evaluate(async (url) => (await fetch(url)).text(), href);
  assert.match(pgn, /\[%eval /);
  assert.match(pgn, /g4 \$4|g4\?\?/);
  // Boris's page (a phone) shows it too after a reload, and fits the screen.
  await boris.reload();
  await boris.locator('#analysis[data-status="done"]').waitFor({ timeout: STATE_MS });
  assert.equal(await boris.locator('.move-list li[data-ply="3"] .judgement').innerText(), '??');
  assert.equal(await boris.locator('#analysis').getAttribute('data-seen'), 'done');
  await noSidewaysScroll(boris, 'the analysis on a phone');
  await tapTargets(boris, 'the analysis on a phone');
  // A second request finds it (200, done); the analysis board from the final position.
  const again = await anna.evaluate(async (game) => {
    const res = await fetch(`/api/games/${game}/analysis`, { method: 'POST', headers: { 'x-csrf-token': 'none' } });
    return { status: res.status, body: await res.json() };
  }, id);
  assert.equal(again.status, 200);
  assert.equal(again.body.status, 'done');
  await anna.locator('.move-nav button[aria-label="Last move"]').click();
  await anna.locator('#to-analysis').click();
  await anna.waitForURL('**/analysis?fen=*');
  await anna.locator('#engine-status[data-state="over"]', { hasText: 'Checkmate: Black wins.' }).waitFor({ timeout: STATE_MS });
  assert.equal(await anna.locator('#eval-bar').getAttribute('data-win'), '0');
}, { skip: analysisSkip() });

scenario('analysis-board', async (s) => {
  const anna = await s.desktop('anna');
  // The editor's link (an accepted position) and the PGN viewer's lead here too.
  const italian = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
  await anna.goto(`${server.url}/editor?fen=${encodeURIComponent(italian)}`);
  await anna.locator('#editor-status[data-state="ok"]').waitFor({ timeout: STATE_MS });
  await anna.locator('#editor-analysis', { hasText: 'Analysis board' }).click();
  await anna.waitForURL(`**${analysisUrl(italian)}`);
  const fenField = anna.locator('#analysis-fen');
  await fenField.waitFor();
  assert.equal(await fenField.inputValue(), italian);
  // The engine's line: its evaluation, depth and moves; the bar beside the board.
  const lines = anna.locator('#engine-lines li.engine-line');
  await lines.first().waitFor({ timeout: STATE_MS });
  assert.match(await lines.first().locator('.engine-eval').innerText(), /^([+-]\d+\.\d\d|0\.00|#-?\d+)$/);
  assert.match(await lines.first().locator('.engine-depth').innerText(), /^depth \d+$/);
  assert.match(await lines.first().locator('button.engine-first').innerText(), /^3\. \S+$/);
  await anna.locator('#engine-status[data-state="running"], #engine-status[data-state="done"]').waitFor({ timeout: STATE_MS });
  assert.ok(Number(await anna.locator('#eval-bar').getAttribute('data-win')) > 0);
  // Three lines at once.
  await anna.locator('#engine-multipv').selectOption('3');
  await anna.waitForFunction(() => document.querySelectorAll('#engine-lines li.engine-line').length === 3, null, { timeout: STATE_MS });
  assert.deepEqual(await lines.evaluateAll((els) => els.map((e) => e.dataset.multipv)), ['1', '2', '3']);
  // A move on the board (3. Bb5), back, another (3. Bc4): a variation.
  const ruy = 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
  await clickSquare(anna, 'f1');
  await clickSquare(anna, 'b5');
  await anna.waitForFunction((f) => document.querySelector('#analysis-fen').value === f, ruy, { timeout: STATE_MS });
  const moves = anna.locator('#ab-moves');
  assert.deepEqual(await moves.locator('.pgn-san').allInnerTexts(), ['Bb5']);
  assert.equal(await moves.locator('.pgn-num').innerText(), '3.');
  await anna.locator('#engine-lines li.engine-line button.engine-first', { hasText: /^3… / }).first().waitFor({ timeout: STATE_MS });
  await anna.locator('.ab-nav button[aria-label="Previous move"]').click();
  assert.equal(await fenField.inputValue(), italian);
  await clickSquare(anna, 'f1');
  await clickSquare(anna, 'c4');
  const bc4 = moves.locator('.pgn-variation .pgn-move', { hasText: 'Bc4' });
  await bc4.waitFor({ timeout: STATE_MS });
  assert.equal(await bc4.getAttribute('aria-current'), 'step');
  assert.equal(await moves.locator('.pgn-move').count(), 2);
  // The engine's first move for Black plays it, inside the variation.
  const first = anna.locator('#engine-lines li.engine-line[data-multipv="1"] button.engine-first', { hasText: /^3… / });
  await first.waitFor({ timeout: STATE_MS });
  const before = await fenField.inputValue();
  // Read and click in one step: a deeper iteration may change the engine's first move
  // between a read and a click.
  const reply = (await first.evaluate((b) => {
    const text = b.innerText;
    b.click();
    return text;
  })).replace(/^3… /, '');
  await anna.waitForFunction((f) => document.querySelector('#analysis-fen').value !== f, before, { timeout: STATE_MS });
  assert.equal(await moves.locator('.pgn-variation .pgn-move').last().locator('.pgn-san').innerText(), reply);
  assert.equal(await moves.locator('.pgn-variation .pgn-move').count(), 2);
  // ← ← →: back to the start and along the main line; End and Home.
  await anna.locator('#ab-moves').click({ position: { x: 2, y: 2 } });
  await anna.keyboard.press('Home');
  assert.equal(await fenField.inputValue(), italian);
  await anna.keyboard.press('ArrowRight');
  assert.equal(await fenField.inputValue(), ruy, '→ follows the main line');
  // The engine off and on; the board flipped turns the bar too.
  await anna.locator('#engine-on').uncheck();
  await anna.locator('#engine-status[data-state="off"]').waitFor({ timeout: STATE_MS });
  assert.equal(await lines.count(), 0);
  await anna.locator('#engine-on').check();
  await lines.first().waitFor({ timeout: STATE_MS });
  await anna.locator('.ab-flip').click();
  assert.equal(await anna.locator('.cg-wrap.orientation-black').count(), 1);
  assert.equal(await anna.locator('#eval-bar.flipped').count(), 1);
  await anna.mouse.move(0, 0);
  await shot(anna, 'analysis-board.png');
  // A FEN typed into the field opens that position; a bad one in the address is said so.
  await fenField.fill('8/8/8/8/8/5k2/8/5K1R w - - 0 1');
  await fenField.press('Enter');
  await anna.waitForURL(`**${analysisUrl('8/8/8/8/8/5k2/8/5K1R w - - 0 1')}`);
  await anna.goto(`${server.url}/analysis?fen=${encodeURIComponent('8/8/8/8/8/8/8/8 w - - 0 1')}`);
  await anna.locator('#ab-notice', { hasText: 'not a position the board can show' }).waitFor({ timeout: STATE_MS });
  assert.equal(await fenField.inputValue(), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  // A phone: the board, the bar and the lines fit; tap targets of 44 px.
  const phone = await s.phone('boris', PHONE);
  await phone.goto(server.url + '/analysis');
  await phone.locator('#engine-lines li.engine-line').first().waitFor({ timeout: STATE_MS });
  await noSidewaysScroll(phone, 'the analysis board on a phone');
  await tapTargets(phone, 'the analysis board on a phone');
}, { skip: analysisSkip() });

scenario('showcase', async (s) => {
  const { anna, boris } = await friendGame(s);
  const line = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5', 'c2c3', 'g8f6', 'd2d4', 'e5d4', 'c3d4', 'c5b4', 'b1c3', 'f6e4', 'e1g1'];
  for (const [i, uci] of line.entries()) {
    const [mover, watcher] = i % 2 === 0 ? [anna, boris] : [boris, anna];
    await move(mover, uci.slice(0, 2), uci.slice(2, 4), i + 1, { watcher });
  }
  await anna.locator('.move-list li[data-ply="15"] .san', { hasText: 'O-O' }).waitFor();
  await anna.mouse.move(0, 0);
  await shot(anna, '00-game.png');
  if (process.env.README_SCREENSHOT) await copyFile(path.join(artefacts, '00-game.png'), path.resolve(process.env.README_SCREENSHOT));
});

// --- issue #18 item 1: a Swiss tournament the server runs (tournaments.ts, tournament-page.ts)

const SWISS_WAITING_S = 20; // the event's default time (Art. 6.7.1)

// The mock server runs no tournaments: the scenario is skipped with it.
function swissSkip() {
  try {
    return serverChoice().kind === 'mock' ? 'the mock server runs no tournaments' : false;
  } catch {
    return false; // the run fails in before() with the reason
  }
}

// The arena moves the server's clock through its two minutes: it runs on a server of its
// own, started with --test-clock (an external one, as the cluster's, has the real clock).
function arenaSkip() {
  try {
    const kind = serverChoice().kind;
    if (kind === 'mock') return 'the mock server runs no tournaments';
    if (kind === 'url') return "the arena moves the server's clock: it needs a server of its own";
    return false;
  } catch {
    return false; // the run fails in before() with the reason
  }
}

// The arbiter binary for `arbiter tournament standings` (the server's, or the build's).
function arbiterBinary() {
  const choice = serverChoice();
  if (choice.kind === 'binary') return choice.binary;
  return ['build/release/bin/arbiter', 'build/h-web/bin/arbiter'].map((p) => path.join(web, '..', p)).find((p) => existsSync(p)) ?? null;
}

// An account signed up over REST, and requests with its cookie, as its browser would send them.
async function apiAccount(base, name) {
  const res = await fetch(`${base}/api/account/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'new' },
    body: JSON.stringify({ name, password: 'a good password' }),
  });
  const text = await res.text();
  assert.equal(res.status, 201, `sign up ${name}: ${text}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { name, cookie, csrf: JSON.parse(text).csrf };
}

async function asAccount(base, account, method, url, body) {
  const headers = account ? { cookie: account.cookie } : {};
  if (account && method !== 'GET') headers['x-csrf-token'] = account.csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, body: json, text };
}

const sleepMs = (ms) => new Promise((r) => setTimeout(r, ms));

// Moves the server's clocks on by `ms` (`serve --test-clock`); its wall clock after, or null
// when the server has no test clock.
async function advanceClock(base, ms) {
  const r = await asAccount(base, null, 'POST', '/api/test/clock', { advance_ms: ms });
  return r.status === 200 ? r.body.wall_ms : null;
}

// Polls until `probe` returns a value (not null/undefined/false).
async function until(what, probe, ms = STATE_MS) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleepMs(200);
  }
}

// One player of the event: an account played over REST and the WebSocket, or a browser page.
// `seat` is his seat in the game of the round in play.
class SwissPlayer {
  constructor(name, { account = null, page = null } = {}) {
    this.name = name;
    this.account = account;
    this.page = page;
    this.seat = null;
  }
}

// The tournament's pairings of round `n`, once every board has its game: boards with their
// players.
async function pairedRound(base, id, n, players, ms = STATE_MS) {
  const view = await until(`round ${n} of ${id} to be paired`, async () => {
    const r = await asAccount(base, null, 'GET', `/api/tournaments/${id}`);
    if (r.status !== 200) return null;
    const round = r.body.round_list.find((x) => x.number === n);
    return round && round.boards.length && round.boards.every((b) => b.game) ? r.body : null;
  }, ms);
  const byEntry = new Map(view.players.map((p) => [p.entry, players.get(p.name)]));
  const round = view.round_list.find((x) => x.number === n);
  return round.boards.map((b, i) => ({ number: i + 1, game: b.game, white: byEntry.get(b.white), black: byEntry.get(b.black) }));
}

// Takes a player's seat in `game`: a page is already there (it followed the pairing) and
// shows the board; an account joins (the seat its pairing gave it) and says hello.
async function sit(base, player, game) {
  if (player.page) {
    await player.page.waitForURL(`**/g/${game}`, { timeout: STATE_MS });
    await player.page.locator('cg-board').waitFor({ timeout: STATE_MS });
    await player.page.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: STATE_MS });
    player.seat = { game };
    return;
  }
  const grant = await asAccount(base, player.account, 'POST', `/api/games/${game}/join`, { name: player.name, invite: '' });
  assert.equal(grant.status, 200, `${player.name} takes his seat in ${game}: ${grant.text}`);
  const client = new Client(base, game);
  const welcome = await client.hello(grant.body.token);
  assert.equal(welcome.t, 'welcome', `${player.name}: ${JSON.stringify(welcome)}`);
  player.seat = { game, token: grant.body.token, client, side: grant.body.seat };
}

// After a restart: the accounts' sockets open again; the pages reconnect by themselves.
async function sitAgain(base, player) {
  if (!player.seat) return;
  if (player.page) {
    await player.page.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: 20000 });
    return;
  }
  const { game, token, client } = player.seat;
  const lastSeq = client.lastSeq();
  client.close();
  const again = new Client(base, game);
  const welcome = await again.hello(token, lastSeq);
  assert.equal(welcome.t, 'welcome');
  player.seat = { ...player.seat, client: again };
}

async function stand(player) {
  if (player.seat?.client) await player.seat.client.close();
  player.seat = null;
}

// `mover` plays `uci` as ply `ply`; `watcher` sees it.
async function swissMove(mover, watcher, uci, ply) {
  if (mover.page) await move(mover.page, uci.slice(0, 2), uci.slice(2, 4), ply);
  else {
    const answer = await mover.seat.client.act({ t: 'move', d: { uci, ply } });
    assert.equal(answer.t, 'ack', `${mover.name} plays ${uci}: ${JSON.stringify(answer)}`);
  }
  if (watcher.page) await plyItem(watcher.page, ply).waitFor({ timeout: STATE_MS });
  else await watcher.seat.client.wait((m) => m.t === 'move' && m.d.ply === ply, STATE_MS, `${watcher.name} sees ply ${ply}`);
}

async function swissResign(player) {
  if (player.page) {
    await player.page.locator('button.resign').click();
    await player.page.locator('button.resign-confirm').click();
  } else {
    const answer = await player.seat.client.act({ t: 'resign' });
    assert.equal(answer.t, 'ack', `${player.name} resigns: ${JSON.stringify(answer)}`);
  }
}

// Ends a board begun with 1. e4 e5: "white" or "black" resigns (the other wins), or "draw":
// White offers, Black accepts. Waits until the tournament has the result.
async function finishBoard(base, id, board, how) {
  const { white, black } = board;
  if (how === 'draw') {
    const offer = await white.seat.client.act({ t: 'draw', d: { action: 'offer' } });
    assert.equal(offer.t, 'ack');
    await black.seat.client.wait((m) => m.t === 'draw', STATE_MS, 'the draw offer');
    const accept = await black.seat.client.act({ t: 'draw', d: { action: 'accept' } });
    assert.equal(accept.t, 'ack');
  } else await swissResign(how === 'white' ? white : black);
  const expected = how === 'draw' ? '1/2-1/2' : how === 'white' ? '0-1' : '1-0';
  await until(`board ${board.number} recorded as ${expected}`, async () => {
    const r = await asAccount(base, null, 'GET', `/api/tournaments/${id}`);
    return r.body.round_list.flatMap((x) => x.boards).find((b) => b.game === board.game)?.result === expected;
  });
  for (const p of [white, black]) if (p.page) await banner(p.page, how === 'draw' ? 'agreement' : 'resignation');
  board.result = expected;
}

// The box around what `selectors` show (a text by its own width, not its block's), with a
// margin: a picture of part of a page.
async function contentBox(page, selectors, pad = 16) {
  const box = await page.evaluate((list) => {
    const edges = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (const el of document.querySelectorAll(list.join(','))) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = el.matches('p, h2, dt, dd') ? range.getBoundingClientRect() : el.getBoundingClientRect();
      edges.left = Math.min(edges.left, r.left + scrollX);
      edges.top = Math.min(edges.top, r.top + scrollY);
      edges.right = Math.max(edges.right, r.right + scrollX);
      edges.bottom = Math.max(edges.bottom, r.bottom + scrollY);
    }
    return edges;
  }, selectors);
  const x = Math.max(0, box.left - pad);
  const y = Math.max(0, box.top - pad);
  return { x, y, width: box.right + pad - x, height: box.bottom + pad - y };
}

// What a page shows of the event's standings: rank, name, points and tie-breaks.
async function pageStandings(page) {
  return page.locator('#t-standings tbody tr').evaluateAll((rows) =>
    rows.map((tr) => ({
      rank: Number(tr.querySelector('td.rank').textContent),
      name: tr.querySelector('td.name').textContent,
      points: Number(tr.querySelector('td.points').textContent.replace(/,/g, '')),
      tiebreaks: [...tr.querySelectorAll('td.tb')].map((td) => Number(td.textContent.replace(/,/g, ''))),
    })),
  );
}

// Issue #18 item 1: eight accounts, a 3-round Swiss created in the browser, Anna and Boris
// in browsers (forbidden to meet), six over REST and the WebSocket; a kill -9 mid-round;
// a game lost by default in round 3; the page's standings against `arbiter tournament
// standings --json` of the page's TRF.
scenario(
  'swiss',
  async (s) => {
    // A server of its own (so that it can be restarted) when the tests start servers, else
    // the one all scenarios share (ARBITER_URL; no restart then).
    const own = serverChoice().kind === 'binary' ? await startServer('e2e-swiss', { extraArgs: ['--test-clock'] }) : null;
    if (own) s.cleanups.push(() => own.stop());
    const base = own ? own.url : server.url;
    // Plain names on a server of its own (the docs' picture), else names of this run.
    const stamp = own ? '' : Date.now().toString(36);
    const named = (n) => `${n}${stamp}`;
    const [annaName, borisName] = [named('Anna'), named('Boris')];
    const restNames = ['Carl', 'Dora', 'Emil', 'Fred', 'Gina', 'Hugo'].map(named);
    const password = 'club night';
    const anna = await s.desktop('anna');
    const boris = await s.desktop('boris');
    const players = new Map();
    players.set(annaName, new SwissPlayer(annaName, { page: anna }));
    players.set(borisName, new SwissPlayer(borisName, { page: boris }));
    const accounts = await Promise.all(restNames.map((n) => apiAccount(base, n)));
    for (const a of accounts) players.set(a.name, new SwissPlayer(a.name, { account: a }));
    for (const [page, name] of [[anna, annaName], [boris, borisName]]) {
      await page.goto(`${base}/signup`);
      await signUp(page, name);
      await page.locator('#account-name', { hasText: name }).waitFor({ timeout: STATE_MS });
    }

    // Anna creates the event from the header's link: every field of the form.
    await anna.locator('#nav-tournaments').click();
    await anna.waitForURL('**/tournaments');
    await anna.locator('#tf-name').fill('Club Swiss');
    await anna.locator('#tf-tc').selectOption('custom');
    await anna.locator('#tf-tc-custom').fill('300+3');
    await anna.locator('#tf-rounds').fill('3');
    await anna.locator('#tf-starts').fill('1');
    await anna.locator('#tf-starts-unit').selectOption('min');
    await anna.locator('#tf-interval').fill('0');
    await anna.locator('#tf-waiting').fill(String(SWISS_WAITING_S));
    await anna.locator('#tf-late').selectOption('half');
    await anna.locator('#tf-tiebreaks').fill('BH/C1,BH,SB');
    await anna.locator('#tf-password').fill(password);
    await anna.locator('#tf-max').fill('8');
    // A line that is not a pair is refused before anything is sent; then the pair.
    await anna.locator('#tf-forbidden').fill(`${annaName}\n`);
    await anna.locator('#tf-submit').click();
    await anna.locator('#tf-error', { hasText: 'Line 1 of the pairs' }).waitFor({ timeout: STATE_MS });
    await anna.locator('#tf-forbidden').fill(`${annaName} ${borisName}\n`);
    await anna.locator('#tf-submit').click();
    await anna.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    const id = new URL(anna.url()).pathname.split('/').pop();
    await anna.locator('#t-name', { hasText: 'Club Swiss' }).waitFor({ timeout: STATE_MS });
    const facts = await anna.locator('#t-facts').innerText();
    assert.match(facts, /Not started/);
    assert.match(facts, /300\+3 · 3 rounds · casual/);
    assert.match(await anna.locator('#t-settings').innerText(), /default time 20 seconds · 0 seconds between rounds · late entries score half a point/);
    assert.match(await anna.locator('#t-status').innerText(), /Round 1 is paired in/);
    assert.match(await anna.locator('#t-countdown').innerText(), /^(1:00|0:[0-5]\d)$/);
    assert.match(await anna.locator('#t-note').innerText(), /FIDE Dutch System \(C\.04\.3\).*C\.07/);
    const created = (await asAccount(base, null, 'GET', `/api/tournaments/${id}`)).body;
    assert.deepEqual(created.tiebreaks, ['BH/C1', 'BH', 'SB']);
    assert.equal(created.late, 'half');
    assert.equal(created.waiting_s, SWISS_WAITING_S);
    assert.equal(created.password, true);
    await anna.locator('#t-password').fill(password);
    await anna.locator('#t-join').click();
    await anna.locator('#t-entered').waitFor({ timeout: STATE_MS });

    // The six others join over REST (one with a wrong password first).
    const wrong = await asAccount(base, accounts[0], 'POST', `/api/tournaments/${id}/join`, { password: 'not it' });
    assert.equal(wrong.status, 403, wrong.text);
    assert.equal(wrong.body.error.field, 'password');
    await Promise.all(
      accounts.map(async (a) => {
        const joined = await asAccount(base, a, 'POST', `/api/tournaments/${id}/join`, { password });
        assert.equal(joined.status, 200, `${a.name} joins: ${joined.text}`);
      }),
    );
    const twice = await asAccount(base, accounts[0], 'POST', `/api/tournaments/${id}/join`, { password });
    assert.equal(twice.status, 409);
    assert.equal(twice.body.error.field, 'account');

    // Boris finds it in the list, is refused a wrong password, joins, withdraws and joins
    // again (before round 1 he may).
    await boris.locator('#nav-tournaments').click();
    const row = boris.locator(`#tour-list tr[data-id="${id}"]`);
    await row.waitFor({ timeout: STATE_MS });
    assert.match(await row.innerText(), /Club Swiss[\s\S]*300\+3[\s\S]*\b3\b[\s\S]*\b7\b/);
    await row.locator('a.tour-name').click();
    await boris.waitForURL(`**/tournament/${id}`);
    await boris.locator('#t-password').fill('not it');
    await boris.locator('#t-join').click();
    await boris.locator('#t-message', { hasText: 'that is not the tournament’s password' }).waitFor({ timeout: STATE_MS });
    await boris.locator('#t-password').fill(password);
    await boris.locator('#t-join').click();
    await boris.locator('#t-entered').waitFor({ timeout: STATE_MS });
    await boris.locator('#t-withdraw').click();
    await boris.locator('#t-withdraw-confirm').click();
    await boris.locator('#t-password').fill(password);
    await boris.locator('#t-join').click();
    await boris.locator('#t-entered').waitFor({ timeout: STATE_MS });
    await boris.locator('#t-player-list li[data-withdrawn="false"]').nth(7).waitFor({ timeout: STATE_MS });
    const ninth = await apiAccount(base, named('Ivan'));
    const full = await asAccount(base, ninth, 'POST', `/api/tournaments/${id}/join`, { password });
    assert.equal(full.status, 409, `the ninth player: ${full.text}`);
    assert.equal(full.body.error.field, 'full');

    // Round 1 is paired at the start (the server's clock moved to it): both pages go to
    // their games by themselves. A third browser watches the tournament page. (The restart
    // below forgets the clock's shift: the server's clock goes back by it, which the games
    // resumed ignore, and the event does not mind.)
    const serverNow = await advanceClock(base, 1);
    if (serverNow !== null) await advanceClock(base, Math.max(1, created.starts_ms - serverNow + 200));
    const watcher = await s.desktop('watcher');
    const snapshots = [];
    for (let n = 1; n <= 3; n++) {
      const boards = await pairedRound(base, id, n, players, n === 1 && serverNow === null ? 75000 : STATE_MS);
      assert.equal(boards.length, 4, `round ${n}: four boards`);
      for (const b of boards) assert.ok(!(b.white.page && b.black.page), `round ${n}: Anna and Boris were forbidden to meet`);
      const uiBoards = boards.filter((b) => b.white.page || b.black.page);
      const restBoards = boards.filter((b) => !b.white.page && !b.black.page);
      // Round 3: the last of the REST boards is the one where Black never comes.
      const absent = n === 3 ? restBoards[restBoards.length - 1] : null;
      for (const b of boards) {
        await sit(base, b.white, b.game);
        if (b !== absent) await sit(base, b.black, b.game);
      }
      await Promise.all(
        boards.map(async (b) => {
          await swissMove(b.white, b.black.seat ? b.black : b.white, 'e2e4', 1);
          if (b !== absent) await swissMove(b.black, b.white, 'e7e5', 2);
        }),
      );
      // The players' pages went to their games; the pairings are on the tournament page.
      await watcher.goto(`${base}/tournament/${id}`);
      await watcher.locator(`#t-pairings[data-round="${n}"] tbody tr[data-board]`).nth(3).waitFor({ timeout: STATE_MS });
      for (const b of boards) {
        const tr = watcher.locator(`#t-pairings tr[data-game="${b.game}"]`);
        assert.equal(await tr.locator('td.white').innerText(), b.white.name);
        assert.equal(await tr.locator('td.black').innerText(), b.black.name);
        assert.equal(await tr.locator('a.t-game').getAttribute('href'), `/g/${b.game}`);
      }
      assert.match(await watcher.locator('#t-status').innerText(), new RegExp(`Round ${n} of 3 is being played`));

      if (n === 1) {
        // Round 1: one game over, the others in play; kill -9 and restart: nothing lost.
        await finishBoard(base, id, restBoards[0], 'black');
        if (own) {
          const before = (await asAccount(base, null, 'GET', `/api/tournaments/${id}`)).body;
          const games = await Promise.all(boards.map(async (b) => (await asAccount(base, null, 'GET', `/api/games/${b.game}`)).body));
          await own.restart();
          const after = (await asAccount(base, null, 'GET', `/api/tournaments/${id}`)).body;
          // Everything but the server's clock (now_ms), which moves on.
          assert.deepEqual({ ...after, now_ms: 0 }, { ...before, now_ms: 0 }, 'the event is the same after a restart');
          for (const [i, b] of boards.entries()) {
            const game = (await asAccount(base, null, 'GET', `/api/games/${b.game}`)).body;
            assert.deepEqual(game.moves.map((m) => m.uci), games[i].moves.map((m) => m.uci), `board ${b.number}: the same moves`);
            assert.equal(game.status, games[i].status, `board ${b.number}: the same status`);
          }
          for (const b of boards) for (const p of [b.white, b.black]) await sitAgain(base, p);
        }
      }
      // The browsers' games end first (their players resign or win), then the players go
      // back to the tournament page; then the REST games, as `ends` says in board order
      // ("white": White resigns), the last of them pairing the next round.
      const ends = { 1: ['draw', 'white', 'black'], 2: ['draw', 'black', 'white', 'black'], 3: ['white', 'draw', 'black'] }[n];
      let k = 0;
      for (const b of uiBoards) {
        // The browser's player resigns in round 2; in the others his opponent does.
        const ui = b.white.page ? 'white' : 'black';
        const how = n === 2 ? ui : ui === 'white' ? 'black' : 'white';
        await finishBoard(base, id, b, how);
      }
      for (const p of [players.get(annaName), players.get(borisName)]) {
        p.seat = null;
        await p.page.goto(`${base}/tournament/${id}`);
        await p.page.locator('#t-your-game-link', { hasText: `Your game in round ${n} (over)` }).waitFor({ timeout: STATE_MS });
      }
      for (const b of restBoards.slice(n === 1 ? 1 : 0)) {
        if (b === absent) continue;
        const how = ends[k++ % ends.length];
        await finishBoard(base, id, b, how);
      }
      if (absent) {
        // Black never came: once the default time has passed since White's first move, he
        // loses by default (Art. 6.7.1). The server's clock is moved past it.
        if ((await advanceClock(base, (SWISS_WAITING_S + 1) * 1000)) === null) await sleepMs((SWISS_WAITING_S + 2) * 1000);
        await until('the default', async () => {
          const r = await asAccount(base, null, 'GET', `/api/tournaments/${id}`);
          return r.body.round_list[2].boards.find((b) => b.game === absent.game).result !== '*';
        }, 20000);
        const cell = anna.locator(`#t-pairings[data-round="3"] tr[data-game="${absent.game}"] td.result`);
        await cell.waitFor({ timeout: STATE_MS });
        await anna.locator(`#t-pairings tr[data-game="${absent.game}"] td.result[data-result="+/-"]`).waitFor({ timeout: STATE_MS });
        assert.equal(await cell.innerText(), '+/-');
        assert.match(await cell.getAttribute('title'), /White won by default/);
        absent.result = '+/-';
      }
      for (const b of boards) for (const p of [b.white, b.black]) await stand(p);
      snapshots.push(boards.map((b) => ({ white: b.white.name, black: b.black.name, result: b.result })));
      if (n < 3) {
        // The next round pairs them again: both pages go to their new games by themselves.
        const next = await pairedRound(base, id, n + 1, players);
        for (const b of next) {
          for (const p of [b.white, b.black]) {
            if (!p.page) continue;
            await p.page.waitForURL(`**/g/${b.game}`, { timeout: STATE_MS });
            // The game links back to its event.
            const back = p.page.locator('[data-testid="event-link"]');
            await back.waitFor({ timeout: STATE_MS });
            assert.equal(await back.getAttribute('href'), `/tournament/${id}`);
          }
        }
      }
    }

    // The end: the standings, the crosstable, the TRF; the page against the command line.
    await anna.goto(`${base}/tournament/${id}`);
    await anna.locator('#t-status-word[data-status="finished"]').waitFor({ timeout: STATE_MS });
    assert.equal(await anna.locator('#t-status').innerText(), 'The tournament is over.');
    assert.equal(await anna.locator('#t-your-game').isVisible(), false);
    // The watcher, not logged in, has had the page open since round 3: once the event is
    // over it no longer invites him to sign in and join.
    await watcher.locator('#t-status-word[data-status="finished"]').waitFor({ timeout: STATE_MS });
    assert.equal(await watcher.locator('#t-signin').count(), 0);
    const view = (await asAccount(base, null, 'GET', `/api/tournaments/${id}`)).body;
    assert.equal(view.status, 'finished');
    for (const [i, round] of view.round_list.entries()) {
      assert.deepEqual(
        round.boards.map((b) => b.result).sort(),
        snapshots[i].map((b) => b.result).sort(),
        `round ${i + 1}: the results played`,
      );
    }
    const rows = await pageStandings(anna);
    assert.equal(rows.length, 8);
    assert.equal(rows.reduce((sum, r) => sum + r.points, 0), 12, 'twelve games, a point each');
    assert.deepEqual(await anna.locator('#t-standings th.tb').evaluateAll((ths) => ths.map((th) => th.dataset.tiebreak)), ['BH/C1', 'BH', 'SB']);
    assert.match(await anna.locator('#t-standings th.tb').first().getAttribute('title'), /^Buchholz: .*cut 1/);
    assert.match(await anna.locator('#t-standings th.tb').last().getAttribute('title'), /^Sonneborn-Berger/);
    // The crosstable: a cell for each player and round; the default as + and −.
    assert.equal(await anna.locator('#t-crosstable tbody td.cross').count(), 24);
    assert.equal(await anna.locator('#t-crosstable tbody td.cross:empty').count(), 0);
    const absentBoard = view.round_list[2].boards.find((b) => b.result === '+/-');
    const cross = (entry) => anna.locator(`#t-crosstable tr[data-entry="${entry}"] td.cross[data-round="3"]`);
    assert.equal(await cross(absentBoard.black).getAttribute('data-result'), '-');
    assert.match(await cross(absentBoard.black).innerText(), /^\d+w−$|^\d+b−$/);
    assert.equal(await cross(absentBoard.white).getAttribute('data-result'), '+');
    assert.match(await cross(absentBoard.white).getAttribute('title'), /^Round 3: a win by default against /);
    // The TRF by the page's link, and the standings the command line computes from it.
    const [download] = await Promise.all([anna.waitForEvent('download'), anna.locator('#t-trf').click()]);
    const trfPath = path.join(artefacts, `swiss-${id}.trf`);
    await download.saveAs(trfPath);
    const binary = arbiterBinary();
    assert.ok(binary, 'an arbiter binary for `arbiter tournament standings`');
    const run = spawnSync(binary, ['tournament', 'standings', trfPath, '--json'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const cli = JSON.parse(run.stdout);
    assert.deepEqual(cli.tiebreaks, ['BH/C1', 'BH', 'SB']);
    assert.equal(cli.rounds, 3);
    assert.deepEqual(
      rows,
      cli.standings.map((r) => ({ rank: r.rank, name: r.name, points: r.points, tiebreaks: r.tiebreaks })),
      'the page shows what `arbiter tournament standings` computes from its TRF',
    );
    await anna.mouse.move(0, 0);
    await anna.screenshot({ path: path.join(artefacts, 'swiss-standings.png'), fullPage: true });
    if (process.env.DOCS_SCREENSHOTS) {
      const clip = await contentBox(anna, ['#t-standings-box > h2', '#t-standings-box p', '#t-standings', '#t-tiebreaks dt', '#t-tiebreaks dd', '#t-crosstable-box > h2', '#t-crosstable-box p', '#t-crosstable']);
      await anna.screenshot({ path: path.join(web, '..', 'docs', 'img', 'swiss-standings.png'), clip, fullPage: true });
    }
    // The lists: no longer starting, finished.
    await anna.goto(`${base}/tournaments`);
    await anna.locator('#tour-tab-finished').click();
    await anna.locator(`#tour-list tr[data-id="${id}"][data-status="finished"]`).waitFor({ timeout: STATE_MS });
    // Both pages in Russian: no English word left but the players' and the event's names,
    // the tie-break codes, the FIDE regulations' numbers and TRF.
    const russian = await s.desktop('russian', { locale: 'ru-RU' });
    const allowed = [...players.keys(), 'Club', 'Swiss', 'TRF', 'BH/C1', 'BH', 'SB', 'C'];
    await russian.goto(`${base}/tournament/${id}`);
    await russian.locator('#t-crosstable').waitFor({ timeout: STATE_MS });
    await allRussian(russian, 'the tournament page', allowed);
    await russian.goto(`${base}/tournaments`);
    await russian.locator('#tour-tab-finished').click();
    await russian.locator(`#tour-list tr[data-id="${id}"]`).waitFor({ timeout: STATE_MS });
    await allRussian(russian, 'the tournaments', allowed);
    // A phone, logged in as Anna: no sideways scrolling, tap targets of 44 px, the form too.
    const phone = await s.phone('phone', PHONE);
    await phone.goto(`${base}/login`);
    await signUp(phone, annaName); // /login's form is /signup's
    await phone.locator('#account-name', { hasText: annaName }).waitFor({ timeout: STATE_MS });
    await phone.goto(`${base}/tournament/${id}`);
    await phone.locator('#t-crosstable').waitFor({ timeout: STATE_MS });
    await noSidewaysScroll(phone, 'the tournament page');
    await tapTargets(phone, 'the tournament page');
    await phone.goto(`${base}/tournaments`);
    await phone.locator('#tour-form').waitFor({ timeout: STATE_MS });
    await noSidewaysScroll(phone, 'the tournaments');
    await tapTargets(phone, 'the tournaments');
  },
  { timeout: 240000, skip: swissSkip() },
);

// --- issue #18 item 2: an arena the server runs (tournaments.ts, arena-page.ts)

const ARENA_MINUTES = 2;
const ARENA_WAIT_MS = 3000; // the server pairs a player once he has waited 2 s by its clock

// 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 5. Nc3 Nf6 6. h3 h6 7. a3 a6 8. Be3 Be6 9. Qd2 Qd7
// 10. Rb1 Rb8: twenty plies, no position twice, no capture (a draw long enough to score).
const TWENTY_PLIES = 'e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 d2d3 d7d6 b1c3 g8f6 h2h3 h7h6 a2a3 a7a6 c1e3 c8e6 d1d2 d8d7 a1b1 a8b8'.split(' ');

async function arenaView(base, id) {
  const r = await asAccount(base, null, 'GET', `/api/tournaments/${id}`);
  assert.equal(r.status, 200, `the arena ${id}: ${r.text}`);
  return r.body;
}

// The games the server has paired beyond `known` (ids), once there are `count` of them
// with their game ids. The server's clock is moved on when nobody has been paired for
// ARENA_WAIT_MS (first at once): the waiting players' 2 s pass by its clock.
async function arenaPairings(base, id, known, count) {
  let nudged = 0;
  const fresh = await until(`${count} new pairing(s) in the arena`, async () => {
    if (Date.now() - nudged >= ARENA_WAIT_MS) {
      await advanceClock(base, ARENA_WAIT_MS);
      nudged = Date.now();
    }
    const games = (await arenaView(base, id)).games.filter((g) => !known.has(g.game));
    return games.length >= count && games.every((g) => g.game) ? games : null;
  }, 4 * STATE_MS);
  assert.equal(fresh.length, count, `exactly ${count} new pairing(s): ${JSON.stringify(fresh)}`);
  return fresh;
}

// Nobody is paired although the server's clock has moved on past the 2 s a pairing needs:
// no new game for 2.5 s, in which the server tries to pair twice (it does each second). A
// pairing that does not happen has no event to wait for.
async function noArenaPairing(base, id, known, why) {
  await advanceClock(base, ARENA_WAIT_MS);
  const end = Date.now() + 2500;
  while (Date.now() < end) {
    const games = (await arenaView(base, id)).games.filter((g) => !known.has(g.game));
    assert.deepEqual(games, [], why);
    await sleepMs(250);
  }
}

// White offers a draw, Black accepts, on their pages.
async function pageDraw(white, black) {
  await white.page.locator('button.draw-offer:not([disabled])').click();
  await black.page.locator('.banner .offer').waitFor({ timeout: STATE_MS });
  await black.page.locator('button.draw-accept').click();
  for (const p of [white, black]) await banner(p.page, 'agreement');
}

// A player whose game is over goes back to the arena by the game's link to its event. The
// arena page may send him on to his next game at once: the server pairs him the moment
// his game ends when another player has been waiting.
async function backToArena(player, id) {
  const over = new URL(player.page.url()).pathname;
  const back = player.page.locator('[data-testid="event-link"]');
  await back.waitFor({ timeout: STATE_MS });
  assert.equal(await back.getAttribute('href'), `/tournament/${id}`);
  await back.click();
  await player.page.waitForURL((url) => url.pathname === `/tournament/${id}` || (url.pathname.startsWith('/g/') && url.pathname !== over), { timeout: STATE_MS });
  player.seat = null;
}

// What lichess's arena scoring gives each player for the games that count, in the order
// they were played: a win 2, a draw 1 (none under 20 plies), a loss 0; after two wins in a
// row a player is on fire and his games score double until one is not a win.
function arenaSheets(games) {
  const sheets = new Map();
  for (const g of games) {
    for (const side of ['white', 'black']) {
      const name = g[side];
      const sheet = sheets.get(name) ?? [];
      const outcome = g.result === '1/2-1/2' ? 'D' : (g.result === '1-0') === (side === 'white') ? 'W' : 'L';
      const base = outcome === 'W' ? 2 : outcome === 'D' && g.plies >= 20 ? 1 : 0;
      let streak = 0; // the wins in a row before this game
      for (const e of sheet) streak = e.outcome === 'W' ? streak + 1 : 0;
      const fire = streak >= 2;
      sheet.push({ outcome, points: fire ? 2 * base : base, fire });
      sheets.set(name, sheet);
    }
  }
  return sheets;
}

// What the arena page shows of its ranking.
async function pageRanking(page) {
  return page.locator('#a-ranking tbody tr').evaluateAll((rows) =>
    rows.map((tr) => ({
      rank: Number(tr.querySelector('td.rank').textContent),
      name: tr.dataset.name,
      points: Number(tr.querySelector('td.points').textContent.replace(/,/g, '.')),
      fire: tr.dataset.fire === 'true',
      paused: tr.dataset.paused === 'true',
      playing: tr.dataset.playing === 'true',
      sheet: [...tr.querySelectorAll('td.sheet .sheet-entry')].map((e) => ({ points: Number(e.textContent), fire: e.dataset.fire === 'true', marked: e.classList.contains('fire') })),
    })),
  );
}

// Issue #18 item 2: four players in browsers, a 2-minute arena created in the browser by
// Anna. At its start two games are paired and the pages go to them; a game's two players
// are not paired again with each other straight away; new pairings when the other game
// ends; a player on fire after two wins, whose third win scores double; a draw of 20 plies
// (1 point) and one of 2 (none); a player who pauses mid-game and is then not paired; a
// game in play at the end, not counted (nor once it ends); the ranking's points, the sums
// of the sheets, as the scoring rules give them for the results played.
scenario(
  'arena',
  async (s) => {
    const own = serverChoice().kind === 'binary' ? await startServer('e2e-arena', { extraArgs: ['--test-clock'] }) : null;
    if (own) s.cleanups.push(() => own.stop());
    const base = own ? own.url : server.url;
    assert.notEqual(await advanceClock(base, 1), null, 'the arena needs a server run with --test-clock');
    const stamp = own ? '' : Date.now().toString(36);
    const names = ['Anna', 'Boris', 'Carl', 'Dora'].map((n) => `${n}${stamp}`);
    const players = new Map();
    for (const name of names) players.set(name, new SwissPlayer(name, { page: await s.desktop(name.toLowerCase()) }));
    const [anna, boris, carl, dora] = names.map((n) => players.get(n));
    await Promise.all(
      [...players.values()].map(async (p) => {
        await p.page.goto(`${base}/signup`);
        await signUp(p.page, p.name);
        await p.page.locator('#account-name', { hasText: p.name }).waitFor({ timeout: STATE_MS });
      }),
    );

    // Anna creates it: the kind Arena asks for minutes instead of rounds and the Swiss's
    // settings; a bad duration is refused before anything is sent.
    const a = anna.page;
    await a.locator('#nav-tournaments').click();
    await a.waitForURL('**/tournaments');
    assert.equal(await a.locator('#tf-minutes').isVisible(), false);
    await a.locator('#tf-kind-arena').check();
    assert.equal(await a.locator('#tf-heading').innerText(), 'Create an arena');
    for (const f of ['#tf-rounds', '#tf-interval', '#tf-late', '#tf-tiebreaks', '#tf-forbidden']) assert.equal(await a.locator(f).isVisible(), false, `${f} hidden for an arena`);
    await a.locator('#tf-name').fill('Friday Arena');
    await a.locator('#tf-tc').selectOption('custom');
    await a.locator('#tf-tc-custom').fill('600+5');
    await a.locator('#tf-minutes').fill('0');
    await a.locator('#tf-starts').fill('30');
    await a.locator('#tf-starts-unit').selectOption('s');
    await a.locator('#tf-waiting').fill('30');
    await a.locator('#tf-submit').click();
    await a.locator('#tf-error', { hasText: 'An arena lasts a whole number of minutes' }).waitFor({ timeout: STATE_MS });
    assert.equal(await a.locator('#tf-minutes').getAttribute('aria-invalid'), 'true');
    await a.locator('#tf-minutes').fill(String(ARENA_MINUTES));
    await a.locator('#tf-submit').click();
    await a.waitForURL(/\/tournament\/[A-Za-z0-9]+$/);
    const id = new URL(a.url()).pathname.split('/').pop();
    await a.locator('#a-name', { hasText: 'Friday Arena' }).waitFor({ timeout: STATE_MS });
    const created = await arenaView(base, id);
    assert.equal(created.kind, 'arena');
    assert.equal(created.minutes, ARENA_MINUTES);
    assert.equal(created.ends_ms - created.starts_ms, ARENA_MINUTES * 60_000);
    assert.equal(created.time_control, '600+5');
    assert.equal(created.waiting_s, 30);
    assert.equal(created.fide, false);
    const trf = await asAccount(base, null, 'GET', `/api/tournaments/${id}/trf`);
    assert.equal(trf.status, 409, 'an arena has no TRF');
    // The page says plainly that it is not a FIDE system, and how it scores.
    const notFide = await a.locator('#a-not-fide').innerText();
    assert.match(notFide, /An arena is not a FIDE system/);
    assert.match(notFide, /A win scores 2 points, a draw 1 \(none for a draw of fewer than 20 plies\), a loss 0/);
    assert.match(notFide, /Two wins in a row put a player on fire/);
    assert.match(await a.locator('#a-facts').innerText(), /Not started Arena · 600\+5 · 2 minutes · casual · created by/);
    assert.equal(await a.locator('#a-status').innerText(), 'The arena starts in');
    assert.match(await a.locator('#a-countdown').innerText(), /^0:([0-2]\d|30)$/);
    await a.locator('#a-join').click();
    await a.locator('#a-entered').waitFor({ timeout: STATE_MS });

    // Boris finds it in the list (an arena, its duration) and joins; Carl and Dora too.
    await boris.page.locator('#nav-tournaments').click();
    const row = boris.page.locator(`#tour-list tr[data-id="${id}"]`);
    await row.waitFor({ timeout: STATE_MS });
    assert.equal(await row.getAttribute('data-kind'), 'arena');
    assert.match(await row.innerText(), /Friday Arena Arena · casual[\s\S]*600\+5[\s\S]*2 minutes/);
    await row.locator('a.tour-name').click();
    await Promise.all(
      [boris, carl, dora].map(async (p) => {
        if (p !== boris) await p.page.goto(`${base}/tournament/${id}`);
        await p.page.waitForURL(`**/tournament/${id}`);
        await p.page.locator('#a-join').click();
        await p.page.locator('#a-entered').waitFor({ timeout: STATE_MS });
      }),
    );
    await a.locator('#a-ranking tbody tr').nth(3).waitFor({ timeout: STATE_MS });
    // A watcher without an account stays on the arena page (the players' pages go to their games).
    const watcher = await s.desktop('watcher');
    await watcher.goto(`${base}/tournament/${id}`);
    await watcher.locator('#a-signin').waitFor({ timeout: STATE_MS });

    // The start (the server's clock moved to it): two games, and every page goes to its own.
    const serverNow = await advanceClock(base, 1);
    await advanceClock(base, Math.max(1, created.starts_ms - serverNow + 200));
    const known = new Set();
    const played = []; // the games as they ended, with the results this scenario caused
    const lastOpponent = new Map();
    // A wave of pairings: the games, each with its players, the pages at their boards.
    const wave = async (count) => {
      const games = await arenaPairings(base, id, known, count);
      const boards = [];
      for (const g of games) {
        known.add(g.game);
        const [white, black] = [players.get(g.white), players.get(g.black)];
        assert.ok(white && black && white !== black, `a pairing of two players: ${JSON.stringify(g)}`);
        assert.notEqual(lastOpponent.get(white.name), black.name, `${white.name} and ${black.name} are not paired again straight away`);
        boards.push({ game: g.game, white, black });
      }
      await Promise.all(boards.flatMap((b) => [sit(base, b.white, b.game), sit(base, b.black, b.game)]));
      return boards;
    };
    // The first two plies of a board; then `how`: "white" or "black" resigns, "draw" is
    // offered by White and accepted; its players go back to the arena.
    const opening = async (b) => {
      await swissMove(b.white, b.black, 'e2e4', 1);
      await swissMove(b.black, b.white, 'e7e5', 2);
    };
    const finish = async (b, how) => {
      if (how === 'draw') await pageDraw(b.white, b.black);
      else {
        await swissResign(b[how]);
        for (const p of [b.white, b.black]) await banner(p.page, 'resignation');
      }
      const result = how === 'draw' ? '1/2-1/2' : how === 'white' ? '0-1' : '1-0';
      played.push({ game: b.game, white: b.white.name, black: b.black.name, result });
      lastOpponent.set(b.white.name, b.black.name);
      lastOpponent.set(b.black.name, b.white.name);
      await Promise.all([backToArena(b.white, id), backToArena(b.black, id)]);
    };

    // Wave 1: White wins the first game quickly; its players wait, and are not paired with
    // each other while the second game (twenty plies, then a draw) goes on.
    const [g1, g2] = await wave(2);
    const onFire = g1.white; // wins his first three games
    await Promise.all([opening(g1), opening(g2)]);
    await finish(g1, 'black');
    // Back on the arena page: the countdown to the end, by the server's clock.
    assert.equal(await g1.white.page.locator('#a-status').innerText(), 'The arena ends in');
    assert.match(await g1.white.page.locator('#a-countdown').innerText(), /^1:[0-5]\d$/);
    await noArenaPairing(base, id, known, 'the two players of a game just over are not paired with each other again straight away');
    for (const p of [g1.white, g1.black]) assert.equal(await p.page.locator('#a-your-game').isVisible(), false);
    for (const [i, uci] of TWENTY_PLIES.entries()) {
      if (i < 2) continue;
      const [mover, watcher] = i % 2 === 0 ? [g2.white, g2.black] : [g2.black, g2.white];
      await swissMove(mover, watcher, uci, i + 1);
    }
    await finish(g2, 'draw');

    // Wave 2: new opponents for all four. The player on fire wins again; in the other game
    // White resigns.
    const w2 = await wave(2);
    const [g3, g4] = w2[0].white === onFire || w2[0].black === onFire ? w2 : [w2[1], w2[0]];
    await Promise.all([opening(g3), opening(g4)]);
    await finish(g3, g3.white === onFire ? 'black' : 'white');
    await finish(g4, 'white');
    const fireRow = watcher.locator(`#a-ranking tr[data-name="${onFire.name}"]`);
    await watcher.locator(`#a-ranking tr[data-name="${onFire.name}"][data-fire="true"] .fire-mark`, { hasText: 'on fire' }).waitFor({ timeout: STATE_MS });
    assert.equal(await fireRow.locator('td.rank').innerText(), '1');

    // Wave 3: he wins on fire (double); in the other game one player pauses mid-game (and
    // tries Join again and Pause again), goes back to his board by "Your game", and the
    // game is drawn in two plies (no points).
    const w3 = await wave(2);
    const [g5, g6] = w3[0].white === onFire || w3[0].black === onFire ? w3 : [w3[1], w3[0]];
    await Promise.all([opening(g5), opening(g6)]);
    const paused = g6.black;
    const pp = paused.page;
    await pp.locator('[data-testid="event-link"]').click();
    await pp.waitForURL(`**/tournament/${id}`);
    await pp.locator(`#a-your-game-link[href="/g/${g6.game}"]`).waitFor({ timeout: STATE_MS });
    await pp.locator('#a-pause').click();
    await pp.locator('#a-paused').waitFor({ timeout: STATE_MS });
    assert.equal(await pp.locator('#a-join').innerText(), 'Join again');
    await pp.locator('#a-join').click();
    await pp.locator('#a-entered').waitFor({ timeout: STATE_MS });
    await pp.locator('#a-pause').click();
    await pp.locator('#a-paused').waitFor({ timeout: STATE_MS });
    await pp.locator(`#a-ranking tr[data-name="${paused.name}"][data-paused="true"][data-playing="true"] .paused-mark`).waitFor({ timeout: STATE_MS });
    assert.equal(await pp.locator(`#a-ranking tr[data-name="${paused.name}"] a.playing-mark`).getAttribute('href'), `/g/${g6.game}`);
    await pp.locator('#a-your-game-link').click();
    await sit(base, paused, g6.game);
    await finish(g5, g5.white === onFire ? 'black' : 'white');
    await finish(g6, 'draw');

    // Wave 4: the three not paused; the two who just met are not paired again, so one
    // game; the one left over is not paired with the paused player. The game is left in play.
    const [g7] = await wave(1);
    for (const q of [g7.white, g7.black]) assert.notEqual(q, paused, 'a paused player is not paired');
    await opening(g7);
    await noArenaPairing(base, id, known, 'nobody is paired with the paused player');
    assert.equal(new URL(pp.url()).pathname, `/tournament/${id}`, 'the paused player stays on the arena page');
    assert.equal(await pp.locator('#a-your-game').isVisible(), false);
    const running = await arenaView(base, id);
    assert.equal(running.status, 'running');
    assert.ok(running.now_ms < running.ends_ms, `the games fit the arena's ${ARENA_MINUTES} minutes`);
    assert.equal(running.players.find((x) => x.name === paused.name).paused, true);

    // The end (the server's clock moved past it): over; the game in play does not count,
    // nor once it ends after the end.
    await advanceClock(base, running.ends_ms - running.now_ms + 1000);
    await pp.locator('#a-status-word[data-status="finished"]').waitFor({ timeout: STATE_MS });
    assert.equal(await pp.locator('#a-status').innerText(), 'The arena is over.');
    assert.equal(await pp.locator('#a-actions').innerText(), '');
    const g7row = pp.locator(`#a-games tr[data-game="${g7.game}"]`);
    assert.equal(await g7row.getAttribute('data-standing'), 'notCounted');
    assert.equal(await g7row.locator('td.standing').innerText(), 'not counted');
    assert.equal(await g7row.locator('td.result').innerText(), '…');
    await swissResign(g7.white);
    for (const q of [g7.white, g7.black]) await banner(q.page, 'resignation');
    await pp.locator(`#a-games tr[data-game="${g7.game}"] td.result[data-result="0-1"]`).waitFor({ timeout: STATE_MS });
    assert.equal(await g7row.locator('td.standing').innerText(), 'not counted');

    // The games as played; the ranking: each player's points the sum of his sheet, and the
    // sheet what the rules give for the results played.
    const view = await arenaView(base, id);
    assert.equal(view.status, 'finished');
    const late = await asAccount(base, await apiAccount(base, `Emil${stamp}`), 'POST', `/api/tournaments/${id}/join`, {});
    assert.equal(late.status, 409, `a join after the end: ${late.text}`);
    assert.equal(late.body.error.code, 'protocol-state');
    const counted = view.games.filter((g) => g.counted).reverse(); // in the order played
    const byId = (list) => Object.fromEntries(list.map((g) => [g.game, { white: g.white, black: g.black, result: g.result }]));
    assert.deepEqual(byId(counted), byId(played), 'the games counted: those played to their end before the arena’s, with their results');
    assert.equal(view.games.find((g) => g.game === g2.game).plies, 20);
    const expected = arenaSheets(counted);
    await watcher.locator(`#a-games tr[data-game="${g7.game}"] td.result[data-result="0-1"]`).waitFor({ timeout: STATE_MS });
    const rows = await pageRanking(watcher);
    assert.deepEqual(await pageRanking(pp), rows, 'a player sees the ranking the watcher sees');
    assert.equal(rows.length, 4);
    for (const r of rows) {
      const sheet = expected.get(r.name) ?? [];
      assert.deepEqual(r.sheet, sheet.map((e) => ({ points: e.points, fire: e.fire, marked: e.fire })), `${r.name}'s sheet`);
      assert.equal(r.points, sheet.reduce((sum, e) => sum + e.points, 0), `${r.name}'s points: the sum of his sheet`);
    }
    assert.deepEqual(rows.map((r) => r.rank), [1, 2, 3, 4]);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].points >= rows[i].points, 'ranked by points');
    const top = rows.find((r) => r.name === onFire.name);
    assert.deepEqual(top.sheet.map((e) => e.points), [2, 2, 4], 'two wins, then a third on fire: double');
    assert.equal(top.sheet[2].fire, true);
    assert.equal(rows.find((r) => r.name === paused.name).paused, true);
    assert.equal(await watcher.locator('#a-signin').count(), 0, 'nobody is asked to sign in to join an arena that is over');
    assert.equal(await watcher.locator('#a-games tbody tr[data-standing="counted"]').count(), 6);
    assert.equal(await watcher.locator('#a-games tbody tr[data-standing="notCounted"]').count(), 1);
    await watcher.mouse.move(0, 0);
    await watcher.screenshot({ path: path.join(artefacts, 'arena.png'), fullPage: true });
    const clip = await contentBox(watcher, ['#a-name', '#a-facts', '#a-not-fide', '#a-settings', '.tour-state', '#a-ranking-box > h2', '#a-ranking-box p', '#a-ranking', '#a-games-box > h2', '#a-games']);
    await watcher.screenshot({ path: path.join(artefacts, 'arena-docs.png'), clip, fullPage: true });

    // The list: finished, an arena. The pages in Russian: no English word left but the
    // players' and the event's names and TRF.
    await a.goto(`${base}/tournaments`);
    await a.locator('#tour-tab-finished').click();
    await a.locator(`#tour-list tr[data-id="${id}"][data-status="finished"][data-kind="arena"]`).waitFor({ timeout: STATE_MS });
    const russian = await s.desktop('russian', { locale: 'ru-RU' });
    const allowed = [...names, 'Friday', 'Arena', 'TRF'];
    await russian.goto(`${base}/tournament/${id}`);
    await russian.locator('#a-ranking').waitFor({ timeout: STATE_MS });
    assert.match(await russian.locator('#a-not-fide').innerText(), /Арена — не система ФИДЕ/);
    await allRussian(russian, 'the arena page', allowed);
    await russian.goto(`${base}/tournaments`);
    await russian.locator('#tour-tab-finished').click();
    await russian.locator(`#tour-list tr[data-id="${id}"]`).waitFor({ timeout: STATE_MS });
    await allRussian(russian, 'the tournaments with an arena', allowed);
    // A phone: the arena page and the form with the arena chosen fit, with tap targets of 44 px.
    const phone = await s.phone('phone', PHONE);
    await phone.goto(`${base}/login`);
    await signUp(phone, anna.name);
    await phone.locator('#account-name', { hasText: anna.name }).waitFor({ timeout: STATE_MS });
    await phone.goto(`${base}/tournament/${id}`);
    await phone.locator('#a-ranking').waitFor({ timeout: STATE_MS });
    await noSidewaysScroll(phone, 'the arena page');
    await tapTargets(phone, 'the arena page');
    await phone.goto(`${base}/tournaments`);
    await phone.locator('#tf-kind-arena').check();
    await noSidewaysScroll(phone, 'the form for an arena');
    await tapTargets(phone, 'the form for an arena');
    // All passed: the docs' picture.
    if (process.env.DOCS_SCREENSHOTS) await copyFile(path.join(artefacts, 'arena-docs.png'), path.join(web, '..', 'docs', 'img', 'arena.png'));
  },
  { timeout: 240000, skip: arenaSkip() },
);
