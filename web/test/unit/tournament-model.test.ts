import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useLanguage } from '../../src/i18n';
import {
  boardResultText,
  boardResultTitle,
  countdownText,
  crossCellTitle,
  crosstable,
  gameToFollow,
  parseForbidden,
  phase,
  readTournament,
  roundsOver,
  splitTiebreak,
  startsInSeconds,
  tiebreakTitle,
  trfResultText,
  trfResultTitle,
  type Tournament,
  type TournamentStanding,
} from '../../src/tournament-model';

// An event as the server writes it (docs/events.md, "REST"): two rounds of three paired.
function raw(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'T1',
    name: 'Club Swiss',
    kind: 'swiss',
    status: 'running',
    owner: 'anna',
    time_control: '300+3',
    rated: false,
    starts_ms: 1000,
    interval_s: 10,
    waiting_s: 60,
    late: 'zero',
    tiebreaks: ['BH/C1', 'BH', 'SB'],
    password: false,
    max_players: 0,
    rounds: 3,
    round: 2,
    round_in_play: true,
    next_round_ms: null,
    players: [
      { entry: 1, name: 'anna', rating: null, first_round: 1, withdrawn: false },
      { entry: 2, name: 'boris', rating: 1500, first_round: 1, withdrawn: false },
      { entry: 3, name: 'carl', rating: null, first_round: 2, withdrawn: false },
    ],
    round_list: [
      { number: 1, started_ms: 1000, finished_ms: 5000, bye: 0, boards: [{ white: 1, black: 2, game: 'g1', result: '1-0' }] },
      { number: 2, started_ms: 15000, finished_ms: null, bye: 1, boards: [{ white: 2, black: 3, game: 'g2', result: '*' }] },
    ],
    standings: [],
    me: { entry: 2, withdrawn: false, game: 'g2' },
    ...overrides,
  };
}

test('the event view: the number of rounds and the rounds paired', () => {
  const e = readTournament(raw());
  assert.equal(e.total_rounds, 3);
  assert.equal(e.paired.length, 2);
  assert.equal(e.paired[1]?.bye, 1);
  assert.deepEqual(e.me, { entry: 2, withdrawn: false, game: 'g2' });
  assert.deepEqual(e.tiebreaks, ['BH/C1', 'BH', 'SB']);
  // The list under "rounds" and the count under another name.
  const other = readTournament({ ...raw(), rounds: raw().round_list, round_list: undefined, total_rounds: 5 });
  assert.equal(other.total_rounds, 5);
  assert.equal(other.paired.length, 2);
  // Defaults for what is missing; a tie-break list as text.
  const bare = readTournament({ id: 'X', tiebreaks: 'BH/C1, SB', me: null });
  assert.equal(bare.status, 'created');
  assert.deepEqual(bare.tiebreaks, ['BH/C1', 'SB']);
  assert.equal(bare.me, null);
  assert.equal(bare.next_round_ms, null);
});

test('forbidden pairs: one a line, blank lines skipped, a bad line named', () => {
  assert.deepEqual(parseForbidden(''), { pairs: [] });
  assert.deepEqual(parseForbidden('alice bob\n\n  carl,  dora \r\n'), { pairs: [['alice', 'bob'], ['carl', 'dora']] });
  assert.deepEqual(parseForbidden('alice bob\ncarl\n'), { line: 2 });
  assert.deepEqual(parseForbidden('a b c'), { line: 1 });
});

test('the start in seconds', () => {
  assert.equal(startsInSeconds('5', 'min'), 300);
  assert.equal(startsInSeconds('1.5', 'h'), 5400);
  assert.equal(startsInSeconds('15', 's'), 15);
  assert.equal(startsInSeconds('0', 's'), 0);
  assert.equal(startsInSeconds('', 's'), null);
  assert.equal(startsInSeconds('-1', 's'), null);
  assert.equal(startsInSeconds('x', 'min'), null);
  assert.equal(startsInSeconds('721', 'h'), null, 'over 30 days');
});

test('tie-break codes explained', () => {
  useLanguage('en');
  assert.deepEqual(splitTiebreak('BH/C1'), { kind: 'BH', modifiers: ['C1'] });
  assert.deepEqual(splitTiebreak('bh-c1'), { kind: 'BH', modifiers: ['C1'] });
  assert.deepEqual(splitTiebreak('KS/L-1'), { kind: 'KS', modifiers: ['L-1'] });
  assert.match(tiebreakTitle('BH'), /^Buchholz/);
  assert.match(tiebreakTitle('BH/C1'), /^Buchholz: .*, cut 1/);
  assert.match(tiebreakTitle('SB'), /^Sonneborn-Berger/);
  assert.match(tiebreakTitle('DE'), /^Direct encounter/);
  assert.match(tiebreakTitle('KS/L-1'), /moved by -1 points/);
  assert.equal(tiebreakTitle('XYZ'), 'XYZ');
  useLanguage('ru');
  assert.match(tiebreakTitle('BH/C1'), /^Бухгольц: .*усечение 1/);
  useLanguage('en');
});

test('results for people', () => {
  useLanguage('en');
  assert.equal(boardResultText('1/2-1/2'), '½-½');
  assert.equal(boardResultText('+/-'), '+/-');
  assert.equal(boardResultText('*'), '…');
  assert.match(boardResultTitle('+/-'), /White won by default/);
  assert.match(boardResultTitle('-/-'), /both lost by default/);
  assert.deepEqual(['1', '0', '=', '+', '-', 'U', 'H', 'Z'].map(trfResultText), ['1', '0', '½', '+', '−', '1', '½', '0']);
  assert.equal(trfResultTitle('+'), 'a win by default');
  assert.equal(trfResultTitle('U'), 'the pairing-allocated bye');
  assert.equal(trfResultTitle('?'), '?');
});

test('the crosstable: opponent rank, colour and result by round', () => {
  useLanguage('en');
  const standings: TournamentStanding[] = [
    { rank: 1, entry: 2, name: 'boris', rating: 1500, points: 2, tiebreaks: [1, 1, 1], results: [{ round: 1, opponent: 3, colour: 'w', result: '1' }, { round: 2, opponent: 1, colour: 'b', result: '+' }] },
    { rank: 2, entry: 3, name: 'carl', rating: null, points: 1, tiebreaks: [2, 2, 0], results: [{ round: 1, opponent: 2, colour: 'b', result: '0' }, { round: 2, opponent: 0, colour: '-', result: 'U' }] },
    { rank: 3, entry: 1, name: 'anna', rating: null, points: 0.5, tiebreaks: [0, 0, 0], results: [{ round: 1, opponent: 0, colour: '-', result: 'H' }, { round: 2, opponent: 2, colour: 'w', result: '-' }] },
  ];
  const rows = crosstable(standings, 2);
  assert.deepEqual(rows.map((r) => r.cells.map((c) => c.text)), [['2w1', '3b+'], ['1b0', '1'], ['½', '1w−']]);
  assert.equal(crossCellTitle(rows[0]!.cells[1]!), 'Round 2: a win by default against anna (Black)');
  assert.equal(crossCellTitle(rows[1]!.cells[1]!), 'Round 2: the pairing-allocated bye');
  useLanguage('ru');
  assert.deepEqual(crosstable(standings, 2)[0]?.cells.map((c) => c.text), ['2б1', '3ч+']);
  useLanguage('en');
});

test('the countdown', () => {
  useLanguage('en');
  assert.equal(countdownText(42_000), '0:42');
  assert.equal(countdownText(41_001), '0:42', 'rounded up: 0:00 only once it has come');
  assert.equal(countdownText(725_000), '12:05');
  assert.equal(countdownText(3_723_000), '1:02:03');
  assert.equal(countdownText(3 * 86_400_000 + 4 * 3_600_000), '3 d 4 h');
  assert.equal(countdownText(-5), '0:00');
});

test('where the event stands', () => {
  const base = readTournament(raw());
  const at = (o: Partial<Tournament>, now: number) => phase({ ...base, ...o }, now);
  assert.deepEqual(at({ status: 'created', round: 0, round_in_play: false, next_round_ms: 60_000 }, 1000), { kind: 'starts', at: 60_000 });
  assert.deepEqual(at({ status: 'created', round: 0, round_in_play: false, next_round_ms: null, starts_ms: 60_000 }, 1000), { kind: 'starts', at: 60_000 });
  assert.deepEqual(at({ status: 'created', round: 0, round_in_play: false, next_round_ms: 60_000 }, 61_000), { kind: 'pairing', round: 1 });
  assert.deepEqual(at({}, 20_000), { kind: 'playing', round: 2 });
  assert.deepEqual(at({ round_in_play: false, next_round_ms: 30_000 }, 20_000), { kind: 'next', round: 3, at: 30_000 });
  assert.deepEqual(at({ status: 'finished', round_in_play: false }, 20_000), { kind: 'over' });
});

test('the game to follow: only one that is new since the page looked', () => {
  const e = readTournament(raw());
  assert.equal(gameToFollow(undefined, e), null, 'the first look never moves the page');
  assert.equal(gameToFollow(null, e), 'g2', 'a round has just paired him');
  assert.equal(gameToFollow('g1', e), 'g2', 'the next round');
  assert.equal(gameToFollow('g2', e), null, 'the same game');
  const over = readTournament(raw({ round_list: [{ number: 2, started_ms: 0, finished_ms: null, bye: 0, boards: [{ white: 2, black: 3, game: 'g2', result: '0-1' }] }] }));
  assert.equal(gameToFollow(null, over), null, 'his game is over already');
  assert.equal(gameToFollow(null, readTournament(raw({ me: { entry: 2, withdrawn: true, game: 'g2' } }))), null, 'withdrawn');
  assert.equal(gameToFollow(null, readTournament(raw({ me: null }))), null, 'not a player');
});

test('the rounds the standings count: those over', () => {
  assert.equal(roundsOver(readTournament(raw())), 1);
  assert.equal(roundsOver(readTournament(raw({ round_list: [] }))), 0);
});
