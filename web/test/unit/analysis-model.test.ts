import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  areaPath,
  barWhite,
  type EngineLine,
  evalText,
  graphPoints,
  mateWinner,
  mergeLine,
  moverOf,
  numberedMove,
  parseLine,
  plyAt,
  progressOf,
  stillWorking,
  streamUrl,
  whiteWin,
  winFromCp,
} from '../../src/analysis-model';
import { AnalysisTree } from '../../src/analysis-tree';
import { playLine, START_FEN } from '../../src/chess-rules';
import { fenAt, stepFrom } from '../../src/pgn-tree';

const near = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) < 0.05, `${what}: ${a} is not ${b}`);

test('winning chances follow lichess’s curve (docs/analysis.md), the server’s figure first', () => {
  near(winFromCp(0), 50, '0.00');
  near(winFromCp(100), 59.1, '+1.00');
  near(winFromCp(300), 75.1, '+3.00');
  near(winFromCp(1000), 97.5, '+10.00');
  near(winFromCp(5000), 97.5, 'capped');
  near(winFromCp(-300), 24.9, '-3.00');
  near(whiteWin({ mate: 3 }), 97.5, 'White mates');
  near(whiteWin({ mate: -2 }), 2.5, 'Black mates');
  near(whiteWin({ mate: 0, mated: 'white' }), 2.5, 'White is mated');
  assert.equal(whiteWin({ cp: 35, win: 53.2 }), 53.2, 'the server’s figure');
  assert.equal(whiteWin({ cp: 35, win: 140 }), 100, 'clamped');
  assert.equal(barWhite(null), 50);
});

test('evaluations are written as lichess writes them', () => {
  assert.equal(evalText({ cp: 35 }), '+0.35');
  assert.equal(evalText({ cp: -120 }), '-1.20');
  assert.equal(evalText({ cp: 0 }), '0.00');
  assert.equal(evalText({ mate: 3 }), '#3');
  assert.equal(evalText({ mate: -2 }), '#-2');
  assert.equal(evalText({ mate: 0, mated: 'black' }), '#0');
  assert.equal(mateWinner({ mate: 0, mated: 'black' }), 'white');
  assert.equal(mateWinner({ mate: -4 }), 'black');
  assert.equal(mateWinner({ cp: 900 }), null);
});

test('the graph has a point per position, White’s chances upwards; a click finds the nearest ply', () => {
  const a = { start: { cp: 0 }, plies: [{ san: 'f3', eval: { cp: -100 }, depth: 9, best: ['e4'], judgement: null }, { san: 'e5', eval: { mate: -1, win: 2.5 }, depth: 9, best: [], judgement: null }] };
  const points = graphPoints(a, 200, 100);
  assert.equal(points.length, 3);
  assert.deepEqual(points.map((p) => p.x), [0, 100, 200]);
  near(points[0]?.y ?? -1, 50, 'equal in the middle');
  near(points[1]?.y ?? -1, 100 - 40.9, 'Black better: lower');
  near(points[2]?.y ?? -1, 97.5, 'Black mates: near the bottom');
  assert.match(areaPath(points, 100), /^M0,100 L0,50 L100,59\.\d+ L200,97\.5 L200,100 Z$/);
  assert.equal(areaPath([], 100), '');
  assert.equal(plyAt(0, 4), 0);
  assert.equal(plyAt(0.4, 4), 2);
  assert.equal(plyAt(1.3, 4), 4);
});

test('the progress, the move numbers and the side that moved', () => {
  assert.equal(progressOf({ status: 'running', done: 10, total: 40 }), 0.25);
  assert.equal(progressOf({ status: 'queued', done: 0, total: 40 }), 0);
  assert.equal(progressOf({ status: 'done', done: 0, total: 0 }), 1);
  assert.equal(stillWorking({ status: 'queued' }), true);
  assert.equal(stillWorking({ status: 'done' }), false);
  assert.equal(stillWorking({ status: 'failed' }), false);
  assert.equal(moverOf(START_FEN, 1), 'white');
  assert.equal(moverOf(START_FEN, 4), 'black');
  assert.equal(numberedMove(START_FEN, 3, 'g4'), '2. g4');
  assert.equal(numberedMove('8/8/8/8/8/8/8/K6k b - - 0 30', 1, 'Kg2'), '30… Kg2');
});

test('the engine’s lines are kept by their number; bad events are dropped', () => {
  const line = (multipv: number, depth: number): EngineLine => ({ depth, multipv, eval: { cp: 10 * multipv }, nodes: 1000, nps: 50000, pv: ['e4'] });
  let lines: EngineLine[] = [];
  lines = mergeLine(lines, line(1, 5), 3);
  lines = mergeLine(lines, line(2, 5), 3);
  lines = mergeLine(lines, line(1, 6), 3);
  assert.deepEqual(lines.map((l) => [l.multipv, l.depth]), [[1, 6], [2, 5]]);
  lines = mergeLine(lines, line(4, 6), 3);
  assert.equal(lines.length, 2, 'a line beyond those asked for is ignored');
  lines = mergeLine(lines, line(1, 7), 1);
  assert.deepEqual(lines.map((l) => l.multipv), [1], 'fewer lines asked for: the others go');
  assert.deepEqual(parseLine('{"depth":12,"multipv":1,"eval":{"cp":31,"win":52.8},"nodes":5,"nps":9,"pv":["e4","e5"]}'), {
    depth: 12,
    multipv: 1,
    eval: { cp: 31, win: 52.8 },
    nodes: 5,
    nps: 9,
    pv: ['e4', 'e5'],
  });
  assert.equal(parseLine('{}'), null);
  assert.equal(parseLine('not json'), null);
  assert.equal(parseLine('{"depth":1,"multipv":1,"eval":{},"pv":[]}'), null);
  assert.equal(streamUrl('8/8/8/8/8/8/8/K6k w - - 0 1', 9), '/api/analysis?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2FK6k%20w%20-%20-%200%201&multipv=5');
});

test('the analysis board’s tree: moves, a variation where the line goes on, the same move found again', () => {
  const t = new AnalysisTree(START_FEN);
  const [e4, e5, nf3] = playLine(START_FEN, ['e4', 'e5', 'Nf3']);
  assert.ok(e4 && e5 && nf3);
  let at = t.play(0, e4);
  at = t.play(at, e5);
  at = t.play(at, nf3);
  assert.equal(t.tree.nodes.length, 4);
  assert.equal(fenAt(t.tree, at), nf3.fen);
  // Back one move and another: a variation of Nf3.
  const afterE5 = stepFrom(t.tree, at, 'ArrowLeft');
  const [bc4] = playLine(e5.fen, ['Bc4']);
  assert.ok(bc4);
  const v = t.play(afterE5, bc4);
  const node = t.tree.nodes[v];
  assert.equal(node?.move?.san, 'Bc4');
  assert.equal(node?.variationStart, true);
  assert.equal(node?.depth, 1);
  assert.equal(t.moves[2]?.variations?.[0]?.[0]?.san, 'Bc4', 'hung on the move it replaces');
  // Playing Nf3 or Bc4 again goes to the node that is there.
  assert.equal(t.play(afterE5, nf3), t.nodeOf(t.moves[2] ?? assert.fail()));
  assert.equal(t.play(afterE5, bc4), v);
  assert.equal(t.tree.nodes.length, 5);
  // The variation goes on along its own line; → from inside it follows it.
  const [nc6] = playLine(bc4.fen, ['Nc6']);
  assert.ok(nc6);
  const deeper = t.play(v, nc6);
  assert.equal(stepFrom(t.tree, v, 'ArrowRight'), deeper);
  assert.equal(t.moves[2]?.variations?.[0]?.length, 2);
  // An engine line played at once.
  const line = playLine(nc6.fen, ['Nf3', 'Nf6', 'd3']);
  const end = t.playLine(deeper, line);
  assert.equal(t.tree.nodes[end]?.move?.san, 'd3');
  assert.equal(t.tree.nodes.length, 9);
});
