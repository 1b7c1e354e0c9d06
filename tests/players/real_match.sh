#!/bin/sh
# A real match in CI (issue 7): the built-in engine against itself, against a Debian UCI
# engine (glaurung) and a Debian xboard engine (fairymax), 4 games each at a fast time
# control. The PGN must be valid, and re-adjudicating every event log must give the
# result the match recorded. Then fairymax (no setboard: positions reach it by `edit`)
# from the first positions of the opening book $2, when given: no game may end by an
# illegal move or a refused start. Exit 77 (skipped) when the Debian engines are missing.
set -eu
ARBITER=$1
BOOK=${2:-}
GLAURUNG=${GLAURUNG:-/usr/games/glaurung}
FAIRYMAX=${FAIRYMAX:-/usr/games/fairymax}
[ -x "$GLAURUNG" ] && [ -x "$FAIRYMAX" ] || { echo "glaurung/fairymax not installed"; exit 77; }
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
"$ARBITER" match --quiet --gauntlet --games 4 --tc 3 --concurrency 2 \
  --engine name=Arbiter cmd=builtin \
  --engine name=Arbiter-1500 cmd=builtin elo=1500 \
  --engine name=Glaurung cmd="$GLAURUNG" \
  --engine name=Fairymax cmd="$FAIRYMAX" proto=xboard \
  --pgn "$DIR/match.pgn" --events "$DIR/events" > "$DIR/table.txt"
cat "$DIR/table.txt"
games=$(grep -c '^\[Event ' "$DIR/match.pgn")
[ "$games" -eq 12 ] || { echo "expected 12 games, found $games"; exit 1; }
"$ARBITER" pgn check "$DIR/match.pgn"
# Each game's Result tag against its event log re-adjudicated.
for round in $(seq 1 12); do
  tag=$(awk -v r="[Round \"$round\"]" '$0==r{f=1} f&&/^\[Result /{print $2; exit}' "$DIR/match.pgn" | tr -d '"]')
  again=$("$ARBITER" adjudicate "$DIR/events/game$round.jsonl" | sed 's/^{"result":"\([^"]*\)".*/\1/')
  [ "$tag" = "$again" ] || { echo "game $round: PGN says $tag, the event log gives $again"; exit 1; }
done
echo "12 games, PGN valid, every event log re-adjudicates to its result"
[ -n "$BOOK" ] || exit 0
[ -f "$BOOK" ] || { echo "no opening book $BOOK"; exit 1; }
"$ARBITER" match --games 4 --tc 2+0.02 --openings "$BOOK" \
  --engine name=Arbiter cmd=builtin \
  --engine name=Fairymax cmd="$FAIRYMAX" proto=xboard \
  --pgn "$DIR/book.pgn" > "$DIR/book.txt" 2> "$DIR/book.log"
cat "$DIR/book.log"
games=$(grep -c '^\[Event ' "$DIR/book.pgn")
[ "$games" -eq 4 ] || { echo "book: expected 4 games, found $games"; exit 1; }
if grep -E 'illegal|could not start' "$DIR/book.log"; then
  echo "book: fairymax did not get the book position"; exit 1
fi
"$ARBITER" pgn check "$DIR/book.pgn"
echo "4 games from the book against fairymax (edit set-up), no illegal move"
