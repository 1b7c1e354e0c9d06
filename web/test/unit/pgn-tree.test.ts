import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useLanguage } from '../../src/i18n';
import { CATALOGUES } from '../../src/i18n/index';
import {
  analysisUrl,
  buildTree,
  byteLength,
  fenAt,
  givesCheck,
  type ImportedMove,
  isMoveAssessment,
  moveLabel,
  moveNumber,
  nagKey,
  nagSymbol,
  pathTo,
  playersOf,
  resultOf,
  shownTag,
  stepFrom,
} from '../../src/pgn-tree';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const m = (san: string, variations?: ImportedMove[][]): ImportedMove => ({ san, uci: '', fen: `after ${san}`, ...(variations ? { variations } : {}) });

// 1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 (2. f4) Nc6
const game = {
  start_fen: START,
  moves: [m('e4'), m('e5', [[m('c5'), m('Nf3', [[m('c3')]]), m('d6')]]), m('Nf3', [[m('f4')]]), m('Nc6')],
};

test('the tree is numbered in the order of the text, each variation hanging from the position it replaces', () => {
  const tree = buildTree(game);
  const sans = tree.nodes.map((n) => n.move?.san ?? 'start');
  assert.deepEqual(sans, ['start', 'e4', 'e5', 'c5', 'Nf3', 'c3', 'd6', 'Nf3', 'f4', 'Nc6']);
  const [start, e4, e5, c5, nf3v, c3, d6, nf3, f4, nc6] = tree.nodes;
  assert.equal(start?.next, 1);
  assert.equal(e4?.next, 2, 'the main line goes on from e4 to e5, not into the variation');
  assert.equal(c5?.parent, 1, '1... c5 replaces 1... e5: it starts from the position after 1. e4');
  assert.equal(c5?.variationStart, true);
  assert.equal(c5?.depth, 1);
  assert.deepEqual(e5?.variations, [3]);
  assert.equal(c5?.next, 4);
  assert.equal(nf3v?.next, 6);
  assert.equal(c3?.parent, 3);
  assert.equal(c3?.depth, 2);
  assert.equal(c3?.next, null);
  assert.equal(d6?.ply, 4);
  assert.equal(e5?.next, 7);
  assert.equal(f4?.parent, 2);
  assert.deepEqual(nf3?.variations, [8]);
  assert.equal(nc6?.next, null);
  assert.equal(nc6?.ply, 4);
});

test('stepping: → along the line, ← back, Home to the start, End to the end of the line', () => {
  const tree = buildTree(game);
  assert.equal(stepFrom(tree, 0, 'ArrowRight'), 1);
  assert.equal(stepFrom(tree, 1, 'ArrowRight'), 2);
  assert.equal(stepFrom(tree, 9, 'ArrowRight'), 9, 'the end stays');
  assert.equal(stepFrom(tree, 0, 'ArrowLeft'), 0);
  assert.equal(stepFrom(tree, 3, 'ArrowRight'), 4, 'inside a variation → follows it');
  assert.equal(stepFrom(tree, 4, 'ArrowRight'), 6);
  assert.equal(stepFrom(tree, 3, 'ArrowLeft'), 1, 'from a variation ← goes to the position it left');
  assert.equal(stepFrom(tree, 4, 'End'), 6);
  assert.equal(stepFrom(tree, 0, 'End'), 9);
  assert.equal(stepFrom(tree, 6, 'Home'), 0);
  assert.deepEqual(pathTo(tree, 5), [1, 3, 5]);
  assert.equal(fenAt(tree, 0), START);
  assert.equal(fenAt(tree, 5), 'after c3');
});

test('move numbers follow the start position', () => {
  assert.deepEqual(moveNumber(START, 1), { number: 1, side: 'white' });
  assert.deepEqual(moveNumber(START, 4), { number: 2, side: 'black' });
  const black = '4k3/8/8/8/8/8/8/4K3 b - - 0 23';
  assert.deepEqual(moveNumber(black, 1), { number: 23, side: 'black' });
  assert.deepEqual(moveNumber(black, 2), { number: 24, side: 'white' });
  assert.equal(moveLabel(START, 3, false), '2.');
  assert.equal(moveLabel(START, 4, false), '');
  assert.equal(moveLabel(START, 4, true), '2…');
  assert.equal(moveLabel(black, 1, true), '23…');
});

test('NAGs: move assessments and position symbols, with names in both languages', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6].map(nagSymbol), ['!', '?', '!!', '??', '!?', '?!']);
  assert.equal(nagSymbol(10), '=');
  assert.equal(nagSymbol(13), '∞');
  assert.equal(nagSymbol(14), '⩲');
  assert.equal(nagSymbol(16), '±');
  assert.equal(nagSymbol(17), '∓');
  assert.equal(nagSymbol(18), '+−');
  assert.equal(nagSymbol(146), 'N');
  assert.equal(nagSymbol(99), '$99');
  assert.equal(isMoveAssessment(5), true);
  assert.equal(isMoveAssessment(14), false);
  assert.equal(nagKey(14), 'pgn.nag.14');
  assert.equal(nagKey(11), 'pgn.nag.10');
  assert.equal(nagKey(99), null);
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 32, 33, 36, 37, 40, 41, 44, 45, 132, 133, 138, 139, 140, 146]) {
    const key = nagKey(n);
    assert.ok(key, `NAG ${n} has a name`);
    for (const lang of ['en', 'ru']) assert.ok(key in (CATALOGUES[lang]?.messages ?? {}), `${key} in ${lang}`);
  }
});

test('the games list: players, result, tags worth showing', () => {
  assert.equal(playersOf({ tags: { White: 'Anna', Black: 'Boris' } }), 'Anna – Boris');
  assert.equal(playersOf({ tags: { White: '?' } }), '? – ?');
  assert.equal(resultOf({ tags: { Result: '1/2-1/2' }, result: '1/2-1/2' }), '½-½');
  assert.equal(resultOf({ tags: {}, result: '0-1' }), '0-1');
  assert.equal(resultOf({ tags: {}, result: '' }), '*');
  assert.equal(shownTag({ tags: { Date: '????.??.??' } }, 'Date'), null);
  assert.equal(shownTag({ tags: { Date: '2024.03.01' } }, 'Date'), '2024.03.01');
  assert.equal(shownTag({ tags: {} }, 'Event'), null);
});

test('the analysis link carries the FEN URL-encoded', () => {
  assert.equal(analysisUrl(START), '/analysis?fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR%20w%20KQkq%20-%200%201');
  assert.equal(new URL(analysisUrl(START), 'http://x').searchParams.get('fen'), START);
  assert.equal(givesCheck('Qxf7#'), true);
  assert.equal(givesCheck('Bb5+'), true);
  assert.equal(givesCheck('Nf3'), false);
  assert.equal(byteLength('é'), 2, 'the server counts UTF-8 bytes');
});

test('the viewer has its words in every language', () => {
  useLanguage('en');
  for (const key of ['pgn.heading', 'pgn.import', 'pgn.analysis', 'pgn.diagnostic', 'lobby.pgn', 'pgn.err.pgn-illegal-move']) {
    for (const lang of ['en', 'ru']) assert.ok(key in (CATALOGUES[lang]?.messages ?? {}), `${key} in ${lang}`);
  }
});
