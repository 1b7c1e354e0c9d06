#!/bin/sh
# arbiter match --tournament (issue #15, docs/players.md "Engine events"): a Swiss of five
# engines paired by the Dutch engine and a double round robin of four by the Berger
# tables, the built-in engine at several levels. Each event's TRF must read back, be
# accepted by `arbiter pair -c` (every round re-pairs as it was paired), have one row
# per engine in its crosstable and standings, and every game's event log must
# re-adjudicate to the result the TRF records.
set -eu
ARBITER=$1
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
engines="--engine name=L1000 cmd=builtin elo=1000 --engine name=L1400 cmd=builtin elo=1400
         --engine name=L1800 cmd=builtin elo=1800 --engine name=L2200 cmd=builtin elo=2200"

# shellcheck disable=SC2086
"$ARBITER" match --quiet --tournament swiss --rounds 3 $engines \
  --engine name=Full cmd=builtin --tc 2+0.02 --concurrency 2 --event "Swiss \"five\"" \
  --trf "$DIR/swiss.trf" --pgn "$DIR/swiss.pgn" --events "$DIR/swiss" > "$DIR/swiss.txt"
cat "$DIR/swiss.txt"
"$ARBITER" trf check "$DIR/swiss.trf"
"$ARBITER" pair --dutch "$DIR/swiss.trf" -c
grep -q '^192 FIDE_DUTCH_2026' "$DIR/swiss.trf" || { echo "no 192 line"; exit 1; }
[ "$(grep -c '^001' "$DIR/swiss.trf")" -eq 5 ] || { echo "expected 5 players"; exit 1; }
# Five players, three rounds: two games and one pairing-allocated bye a round.
[ "$(ls "$DIR/swiss" | wc -l)" -eq 6 ] || { echo "expected 6 games"; exit 1; }
[ "$(grep -o ' 0000 - U' "$DIR/swiss.trf" | wc -l)" -eq 3 ] || { echo "expected 3 byes"; exit 1; }
"$ARBITER" pgn check "$DIR/swiss.pgn"
grep -q '^\[Event "Swiss \\"five\\""\]' "$DIR/swiss.pgn" || { echo "Event tag"; exit 1; }
for name in L1000 L1400 L1800 L2200 Full; do
  [ "$(grep -c " $name " "$DIR/swiss.txt")" -eq 2 ] || { echo "$name: not once in each table"; exit 1; }
done

# shellcheck disable=SC2086
"$ARBITER" match --quiet --tournament round-robin --double $engines --tc 2+0.02 \
  --concurrency 2 --tiebreaks "DE,SB,WIN" --trf "$DIR/rr.trf" --events "$DIR/rr" > "$DIR/rr.txt"
cat "$DIR/rr.txt"
"$ARBITER" pair --berger "$DIR/rr.trf" -c
grep -q '^142 6' "$DIR/rr.trf" || { echo "a double round robin of 4 has 6 rounds"; exit 1; }
[ "$(ls "$DIR/rr" | wc -l)" -eq 12 ] || { echo "expected 12 games"; exit 1; }
grep -q 'DE' "$DIR/rr.txt" || { echo "the standings name the tie-breaks"; exit 1; }
# Each game's log re-adjudicates to a decided result (the TRF has no unfinished game).
for log in "$DIR"/rr/*.jsonl "$DIR"/swiss/*.jsonl; do
  "$ARBITER" adjudicate "$log" | grep -qE '"result":"(1-0|0-1|1/2-1/2)"' ||
    { echo "$log: no decided result"; exit 1; }
done
# The points of the file are its results: the TRF reader checks the points column.
"$ARBITER" trf check "$DIR/rr.trf"
# Options that belong to an event are refused without one, and the reverse.
if "$ARBITER" match --rounds 3 $engines 2>/dev/null; then echo "--rounds without --tournament"; exit 1; fi
if "$ARBITER" match --tournament swiss $engines 2>/dev/null; then echo "a Swiss without --rounds"; exit 1; fi
echo "Swiss of 5 (3 rounds) and double round robin of 4: TRFs checked, logs re-adjudicated"
