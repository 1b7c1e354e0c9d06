import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatClock, formatDays, lowTimeThreshold, remainingAfter } from '../../src/clock-format';

test('tenths are shown only under ten seconds', () => {
  assert.equal(formatClock(10_000), '0:10');
  assert.equal(formatClock(9_999), '9.9');
  assert.equal(formatClock(950), '0.9');
  assert.equal(formatClock(-5), '0.0');
});

test('minutes and hours', () => {
  assert.equal(formatClock(182_000), '3:02');
  assert.equal(formatClock(5_400_000), '1:30:00');
  assert.equal(formatClock(3_599_999), '59:59');
});

test('the delay is used before the main time (Art. 6.3.2)', () => {
  assert.equal(remainingAfter(60_000, 5_000, 3_000), 60_000);
  assert.equal(remainingAfter(60_000, 5_000, 8_000), 57_000);
});

test('low-time threshold scales down for bullet', () => {
  assert.equal(lowTimeThreshold(900_000), 10_000);
  assert.equal(lowTimeThreshold(60_000), 6_000);
  assert.equal(lowTimeThreshold(15_000), 3_000);
});

test('a correspondence move shows days and hours, then the clock below a day', () => {
  assert.equal(formatDays(3 * 86_400_000), '3 d 0 h');
  assert.equal(formatDays(2 * 86_400_000 + 23 * 3_600_000 + 59 * 60_000), '2 d 23 h');
  assert.equal(formatDays(86_400_000), '1 d 0 h');
  assert.equal(formatDays(86_399_000), '23:59:59');
  assert.equal(formatDays(-5), '0.0');
});
