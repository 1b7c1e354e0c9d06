import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  arenaGameToFollow,
  arenaMinutes,
  arenaPhase,
  ArenaViewError,
  gameStanding,
  readArena,
  sheetText,
  sheetTitle,
  sheetTotal,
  type Arena,
} from '../../src/arena-model';
import { useLanguage } from '../../src/i18n';

// An arena as the server writes it (the contract's "Show"): running, Anna on fire after two
// wins and playing Boris; Carl paused; a game that ended after the end not counted.
function raw(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'A1',
    name: 'Friday blitz',
    kind: 'arena',
    status: 'running',
    time_control: '180+2',
    rated: false,
    password: false,
    owner: 'anna',
    starts_ms: 60_000,
    ends_ms: 180_000,
    minutes: 2,
    now_ms: 100_000,
    waiting_s: 30,
    max_players: 0,
    fide: false,
    players: [
      {
        rank: 1,
        name: 'anna',
        rating: 1500,
        points: 4,
        games: 2,
        performance: 1900,
        fire: true,
        paused: false,
        playing: true,
        sheet: [
          { outcome: 'W', points: 2, fire: false },
          { outcome: 'W', points: 2, fire: false },
        ],
      },
      { rank: 2, name: 'boris', rating: null, points: 1, games: 2, performance: null, fire: false, paused: false, playing: true, sheet: [{ outcome: 'D', points: 1, fire: false }, { outcome: 'L', points: 0, fire: false }] },
      { rank: 3, name: 'carl', rating: 1450, points: 0, games: 1, performance: 1100, fire: false, paused: true, playing: false, sheet: [{ outcome: 'L', points: 0, fire: false }] },
    ],
    games: [
      { game: 'g3', white: 'anna', black: 'boris', result: '*', plies: 7, started_ms: 95_000, counted: false },
      { game: 'g2', white: 'carl', black: 'anna', result: '0-1', plies: 30, started_ms: 80_000, counted: true },
      { game: 'g1', white: 'anna', black: 'boris', result: '1-0', plies: 12, started_ms: 61_000, counted: true },
    ],
    me: { name: 'anna', rank: 1, paused: false, game: 'g3' },
    ...overrides,
  };
}

// The field a refused view names.
function refusedAt(view: unknown): string {
  try {
    readArena(view);
  } catch (e) {
    assert.ok(e instanceof ArenaViewError, `an ArenaViewError, not ${String(e)}`);
    return e.path;
  }
  assert.fail('the view was accepted');
}

const player = (o: Record<string, unknown>) => raw({ players: [{ ...(raw().players as Record<string, unknown>[])[0], ...o }] });
const game = (o: Record<string, unknown>) => raw({ games: [{ ...(raw().games as Record<string, unknown>[])[0], ...o }] });

test('the arena view as the server writes it', () => {
  const a = readArena(raw());
  assert.equal(a.kind, 'arena');
  assert.equal(a.status, 'running');
  assert.equal(a.minutes, 2);
  assert.equal(a.ends_ms, 180_000);
  assert.equal(a.now_ms, 100_000);
  assert.equal(a.players.length, 3);
  assert.deepEqual(a.players[0]?.sheet.map((e) => e.points), [2, 2]);
  assert.equal(a.players[0]?.fire, true);
  assert.equal(a.players[1]?.rating, null);
  assert.equal(a.players[1]?.performance, null);
  assert.equal(a.players[2]?.paused, true);
  assert.deepEqual(a.games.map((g) => g.game), ['g3', 'g2', 'g1']);
  assert.deepEqual(a.me, { name: 'anna', rank: 1, paused: false, game: 'g3' });
  // Nobody's view; a game with no id yet; a player whose game ended with nobody waiting.
  const b = readArena(raw({ me: null, games: [{ game: null, white: 'anna', black: 'boris', result: '-/-', plies: 0, started_ms: 1, counted: true }] }));
  assert.equal(b.me, null);
  assert.equal(b.games[0]?.game, null);
  assert.equal(readArena(raw({ me: { name: 'anna', rank: null, paused: true, game: null } })).me?.rank, null);
  // Fields the page does not read are no matter.
  assert.equal(readArena(raw({ extra: [1, 2] })).id, 'A1');
});

test('a view that is not what the server promises is refused, by the field at fault', () => {
  assert.equal(refusedAt(null), 'the view');
  assert.equal(refusedAt([raw()]), 'the view');
  assert.equal(refusedAt(raw({ kind: 'swiss' })), 'kind');
  assert.equal(refusedAt(raw({ kind: undefined })), 'kind');
  assert.equal(refusedAt(raw({ status: 'paused' })), 'status');
  assert.equal(refusedAt(raw({ id: '' })), 'id');
  assert.equal(refusedAt(raw({ name: 7 })), 'name');
  assert.equal(refusedAt(raw({ rated: 'no' })), 'rated');
  assert.equal(refusedAt(raw({ password: undefined })), 'password');
  assert.equal(refusedAt(raw({ starts_ms: '60000' })), 'starts_ms');
  assert.equal(refusedAt(raw({ ends_ms: 50_000 })), 'ends_ms', 'an end before the start');
  assert.equal(refusedAt(raw({ minutes: 0 })), 'minutes');
  assert.equal(refusedAt(raw({ minutes: 1.5 })), 'minutes');
  assert.equal(refusedAt(raw({ now_ms: null })), 'now_ms', 'the countdown needs the server’s clock');
  assert.equal(refusedAt(raw({ now_ms: Number.NaN })), 'now_ms');
  assert.equal(refusedAt(raw({ waiting_s: -1 })), 'waiting_s');
  assert.equal(refusedAt(raw({ players: {} })), 'players');
  assert.equal(refusedAt(raw({ games: null })), 'games');
  const missingMe = raw();
  delete missingMe.me;
  assert.equal(refusedAt(missingMe), 'me');
  assert.equal(refusedAt(raw({ me: 'anna' })), 'me');
  assert.equal(refusedAt(raw({ me: { name: 'anna', rank: 1, paused: 'no', game: null } })), 'me.paused');
  assert.equal(refusedAt(raw({ me: { name: 'anna', rank: 1, paused: false, game: '../x' } })), 'me.game');
  // A player's fields.
  assert.equal(refusedAt(raw({ players: [7] })), 'players[0]');
  assert.equal(refusedAt(player({ rank: 0 })), 'players[0].rank');
  assert.equal(refusedAt(player({ name: '' })), 'players[0].name');
  assert.equal(refusedAt(player({ rating: '1500' })), 'players[0].rating');
  assert.equal(refusedAt(player({ points: -2 })), 'players[0].points');
  assert.equal(refusedAt(player({ games: 1.5 })), 'players[0].games');
  assert.equal(refusedAt(player({ performance: undefined })), 'players[0].performance');
  assert.equal(refusedAt(player({ fire: 1 })), 'players[0].fire');
  assert.equal(refusedAt(player({ playing: null })), 'players[0].playing');
  assert.equal(refusedAt(player({ sheet: 'WW' })), 'players[0].sheet');
  assert.equal(refusedAt(player({ sheet: [{ outcome: 'W', points: 2, fire: false }, { outcome: 'X', points: 2, fire: false }] })), 'players[0].sheet[1].outcome');
  assert.equal(refusedAt(player({ sheet: [{ outcome: 'W', points: '2', fire: false }] })), 'players[0].sheet[0].points');
  assert.equal(refusedAt(player({ sheet: [{ outcome: 'W', points: 4 }] })), 'players[0].sheet[0].fire');
  const ranks = raw().players as Record<string, unknown>[];
  assert.equal(refusedAt(raw({ players: [ranks[1], ranks[0]] })), 'players[1].rank', 'the ranking out of order');
  // A game's fields.
  assert.equal(refusedAt(game({ result: '1:0' })), 'games[0].result');
  assert.equal(refusedAt(game({ white: null })), 'games[0].white');
  assert.equal(refusedAt(game({ plies: -1 })), 'games[0].plies');
  assert.equal(refusedAt(game({ started_ms: undefined })), 'games[0].started_ms');
  assert.equal(refusedAt(game({ counted: 'yes' })), 'games[0].counted');
  assert.equal(refusedAt(game({ game: 42 })), 'games[0].game');
  // The error says what is wrong with which field.
  assert.throws(() => readArena(player({ points: 'six' })), /players\[0\]\.points is not a number of at least 0/);
});

test('the duration typed into the form', () => {
  assert.equal(arenaMinutes('2'), 2);
  assert.equal(arenaMinutes(' 720 '), 720);
  assert.equal(arenaMinutes('1'), 1);
  assert.equal(arenaMinutes('0'), null);
  assert.equal(arenaMinutes('721'), null);
  assert.equal(arenaMinutes('1.5'), null);
  assert.equal(arenaMinutes(''), null);
  assert.equal(arenaMinutes('x'), null);
});

test('where the arena stands: to its start, to its end, closing, over', () => {
  const base = readArena(raw());
  const at = (o: Partial<Arena>, now: number) => arenaPhase({ ...base, ...o }, now);
  assert.deepEqual(at({ status: 'created' }, 10_000), { kind: 'starts', at: 60_000 });
  assert.deepEqual(at({ status: 'created' }, 60_000), { kind: 'ends', at: 180_000 }, 'its start has come: being started');
  assert.deepEqual(at({}, 100_000), { kind: 'ends', at: 180_000 });
  assert.deepEqual(at({}, 180_000), { kind: 'ending' });
  assert.deepEqual(at({ status: 'finished' }, 100_000), { kind: 'over' });
});

test('the game to follow: his game in play, once', () => {
  const a = readArena(raw());
  assert.equal(arenaGameToFollow(null, a), 'g3', 'paired: before or since the page looked');
  assert.equal(arenaGameToFollow('g2', a), 'g3', 'his next game');
  assert.equal(arenaGameToFollow('g3', a), null, 'followed already: he came back to the arena during it');
  const over = readArena(raw({ games: [{ game: 'g3', white: 'anna', black: 'boris', result: '1-0', plies: 9, started_ms: 95_000, counted: true }] }));
  assert.equal(arenaGameToFollow(null, over), null, 'his game is over already');
  assert.equal(arenaGameToFollow(null, readArena(raw({ me: null }))), null, 'not a player');
  assert.equal(arenaGameToFollow(null, readArena(raw({ me: { name: 'anna', rank: 1, paused: false, game: null } }))), null, 'no game');
});

test('the sheet: points, the games on fire explained', () => {
  useLanguage('en');
  const win = { outcome: 'W' as const, points: 2, fire: false };
  const fireWin = { outcome: 'W' as const, points: 4, fire: true };
  const draw = { outcome: 'D' as const, points: 1, fire: false };
  assert.equal(sheetText(fireWin), '4');
  assert.equal(sheetTitle(win), 'a win: 2 points');
  assert.equal(sheetTitle(fireWin), 'a win on fire (double): 4 points');
  assert.equal(sheetTitle(draw), 'a draw: 1 point');
  assert.equal(sheetTitle({ outcome: '-', points: 0, fire: false }), 'a loss by default: 0 points');
  assert.equal(sheetTotal([win, win, fireWin, draw]), 9);
  assert.equal(sheetTotal([]), 0);
  useLanguage('ru');
  assert.equal(sheetTitle(fireWin), 'победа в ударе (вдвойне): 4 очка');
  assert.equal(sheetTitle(draw), 'ничья: 1 очко');
  useLanguage('en');
});

test('which games count: those that ended before the end', () => {
  const a = readArena(raw());
  const [inPlay, counted] = a.games;
  assert.ok(inPlay && counted);
  assert.equal(gameStanding(inPlay, a), 'playing');
  assert.equal(gameStanding(counted, a), 'counted');
  const over = readArena(raw({ status: 'finished' }));
  assert.equal(gameStanding(over.games[0]!, over), 'notCounted', 'still in play at the end');
  assert.equal(gameStanding({ ...inPlay, result: '1-0' }, over), 'notCounted', 'ended after the end');
});
