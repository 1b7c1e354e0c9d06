// Browser tests against the mock server (or a real server with ARBITER_URL). Two browser
// contexts are the two players; they play by clicking squares. Scenarios: checkmate,
// draw offer accepted, the promotion chooser, a reconnect after a dropped socket.
// Screenshots go to ../build/e2e/.
//
//   npm run build && npm run test:e2e
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shots = path.resolve(web, '..', 'build', 'e2e');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

async function startMock() {
  const child = spawn(process.execPath, [path.join(web, 'test', 'mock-server.mjs'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('mock server did not start')), 10000);
    child.stdout.on('data', (chunk) => {
      const m = /listening on (http:\/\/\S+)/.exec(String(chunk));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return { url, stop: () => child.kill() };
}

// Clicks a square by its centre, taking the board's orientation into account.
async function clickSquare(page, square) {
  const board = await page.locator('cg-board').boundingBox();
  const flipped = await page.locator('.cg-wrap.orientation-black').count();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = board.width / 8;
  const x = flipped ? 7 - file : file;
  const y = flipped ? rank : 7 - rank;
  await page.mouse.click(board.x + (x + 0.5) * size, board.y + (y + 0.5) * size);
}

async function move(page, from, to, ply) {
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.locator(`.move-list li[data-ply="${ply}"]`).waitFor({ timeout: 5000 });
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

const mock = process.env.ARBITER_URL ? null : await startMock();
const base = process.env.ARBITER_URL || mock.url;
await mkdir(shots, { recursive: true });
let failed = false;
const pageErrors = [];

async function newPlayer(options) {
  const page = await (await browser.newContext(options)).newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

// Anna creates a friend game as White (blitz, or `custom` control), Boris joins by the link.
async function startFriendGame(shotPrefix, custom) {
  const anna = await newPlayer({ viewport: { width: 1200, height: 860 } });
  const boris = await newPlayer({ viewport: { width: 412, height: 900 }, isMobile: true, hasTouch: true });
  await anna.goto(base + '/');
  await anna.locator('button[data-preset="blitz"]').click();
  if (custom) await anna.locator('#custom-tc').fill(custom);
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('#name').fill('Anna');
  if (shotPrefix) await anna.screenshot({ path: path.join(shots, `${shotPrefix}-lobby.png`) });
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\//);
  await anna.locator('.invite-url').waitFor();
  await boris.goto(anna.url());
  await boris.locator('#join-name').fill('Boris');
  await boris.locator('.join-button').click();
  await boris.locator('cg-board').waitFor();
  await boris.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: 5000 });
  await anna.locator('.connection[data-state="online"]').waitFor({ state: 'attached', timeout: 5000 });
  await anna.locator('.player.top .name', { hasText: 'Boris' }).waitFor({ timeout: 5000 });
  check((await anna.locator('.invite-url').count()) === 0, 'the invitation disappears once Boris joined');
  return { anna, boris };
}

const settle = (page) => page.waitForTimeout(350); // let the piece animation finish

async function checkmate() {
  const { anna, boris } = await startFriendGame('01');
  // Fool's mate: 1. f3 e5 2. g4 Qh4# (Art. 5.1.1)
  await move(anna, 'f2', 'f3', 1);
  await move(boris, 'e7', 'e5', 2);
  await anna.locator('.move-list li[data-ply="2"]').waitFor();
  await settle(anna);
  await anna.screenshot({ path: path.join(shots, '02-after-two-moves.png') });
  await move(anna, 'g2', 'g4', 3);
  await move(boris, 'd8', 'h4', 4);
  await anna.locator('.banner .reason').waitFor({ timeout: 5000 });
  const banner = await anna.locator('.banner').innerText();
  check(/0-1/.test(banner) && /checkmate/.test(banner) && /5\.1\.1/.test(banner), `banner "${banner}"`);
  const sans = await anna.locator('.move-list .san').allInnerTexts();
  check(sans.join(' ') === 'f3 e5 g4 Qh4#', `moves "${sans.join(' ')}"`);
  await settle(anna);
  await settle(boris);
  await anna.screenshot({ path: path.join(shots, '03-checkmate-white.png') });
  await boris.screenshot({ path: path.join(shots, '04-checkmate-black-phone.png') });
  check((await anna.locator('a.pgn').count()) === 1, 'PGN link after the game');
  return banner;
}

async function drawAgreed() {
  const { anna, boris } = await startFriendGame();
  check(await anna.locator('button.draw-offer').isDisabled(), 'no draw offer before both moved (5.2.3)');
  await move(anna, 'e2', 'e4', 1);
  await move(boris, 'e7', 'e5', 2);
  await anna.locator('button.draw-offer').click();
  await boris.locator('button.draw-accept').click();
  await anna.locator('.banner .reason', { hasText: 'agreement' }).waitFor({ timeout: 5000 });
  const banner = await anna.locator('.banner').innerText();
  check(/1\/2-1\/2/.test(banner) && /5\.2\.3/.test(banner), `banner "${banner}"`);
  await settle(boris);
  await boris.screenshot({ path: path.join(shots, '05-draw-agreed-phone.png') });
  return banner;
}

async function promotion() {
  const { anna, boris } = await startFriendGame();
  const line = [['h2', 'h4'], ['g7', 'g5'], ['h4', 'g5'], ['g8', 'f6'], ['g5', 'f6'], ['h8', 'g8'], ['f6', 'e7'], ['g8', 'g6']];
  for (const [i, [from, to]] of line.entries()) await move(i % 2 === 0 ? anna : boris, from, to, i + 1);
  await clickSquare(anna, 'e7');
  await clickSquare(anna, 'f8');
  await anna.locator('.promotion').waitFor({ timeout: 5000 });
  await settle(anna);
  await anna.screenshot({ path: path.join(shots, '06-promotion-chooser.png') });
  await anna.locator('.promotion-piece[data-role="n"]').click();
  await anna.locator('.move-list li[data-ply="9"]').waitFor({ timeout: 5000 });
  const san = await boris.locator('.move-list li[data-ply="9"] .san').innerText();
  check(san === 'exf8=N', `promotion SAN "${san}"`);
  return san;
}

async function reconnect() {
  const { anna, boris } = await startFriendGame();
  await move(anna, 'd2', 'd4', 1);
  await anna.evaluate(() => window.arbiterTest.drop(1500));
  await anna.locator('.connection[data-state="offline"]').waitFor({ timeout: 3000 });
  await move(boris, 'd7', 'd5', 2); // made while Anna is offline
  check((await anna.locator('.move-list li[data-ply="2"]').count()) === 0, 'Anna cannot see the move while offline');
  await anna.locator('.move-list li[data-ply="2"]').waitFor({ timeout: 8000 }); // replayed
  await move(anna, 'c2', 'c4', 3);
  const sans = await boris.locator('.move-list .san').allInnerTexts();
  check(sans.join(' ') === 'd4 d5 c4', `moves after reconnect "${sans.join(' ')}"`);
  return sans.join(' ');
}

async function keyboard() {
  const { anna, boris } = await startFriendGame();
  await anna.locator('.typed-move').fill('e4');
  await anna.keyboard.press('Enter');
  await boris.locator('.move-list li[data-ply="1"]').waitFor({ timeout: 5000 });
  const spoken = await boris.locator(".announcer").textContent();
  check(/White: Pawn e2 to e4/.test(spoken ?? ''), `announcement "${spoken}"`);
  await boris.locator('.typed-move').fill('Nf3');
  await boris.keyboard.press('Enter');
  const refusal = await boris.locator('.message').first().innerText();
  check(/No legal move Nf3/.test(refusal), `typed illegal move gives "${refusal}"`);
  await boris.locator('.typed-move').fill('Nf6');
  await boris.keyboard.press('Enter');
  await anna.locator('.move-list li[data-ply="2"]').waitFor({ timeout: 5000 });
  // Move-list navigation with the keyboard: back to the start position.
  await anna.locator('body').click({ position: { x: 5, y: 5 } });
  await anna.keyboard.press('Home');
  check((await anna.locator('.move-list li.current').count()) === 0, 'Home shows the start position');
  await anna.keyboard.press('End');
  check((await anna.locator('.move-list li[data-ply="2"].current').count()) === 1, 'End returns to the last move');
  return 'typed e4 Nf6; announced; Home/End';
}

async function computer() {
  const anna = await newPlayer({ viewport: { width: 1200, height: 860 } });
  await anna.goto(base + '/');
  await anna.locator('button[data-preset="rapid"]').click();
  await anna.locator('input[name="color"][value="white"]').check();
  await anna.locator('input[name="opponent"][value="computer"]').check();
  await anna.locator('button.create').click();
  await anna.waitForURL(/\/g\//);
  await anna.locator('cg-board').waitFor();
  for (let ply = 1; ply <= 19; ply += 2) {
    if ((await anna.locator('.banner .reason').count()) > 0) break; // the random game ended early
    await anna.locator(`.move-list li[data-ply="${ply - 1}"]`).waitFor({ timeout: 5000 }).catch(() => undefined);
    const dests = await anna.evaluate(() => window.arbiterTest.dests());
    const from = Object.keys(dests).sort()[0];
    const to = dests[from].find((d) => !['1', '8'].includes(d[1])) ?? dests[from][0];
    await clickSquare(anna, from);
    await clickSquare(anna, to);
    if (anna.locator('.promotion').count && (await anna.locator('.promotion').count()) > 0) await anna.locator('.promotion-piece[data-role="q"]').click();
    await anna.locator(`.move-list li[data-ply="${ply + 1}"]`).waitFor({ timeout: 5000 });
  }
  const plies = await anna.locator('.move-list li').count();
  await settle(anna);
  await anna.screenshot({ path: path.join(shots, '07-versus-computer.png') });
  check(plies >= 20 || (await anna.locator('.banner .reason').count()) > 0, `only ${plies} plies against the computer`);
  return `${plies} plies, move ${Math.ceil(plies / 2)}`;
}

async function threefold() {
  const { anna, boris } = await startFriendGame();
  const shuffle = [['g1', 'f3'], ['g8', 'f6'], ['f3', 'g1'], ['f6', 'g8']];
  for (let ply = 1; ply <= 8; ply++) {
    const [from, to] = shuffle[(ply - 1) % 4];
    if (ply <= 7) check(await anna.locator('button.claim').isDisabled(), `no claim before the third occurrence (ply ${ply})`);
    await move(ply % 2 === 1 ? anna : boris, from, to, ply);
  }
  // The start position stands for the third time with White to move: Art. 9.2.1.
  await anna.locator('button.claim:not([disabled])').waitFor({ timeout: 5000 });
  await anna.locator('button.claim').click();
  await boris.locator('.banner .reason', { hasText: 'threefold' }).waitFor({ timeout: 5000 });
  const banner = await boris.locator('.banner').innerText();
  check(/1\/2-1\/2/.test(banner) && /9\.2/.test(banner), `banner "${banner}"`);
  return banner;
}

async function flag() {
  const { anna, boris } = await startFriendGame(null, '10');
  await move(anna, 'e2', 'e4', 1);
  await move(boris, 'e7', 'e5', 2); // White's clock starts now (web-protocol.md §3.3)
  await anna.locator('.player.bottom.running').waitFor({ timeout: 3000 });
  await anna.locator('.player.bottom.low').waitFor({ timeout: 8000 }); // the warning under the threshold
  const tenths = await anna.locator('.player.bottom .time').innerText();
  check(/^\d\.\d$/.test(tenths), `tenths under ten seconds, shown "${tenths}"`);
  await anna.locator('.banner .reason', { hasText: 'time' }).waitFor({ timeout: 15000 });
  const banner = await anna.locator('.banner').innerText();
  check(/0-1/.test(banner) && /6\.9/.test(banner), `banner "${banner}"`);
  await settle(anna);
  await anna.screenshot({ path: path.join(shots, '08-flag.png') });
  return banner;
}

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const all = [checkmate, drawAgreed, promotion, reconnect, keyboard, computer, threefold, flag];
  // ONLY=name1,name2 runs a subset.
  const only = process.env.ONLY?.split(',');
  for (const scenario of all.filter((f) => !only || only.includes(f.name))) {
    try {
      const detail = await scenario();
      console.log(`ok   ${scenario.name}: ${String(detail).replace(/\s+/g, ' ').trim()}`);
    } catch (e) {
      failed = true;
      console.error(`FAIL ${scenario.name}: ${e.message}`);
    }
  }
  if (pageErrors.length) {
    failed = true;
    console.error('page errors:', pageErrors);
  }
  console.log(`screenshots in ${shots}`);
} finally {
  await browser.close();
  mock?.stop();
}
process.exit(failed ? 1 : 0);
