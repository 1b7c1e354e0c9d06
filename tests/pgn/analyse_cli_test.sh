#!/bin/sh
# Black-box test of `arbiter pgn analyse` (docs/analysis.md). Usage: analyse_cli_test.sh ARBITER
# Small node counts keep it fast; the blunders below are seen at any depth.
set -u
A="$1"
T="${TMPDIR:-/tmp}/arbiter-analyse-cli.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# The PGN writer wraps lines at 80 columns: tests read the output as one line.
flat() { tr '\n' ' ' < "$1"; }

cat > "$T/games.pgn" <<'EOF'
[Event "Scholar's mate"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Missed mate"]
[White "C"]
[Black "D"]
[Result "*"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 *

[Event "Hanging queen"]
[White "E"]
[Black "F"]
[Result "*"]

1. e4 e5 2. Nf3 Qh4 3. Nxh4 *
EOF

# Annotated PGN: 3...Nf6 walks into mate in one ($4 = ??), 4. Qxf7# mates (#0).
"$A" pgn analyse "$T/games.pgn" --nodes 20000 > "$T/out" 2> "$T/err" || fail "analyse: exit status"
flat "$T/out" > "$T/flat"
[ "$(grep -c '^\[Event ' "$T/out")" -eq 3 ] || fail "analyse: three games"
grep -q '\[WhiteAccuracy "[0-9.]*"\]' "$T/out" || fail "analyse: WhiteAccuracy tag"
grep -q '\[Annotator "Arbiter"\]' "$T/out" || fail "analyse: Annotator tag"
grep -q 'Nf6 \$4 {(-\?[0-9.]* -> Mate in 1) Checkmate is now unavoidable\. [^ ]* was best\. \[%eval #1\]}' "$T/flat" ||
  fail "analyse: the blunder 3...Nf6 with its comment and eval"
grep -q 'Qxf7# {\[%eval #0\]}' "$T/flat" || fail "analyse: the mate on the board is #0"
grep -q '1\. e4 {\[%eval -\?[0-9]*\.[0-9][0-9]\]}' "$T/flat" || fail "analyse: eval in pawns, two decimals"
# The missed mate: 4. Qf3 throws the mate away; the engine's line is the variation.
grep -q '4\. Qf3 \$4 {(Mate in 1 -> -\?[0-9.]*) Lost forced checkmate sequence\. Qxf7# was best\.' "$T/flat" ||
  fail "analyse: the missed mate in one"
grep -q '(4\. Qxf7#)' "$T/flat" || fail "analyse: the best line as a variation"
# The hanging queen: 2...Qh4 loses it to the knight.
grep -q 'Qh4 \$4 ' "$T/flat" || fail "analyse: the hanging queen"

# The same input gives the same output (a fixed node count, the engine cleared per game).
printf '1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n' | "$A" pgn analyse - --nodes 5000 > "$T/a" || fail "stdin: exit status"
printf '1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n' | "$A" pgn analyse - --nodes 5000 > "$T/b"
cmp -s "$T/a" "$T/b" || fail "analyse: not deterministic"

# JSON summary.
"$A" pgn analyse "$T/games.pgn" --nodes 20000 --json > "$T/json" || fail "json: exit status"
grep -q '^\[{"game":1,"white":"A","black":"B","result":"1-0"' "$T/json" || fail "json: first game"
grep -q '"san":"Nf6","eval":{"mate":1},"depth":[0-9]*,"best":"[^"]*","line":\[[^]]*\],"judgement":"blunder"' "$T/json" ||
  fail "json: the blunder"
grep -q '"san":"Qxf7#","eval":{"mate":0},"depth":0' "$T/json" || fail "json: the mate"
grep -q '"black":{"accuracy":[0-9.]*,"inaccuracies":[0-9]*,"mistakes":[0-9]*,"blunders":[1-9]' "$T/json" ||
  fail "json: Black's blunder count"
[ "$(grep -o '"game":' "$T/json" | wc -l)" -eq 3 ] || fail "json: three games"

# The speed figures.
"$A" pgn analyse "$T/games.pgn" --nodes 2000 --bench > "$T/bench" || fail "bench: exit status"
grep -q '^games 3, positions 22, nodes 2000 a position$' "$T/bench" || fail "bench: counts"
grep -q 'positions/s, .* games/min per core$' "$T/bench" || fail "bench: rates"

# Errors: a missing file is a usage error; an illegal move an error of the input (exit 1).
"$A" pgn analyse "$T/missing.pgn" > /dev/null 2> "$T/err"
[ $? -eq 2 ] || fail "missing file: exit status"
printf '1. e4 e5 2. Ke3 *\n' | "$A" pgn analyse - --nodes 1000 > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "illegal move: exit status"
grep -q '1:13: error' "$T/err" || fail "illegal move: location"
grep -q '2\. Ke3' "$T/out" && fail "illegal move: only the legal part is analysed"
flat "$T/out" | grep -q '1\. e4 {\[%eval' || fail "illegal move: the legal part is analysed"
"$A" pgn analyse "$T/games.pgn" --nodes 0 > /dev/null 2>&1 && fail "--nodes 0 accepted"
# A null move cannot be analysed: the game is written as read, the error named (exit 1).
printf '1. e4 -- 2. d4 *\n' | "$A" pgn analyse - --nodes 1000 > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "null move: exit status"
grep -q '1\. e4 -- 2\. d4 \*' "$T/out" || fail "null move: the game as read"
grep -q 'game 1: .*ply 2.*\[move-illegal\]' "$T/err" || fail "null move: the error"
printf '1. e4 -- 2. d4 *\n' | "$A" pgn analyse - --nodes 1000 --json 2> /dev/null |
  grep -q '^\[{"game":1,"error":".*ply 2' || fail "null move: JSON error"

[ $fails -eq 0 ] && echo "pgn analyse cli: ok"
exit $fails
