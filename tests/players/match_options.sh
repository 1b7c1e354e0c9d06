#!/bin/sh
# arbiter match with the options beyond the Laws' defaults (docs/players.md): time odds
# (an engine's own tc=), Chess960 positions from a seed, and named score adjudication.
# The built-in engine against itself; the PGN must be valid and carry the tags of each,
# and every event log must re-adjudicate to the result in the PGN.
set -eu
ARBITER=$1
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
"$ARBITER" match --quiet --games 4 --tc 3 --chess960 --seed 11 \
  --engine name=Full cmd=builtin \
  --engine name=Odds cmd=builtin tc=2 \
  --adjudicate resign=movecount:2,score:400 --adjudicate draw=movenumber:20,movecount:4,score:5 \
  --pgn "$DIR/match.pgn" --events "$DIR/events" > "$DIR/table.txt"
cat "$DIR/table.txt"
"$ARBITER" pgn check "$DIR/match.pgn"
[ "$(grep -c '^\[Variant "Chess960"\]' "$DIR/match.pgn")" -eq 4 ] || { echo "Variant tags missing"; exit 1; }
[ "$(grep -c '^\[FEN ' "$DIR/match.pgn")" -eq 4 ] || { echo "FEN tags missing"; exit 1; }
# Time odds: each game names both controls, the odds going with the engine.
[ "$(grep -c '^\[WhiteTimeControl "3"\]' "$DIR/match.pgn")" -eq 2 ] || { echo "WhiteTimeControl"; exit 1; }
[ "$(grep -c '^\[BlackTimeControl "3"\]' "$DIR/match.pgn")" -eq 2 ] || { echo "BlackTimeControl"; exit 1; }
# The same seed, the same positions.
fens=$(grep '^\[FEN ' "$DIR/match.pgn" | sort -u)
[ "$(echo "$fens" | wc -l)" -eq 2 ] || { echo "expected 2 positions, each played twice"; exit 1; }
# An adjudicated game says so in its tags and its event log has the arbiter's decision.
for round in 1 2 3 4; do
  tag=$(awk -v r="[Round \"$round\"]" '$0==r{f=1} f&&/^\[Result /{print $2; exit}' "$DIR/match.pgn" | tr -d '"]')
  again=$("$ARBITER" adjudicate "$DIR/events/game$round.jsonl" | sed 's/^{"result":"\([^"]*\)".*/\1/')
  [ "$tag" = "$again" ] || { echo "game $round: PGN says $tag, the event log gives $again"; exit 1; }
  grep -q '"time_control_black"' "$DIR/events/game$round.jsonl" || { echo "game $round: no odds in the log"; exit 1; }
done
adjudicated=$(grep -c '^\[Termination "adjudication"\]' "$DIR/match.pgn" || true)
decisions=$(cat "$DIR"/events/*.jsonl | grep -c '"action":"declare_result".*"reason":"adjudication' || true)
[ "$adjudicated" -eq "$decisions" ] || { echo "$adjudicated adjudicated PGNs, $decisions logged decisions"; exit 1; }
echo "4 games: Chess960, time odds, $adjudicated adjudicated; PGN valid, logs re-adjudicate"
