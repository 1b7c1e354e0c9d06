#!/bin/sh
# Black-box test of `arbiter pgn` (docs/pgn.md). Usage: cli_test.sh ARBITER TESTDATA_DIR
set -u
A="$1"
D="$2"
T="${TMPDIR:-/tmp}/arbiter-pgn-cli.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# check: errors with file:line:col, exit status 1.
"$A" pgn check "$D/pgn/pychess/badpgn.pgn" > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "check badpgn: exit status"
grep -q "badpgn.pgn:1:18: error: .*\[pgn-bad-tag\]" "$T/out" || fail "check badpgn: tag error location"
[ "$(wc -l < "$T/err")" -eq 1 ] || fail "check badpgn: one-line message on stderr"

# check: a clean file exits 0 and prints the game.
"$A" pgn check "$D/pgn/python-chess/molinari-bordais-1979.pgn" > "$T/out" || fail "check clean: exit status"
grep -q "game 1: Molinari - Bordais, 10 plies, 0-1" "$T/out" || fail "check clean: game line"
tail -n 1 "$T/out" | grep -qx "1 games, 0 errors, 0 warnings" || fail "check clean: summary"

# '-' is standard input; an illegal move is reported with its column (Art. 3.8: Ke3).
printf '1. e4 e5 2. Ke3 *\n' | "$A" pgn check - > "$T/out" 2> /dev/null
[ $? -eq 1 ] || fail "check stdin: exit status"
grep -q "^-:1:13: error: .*\[pgn-illegal-move\]" "$T/out" || fail "check stdin: location"

# convert: FIDE scoresheet in Russian with the draw offer of Appendix C.12.
printf '1. e4 e5 2. Nf3 Nf6 3. Ke2 {[%%draw offer]} *\n' |
  "$A" pgn convert - --style fide --lang ru > "$T/out" || fail "convert fide: exit status"
grep -q "1. e4 e5 2. Кf3 Кf6 3. Крe2 (=)" "$T/out" || fail "convert fide: text"

# convert: the PGN layout in UCI coordinates keeps the Seven Tag Roster.
"$A" pgn convert "$D/pgn/chess.js/2.pgn" --style uci > "$T/out" || fail "convert uci: exit status"
head -n 1 "$T/out" | grep -q '^\[Event ' || fail "convert uci: roster first"
grep -q "1. f2f3 e7e5 2. g2g4 d8h4" "$T/out" || fail "convert uci: moves"

# convert --openings: ECO and Opening tags from lichess's list (issue #18 item 6); the game
# is named by the last named position it reached (3...a6: 4. Ba4 Nf6 5. h3 name nothing more).
printf '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. h3 *\n' |
  "$A" pgn convert - --openings "$D/openings" > "$T/out" || fail "convert openings: exit status"
grep -qx '\[ECO "C70"\]' "$T/out" || fail "convert openings: ECO"
grep -qx '\[Opening "Ruy Lopez: Morphy Defense"\]' "$T/out" || fail "convert openings: name"
"$A" pgn convert "$D/pgn/chess.js/2.pgn" --openings "$T/no-such-dir" > /dev/null 2> "$T/err"
[ $? -eq 2 ] || fail "convert openings: a missing directory is a usage error"

# bad arguments: non-zero exit, one line.
"$A" pgn convert "$T/missing.pgn" > /dev/null 2> "$T/err"
[ $? -eq 2 ] || fail "missing file: exit status"
[ "$(wc -l < "$T/err")" -eq 1 ] || fail "missing file: one line"
"$A" pgn convert "$D/pgn/chess.js/2.pgn" --style nonsense > /dev/null 2> "$T/err"
[ $? -eq 2 ] || fail "bad style: exit status"

# stats and the benchmark table.
"$A" pgn stats "$D/pgn/pychess/3fold.pgn" > "$T/out" || fail "stats: exit status"
grep -q "2 games" "$T/out" || fail "stats: game count"
"$A" pgn stats --bench "$D/pgn/chess.js/benchmark.pgn" > "$T/out" || fail "bench: exit status"
grep -q "^skim .* 100 " "$T/out" || fail "bench: skim row"
grep -q "^full .* 100 " "$T/out" || fail "bench: full row"

[ $fails -eq 0 ] && echo "all pgn CLI checks passed"
exit $fails
