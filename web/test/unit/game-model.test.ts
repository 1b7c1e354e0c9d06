import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayResult, GameModel } from '../../src/game-model';
import type { Clock, GameState, MoveEvent } from '../../src/protocol';

const clock = (white: number, black: number, running: 'white' | 'black' | null, delay = 0): Clock => ({
  white, black, running, delay_ms: delay, delay_left_ms: delay, to_control: null,
});
const claims = { threefold: false, fifty: false, threefold_moves: [], fifty_moves: [] };

function state(): GameState {
  return {
    id: 'g', white: { name: 'A', kind: 'human' }, black: { name: 'B', kind: 'human' },
    time_control: '180+2', category: 'blitz', variant: 'standard', chess960: null,
    start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', status: 'created', open_seat: 'black',
    moves: [], fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', turn: 'white',
    clock: clock(182000, 182000, null), dests: { e2: ['e4'] }, claims, draw_offer: null,
    result: '*', termination: null, article: null, seq: 0,
  };
}

const move = (ply: number, uci: string, san: string, side: 'white' | 'black', c: Clock): MoveEvent => ({
  ply, uci, san, side, fen: `fen-${ply}`, capture: false, check: false, clock: c, lag_ms: 0, dests: {}, claims,
  draw_offer: null, can_abort: ply < 2,
});

test('events build the move list and the side to move', () => {
  const m = new GameModel();
  m.load(state(), 0);
  assert.equal(m.initialMs, 182000);
  m.apply({ t: 'move', seq: 1, d: move(1, 'e2e4', 'e4', 'white', clock(182000, 182000, null)) }, 10);
  m.apply({ t: 'move', seq: 2, d: move(2, 'e7e5', 'e5', 'black', clock(182000, 182000, 'white')) }, 20);
  assert.deepEqual(m.plies.map((p) => p.san), ['e4', 'e5']);
  assert.equal(m.turn, 'white');
  assert.equal(m.openSeat, null);
  assert.equal(m.canAbort, false);
});

test('the running clock counts down from the sample, the other stands', () => {
  const m = new GameModel();
  m.load({ ...state(), clock: clock(60000, 50000, 'white') }, 1000);
  assert.equal(m.displayMs('white', 4000), 57000);
  assert.equal(m.displayMs('black', 4000), 50000);
});

test('delay is eaten before the main time', () => {
  const m = new GameModel();
  m.load({ ...state(), clock: clock(60000, 60000, 'black', 5000) }, 0);
  assert.equal(m.displayMs('black', 4000), 60000);
  assert.equal(m.displayMs('black', 7000), 58000);
});

test('draw offers, a rejected claim with penalty, and the end', () => {
  const m = new GameModel();
  m.load({ ...state(), clock: clock(100000, 100000, 'white') }, 0);
  m.apply({ t: 'draw', seq: 1, d: { action: 'offer', side: 'black' } }, 0);
  assert.equal(m.drawOffer, 'black');
  m.apply({ t: 'draw', seq: 2, d: { action: 'decline', side: 'white' } }, 0);
  assert.equal(m.drawOffer, null);
  m.apply({ t: 'claim', seq: 3, d: { side: 'white', kind: 'threefold', move: null, upheld: false, article: '9.2', penalty: { side: 'black', ms: 60000, article: '9.5.3' } } }, 0);
  assert.equal(m.clock?.black, 160000);
  m.apply({ t: 'end', seq: 4, d: { result: '0-1', termination: 'resignation', article: '5.1.2', winner: 'black', text: 'Black wins by resignation', clock: null } }, 0);
  assert.ok(m.over);
  assert.deepEqual(m.dests, {});
});

test('a snapshot of a finished game gives the ending in the server\'s words', () => {
  const m = new GameModel();
  m.load({ ...state(), status: 'ended', result: '0-1', termination: 'time_forfeit', article: '6.9', text: 'Black wins on time' }, 0);
  assert.equal(m.ending?.text, 'Black wins on time', 'the same sentence as the end event');
  assert.equal(m.ending?.article, '6.9');
  // A server that sends no text: the termination's name.
  m.load({ ...state(), status: 'ended', result: '1/2-1/2', termination: 'threefold_claim', article: '9.2' }, 0);
  assert.equal(m.ending?.text, 'Draw (threefold claim)');
});

test('a draw is shown as ½-½; wins and unfinished games as they are', () => {
  assert.equal(displayResult('1/2-1/2'), '½-½');
  assert.equal(displayResult('1-0'), '1-0');
  assert.equal(displayResult('0-1'), '0-1');
  assert.equal(displayResult('*'), '*');
});
