import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeSquare, startCursor, stepCursor } from '../../src/board-keys';

test('arrow keys move the cursor as White sees the board', () => {
  assert.equal(stepCursor('e2', 'ArrowUp', 'white'), 'e3');
  assert.equal(stepCursor('e2', 'ArrowDown', 'white'), 'e1');
  assert.equal(stepCursor('e2', 'ArrowRight', 'white'), 'f2');
  assert.equal(stepCursor('e2', 'ArrowLeft', 'white'), 'd2');
});

test('with the board flipped, up is towards the first rank and right towards the a-file', () => {
  assert.equal(stepCursor('e7', 'ArrowUp', 'black'), 'e6');
  assert.equal(stepCursor('e7', 'ArrowDown', 'black'), 'e8');
  assert.equal(stepCursor('e7', 'ArrowRight', 'black'), 'd7');
  assert.equal(stepCursor('e7', 'ArrowLeft', 'black'), 'f7');
});

test('the cursor stays on the board; Home/End/PageUp/PageDown jump to the edges', () => {
  assert.equal(stepCursor('h8', 'ArrowUp', 'white'), null);
  assert.equal(stepCursor('a1', 'ArrowLeft', 'white'), null);
  assert.equal(stepCursor('a1', 'ArrowUp', 'black'), null);
  assert.equal(stepCursor('d4', 'Home', 'white'), 'a4');
  assert.equal(stepCursor('d4', 'End', 'white'), 'h4');
  assert.equal(stepCursor('d4', 'Home', 'black'), 'h4');
  assert.equal(stepCursor('d4', 'PageUp', 'white'), 'd8');
  assert.equal(stepCursor('d4', 'PageDown', 'black'), 'd8');
  assert.equal(stepCursor('d4', 'x', 'white'), null);
  assert.equal(stepCursor('z9', 'ArrowUp', 'white'), null);
});

test('the cursor starts on the king pawn of the player at the bottom', () => {
  assert.equal(startCursor('white'), 'e2');
  assert.equal(startCursor('black'), 'e7');
});

test('squares are described for screen readers', () => {
  assert.equal(describeSquare('e2', { role: 'pawn', color: 'white' }), 'e2, white pawn');
  assert.equal(describeSquare('e4', undefined, { dest: true }), 'e4, empty, a legal move');
  assert.equal(describeSquare('g1', { role: 'knight', color: 'white' }, { selected: true }), 'g1, white knight, selected');
});
