#!/bin/sh
# Black-box test of `arbiter pair --berger` and `--dutch`, `arbiter tournament berger`,
# `arbiter tournament standings` and `arbiter trf`
# (docs/tournament.md). Usage: cli_test.sh ARBITER TESTDATA_DIR
# Expected pairings are the Berger tables of FIDE C.05 Annex 1.
set -u
A="$1"
D="$2/tournaments/dutch"
T="${TMPDIR:-/tmp}/arbiter-tournament-cli.$$"
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# Five players after round 1 of the table of six (1-6: 1 has the bye; 2-5 and 3-4).
{
  printf '012 Five\r'
  printf '001    1      One                                                                1.0       0000 - U\r'
  printf '001    2      Two                                                                1.0          5 w 1\r'
  printf '001    3      Three                                                              1.0          4 w 1\r'
  printf '001    4      Four                                                               0.0          3 b 0\r'
  printf '001    5      Five                                                               0.0          2 b 0\r'
} > "$T/five.trf"

# Round 2 of the table of six is 6-4 5-3 1-2: 4 has the bye, which counts as a pair.
"$A" pair --berger "$T/five.trf" -p > "$T/out" || fail "pair five: exit status"
printf '3\n5 3\n1 2\n4 0\n' | cmp -s - "$T/out" || fail "pair five: output $(cat "$T/out")"
"$A" pair --berger "$T/five.trf" -p "$T/pairs.txt" || fail "pair five to OUT: exit status"
printf '3\n5 3\n1 2\n4 0\n' | cmp -s - "$T/pairs.txt" || fail "pair five to OUT: output"

# -c: the file follows the table.
"$A" pair --berger "$T/five.trf" -c > "$T/out" || fail "check five: exit status"

# Round 1 played off the table: -c names it and exits 1; -p refuses the file (3).
{
  printf '001    1      One                                                                1.0       0000 - U\r'
  printf '001    2      Two                                                                1.0          4 w 1\r'
  printf '001    3      Three                                                              1.0          5 w 1\r'
  printf '001    4      Four                                                               0.0          2 b 0\r'
  printf '001    5      Five                                                               0.0          3 b 0\r'
} > "$T/off.trf"
"$A" pair --berger "$T/off.trf" -c > "$T/out" 2> /dev/null
[ $? -eq 1 ] || fail "check off-table: exit status"
grep -q "round 1: player 2 meets 5 by the Berger table, 4 in the file" "$T/out" || fail "check off-table: text"
"$A" pair --berger "$T/off.trf" -p > /dev/null 2> "$T/err"
[ $? -eq 3 ] || fail "pair off-table: exit status"
grep -q "off.trf:2:92:" "$T/err" || fail "pair off-table: line and column"

# Six players, nothing played: round 1 of the table.
for i in 1 2 3 4 5 6; do printf '001    %s      Player\r' "$i"; done > "$T/six.trf"
"$A" pair --berger "$T/six.trf" -p > "$T/out" || fail "pair six: exit status"
printf '3\n1 6\n2 5\n3 4\n' | cmp -s - "$T/out" || fail "pair six: output $(cat "$T/out")"

# Two players after their only game: nothing to pair (1).
{
  printf '001    1      One                                                                1.0          2 w 1\r'
  printf '001    2      Two                                                                0.0          1 b 0\r'
} > "$T/done.trf"
"$A" pair --berger "$T/done.trf" -p > /dev/null 2> "$T/err"
[ $? -eq 1 ] || fail "pair complete: exit status"

# Invalid file: 3 with line and column (a Z result beside a real opponent).
sed 's/   5 w 1/   5 w Z/' "$T/five.trf" > "$T/bad.trf"
"$A" pair --berger "$T/bad.trf" -p > /dev/null 2> "$T/err"
[ $? -eq 3 ] || fail "pair bad file: exit status"
grep -q "bad.trf:3:99: result:" "$T/err" || fail "pair bad file: location $(cat "$T/err")"

# File access: 5.
"$A" pair --berger "$T/missing.trf" -p > /dev/null 2>&1
[ $? -eq 5 ] || fail "pair missing file: exit status"

# pair --dutch: a reference tournament cut back to 3 rounds pairs as its round 4 (the
# boards W B, whatever their order, taken from the file's round 4 columns 122-128).
F8="$D/t20261125_006_n8_r4.trf"
"$A" trf cut "$F8" 3 -o "$T/r3.trf" || fail "trf cut r3: exit status"
"$A" pair --dutch "$T/r3.trf" -p > "$T/out" 2> "$T/err" || fail "pair dutch: exit status"
tr '\r' '\n' < "$F8" | awk 'substr($0,1,3) == "001" && substr($0,127,1) == "w" {
  print substr($0,5,4) + 0, substr($0,122,4) + 0 }' | sort > "$T/want"
[ "$(head -n 1 "$T/out")" = "4" ] || fail "pair dutch: count $(head -n 1 "$T/out")"
tail -n +2 "$T/out" | sort > "$T/got"
cmp -s "$T/got" "$T/want" || fail "pair dutch: $(cat "$T/got") against $(cat "$T/want")"
"$A" pair --dutch "$T/r3.trf" -p "$T/pairs.txt" 2> /dev/null || fail "pair dutch to OUT"
cmp -s "$T/pairs.txt" "$T/out" || fail "pair dutch to OUT: differs from stdout"

# A file without a round count cannot be paired (3); an event played out has no round (1).
"$A" pair --dutch "$F8" -p > /dev/null 2> "$T/err"
[ $? -eq 3 ] || fail "pair dutch without rounds: exit status"
grep -q "number of rounds" "$T/err" || fail "pair dutch without rounds: $(cat "$T/err")"
"$A" trf cut "$F8" 4 -o "$T/r4.trf" || fail "trf cut r4: exit status"
"$A" pair --dutch "$T/r4.trf" -p > /dev/null 2>&1
[ $? -eq 1 ] || fail "pair dutch played out: exit status"

# -c: the complete file is clean; two players' colours swapped in round 2 are flagged.
"$A" pair --dutch "$F8" -c > "$T/out" 2>&1 || fail "check dutch: exit status $(cat "$T/out")"
[ ! -s "$T/out" ] || fail "check dutch: printed $(cat "$T/out")"
tr '\r' '\n' < "$F8" | sed -e '/^001    1 /s/     7 w =/     7 b =/' \
  -e '/^001    7 /s/     1 b =/     1 w =/' > "$T/swapped.trf"
"$A" pair --dutch "$T/swapped.trf" -c > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "check swapped: exit status"
grep -q "^round 2:" "$T/out" || fail "check swapped: $(cat "$T/out")"

# -g: the random tournament generator's event is clean under -c; the same seed, the same file.
printf 'PlayersNumber=25\nRoundsNumber=6\nForfeitRate=15\nRetiredRate=20\nHalfPointByeRate=30\n' \
  > "$T/rtg.cfg"
"$A" pair --dutch -g "$T/rtg.cfg" -o "$T/rtg.trf" -s 11 || fail "generate: exit status"
"$A" pair --dutch -g "$T/rtg.cfg" -o "$T/rtg2.trf" -s 11 || fail "generate again: exit status"
cmp -s "$T/rtg.trf" "$T/rtg2.trf" || fail "generate: the same seed gave another file"
"$A" pair --dutch "$T/rtg.trf" -c > "$T/out" 2>&1 || fail "check generated: $(cat "$T/out")"
printf 'Players=3\n' > "$T/bad.cfg"
"$A" pair --dutch -g "$T/bad.cfg" -o "$T/x.trf" > /dev/null 2>&1
[ $? -eq 3 ] || fail "generate bad config: exit status"

# No legal pairing: 4 players who have all met, a 4th round: exit 1, and why.
{
  printf '012 Four\r'
  printf '001    1      One                                                                3.0          3 w 1     2 b 1     4 w 1\r'
  printf '001    2      Two                                                                2.0          4 b 1     1 w 0     3 b 1\r'
  printf '001    3      Three                                                              0.0          1 b 0     4 w 0     2 w 0\r'
  printf '001    4      Four                                                               1.0          2 w 0     3 b 1     1 b 0\r'
  printf 'XXR 4\r'
} > "$T/four.trf"
"$A" pair --dutch "$T/four.trf" -p > "$T/out" 2> "$T/err"
[ $? -eq 1 ] || fail "pair four: exit status $(cat "$T/err")"
grep -q "absolute criteria" "$T/err" || fail "pair four: message $(cat "$T/err")"

# tournament berger: the Handbook's table for 5 or 6 players.
"$A" tournament berger 6 > "$T/out" || fail "berger 6: exit status"
grep -q "^Round  2:  6-4   5-3   1-2$" "$T/out" || fail "berger 6: round 2"
"$A" tournament berger 5 > "$T/out" || fail "berger 5: exit status"
grep -q "^Round  2:  5-3   1-2   bye 4$" "$T/out" || fail "berger 5: round 2"
"$A" tournament berger 4 --double > "$T/out" || fail "berger 4 double: exit status"
[ "$(grep -c '^Round' "$T/out")" -eq 6 ] || fail "berger 4 double: 6 rounds"

# trf check: a reference file reads, and --write gives back the same bytes.
F="$D/t20261125_006_n8_r4.trf"
"$A" trf check "$F" --write "$T/same.trf" > "$T/out" || fail "trf check: exit status"
grep -q "ok: 8 players, 4 rounds played" "$T/out" || fail "trf check: summary"
cmp -s "$F" "$T/same.trf" || fail "trf check --write: not the same bytes"
"$A" trf check "$T/bad.trf" > /dev/null 2> "$T/err"
[ $? -eq 3 ] || fail "trf check bad: exit status"

# trf cut: two rounds kept, the round count added, and the result reads again.
"$A" trf cut "$F" 2 -o "$T/cut.trf" || fail "trf cut: exit status"
"$A" trf check "$T/cut.trf" > "$T/out" || fail "trf cut: result does not read"
grep -q "2 rounds played of 4" "$T/out" || fail "trf cut: rounds $(cat "$T/out")"

# tournament standings (docs/tournament.md, FIDE C.07). Event B of tiebreak_test.cpp, a
# Swiss of 7 players and 3 rounds with a forfeit (3-6), a half-point bye (4), a withdrawal
# (5), a late entry (7) and a pairing-allocated bye (7); its values are worked out there:
# order 1 7 3 2 4 6 5; player 1: BH/C1 3.0, BH 4.0, SB 3.25; player 3: 4.5, 5.0, 1.75.
p() {  # id name points round...
  printf '001 %4s      %-33s %4s %-3s %11s %10s %4s %4s' "$1" "$2" "" "" "" "" "$3" ""
  shift 3
  for r in "$@"; do printf '  %s' "$r"; done
  printf '\r'
}
{
  printf '012 Event B\r'
  p 1 'Alpha, "Al" One' 2.5 '   4 w 1' '   3 b =' '   2 w 1'
  p 2 'Player 2' 1.5 '   5 w =' '   6 w 1' '   1 b 0'
  p 3 'Player 3' 1.5 '   6 w +' '   1 w =' '   7 b 0'
  p 4 'Player 4' 1.0 '   1 b 0' '0000 - H' '   6 w ='
  p 5 'Player 5' 0.5 '   2 b =' '0000 - Z' '0000 - Z'
  p 6 'Player 6' 0.5 '   3 b -' '   2 b 0' '   4 b ='
  p 7 'Player 7' 2.0 '0000 - Z' '0000 - U' '   3 w 1'
  printf '092 FIDE_DUTCH_2025\r'
  printf 'XXR 3\r'
} > "$T/b.trf"
"$A" trf check "$T/b.trf" > /dev/null || fail "standings: event B does not read"
"$A" tournament standings "$T/b.trf" > "$T/out" || fail "standings: exit status"
grep -q "^Tie-breaks (default for a Swiss): BH/C1, BH, SB, DE$" "$T/out" ||
  fail "standings: default list $(cat "$T/out")"
[ "$(awk '$1 ~ /^[0-9]+$/ { printf "%s ", $2 }' "$T/out")" = "1 7 3 2 4 6 5 " ] ||
  fail "standings: order $(cat "$T/out")"
"$A" tournament standings "$T/b.trf" --csv > "$T/out" || fail "standings --csv: exit status"
head -n 1 "$T/out" | grep -q '^Rank,SNo,Name,Rating,Fed,Pts,BH/C1,BH,SB,DE' || fail "standings --csv: header"
grep -q '^1,1,"Alpha, ""Al"" One",,,2.5,3.0,4.0,3.25,0.0' "$T/out" || fail "standings --csv: row 1 $(cat "$T/out")"
grep -q '^3,3,Player 3,,,1.5,4.5,5.0,1.75,0.0' "$T/out" || fail "standings --csv: row 3"
"$A" tournament standings "$T/b.trf" --json --tiebreaks "BH/C1,WIN" > "$T/out" ||
  fail "standings --json: exit status"
grep -q '"name":"Alpha, \\"Al\\" One"' "$T/out" || fail "standings --json: escaping $(cat "$T/out")"
grep -q '"tiebreaks":\["BH/C1","WIN"\]' "$T/out" || fail "standings --json: list"
if command -v python3 > /dev/null; then
  python3 -m json.tool "$T/out" > /dev/null || fail "standings --json: not JSON"
fi
"$A" tournament standings "$T/b.trf" --tiebreaks "BH,XYZ" > /dev/null 2> "$T/err"
[ $? -eq 3 ] || fail "standings bad list: exit status"
grep -q "tie-break 2 'XYZ': unknown tie-break" "$T/err" || fail "standings bad list: $(cat "$T/err")"
{ cat "$T/b.trf"; printf '202 BH/C1,XX\r'; } > "$T/bad202.trf"
"$A" tournament standings "$T/bad202.trf" > /dev/null 2> "$T/err"
[ $? -eq 3 ] || fail "standings bad 202: exit status"
grep -q "bad202.trf:11:11: tiebreaks: tie-break 2 'XX'" "$T/err" || fail "standings bad 202: $(cat "$T/err")"
{ cat "$T/b.trf"; printf '202 SB,BH\r'; } > "$T/sb.trf"
"$A" tournament standings "$T/sb.trf" > "$T/out" || fail "standings 202: exit status"
grep -q "^Tie-breaks (the file's 202/212 line): SB, BH$" "$T/out" || fail "standings 202: list"
"$A" tournament standings "$T/missing.trf" > /dev/null 2>&1
[ $? -eq 5 ] || fail "standings missing file: exit status"

# The rating report (B.02 Article 8), worked by hand in docs/tournament.md: 1 (2100) beats 3
# (1900) and draws with 2 (2000): 1.5 - 1.40, K 20: +2; 3 loses to 1 (0.24) and to the
# unrated 4: -0.24 x 20 = -4.8, -5; with K 40 given, -9.6, -10.
{
  printf '012 Rated\r042 2026/03/01\r'
  printf '001    1      Alpha                             2100                             1.5    1     3 w 1     2 b =\r'
  printf '001    2      Beta                              2000                 2010/05/05  1.5    2     4 b 1     1 w =\r'
  printf '001    3      Gamma                             1900                             0.0    4     1 b 0     4 w 0\r'
  printf '001    4      Delta                                                              1.0    3     2 w 0     3 b 1\r'
} > "$T/rated.trf"
"$A" tournament rating-report "$T/rated.trf" > "$T/out" || fail "rating-report: exit status"
grep -Eq '^ +1  Alpha +2100  20     2   1.5   1.40      \+2   2102  rated under 2400$' "$T/out" ||
  fail "rating-report: player 1 $(cat "$T/out")"
grep -Eq '^ +2  Beta +2000  40     1   0.5   0.36      \+6   2006  junior under 2300; 1 game against' "$T/out" ||
  fail "rating-report: junior $(cat "$T/out")"
grep -Eq '^ +3  Gamma .* -5   1895' "$T/out" || fail "rating-report: player 3"
grep -q '^   4  Delta .*unrated' "$T/out" || fail "rating-report: unrated player"
"$A" tournament rating-report "$T/rated.trf" --k 3=40 --json > "$T/out" || fail "rating-report --json: exit status"
grep -q '"sno":3,"name":"Gamma","rating":1900,"k":40,"k_from":"given",.*"change":-10,"new_rating":1890' "$T/out" ||
  fail "rating-report --json: $(cat "$T/out")"
if command -v python3 > /dev/null; then
  python3 -m json.tool "$T/out" > /dev/null || fail "rating-report --json: not JSON"
fi
"$A" tournament rating-report "$T/rated.trf" --rapid-blitz > "$T/out" || fail "rating-report rapid: exit status"
grep -Eq '^ +2  Beta +2000  20 ' "$T/out" || fail "rating-report rapid: K $(cat "$T/out")"
"$A" tournament rating-report "$T/rated.trf" --k 9=20 > /dev/null 2> "$T/err"
[ $? -eq 3 ] || fail "rating-report unknown player: exit status"
grep -q "player 9, who is not in the file" "$T/err" || fail "rating-report unknown player: $(cat "$T/err")"
"$A" tournament rating-report "$T/rated.trf" --k 2=forty > /dev/null 2> "$T/err"
[ $? -eq 2 ] || fail "rating-report bad --k: exit status"

[ $fails -eq 0 ] && echo "tournament cli: all passed"
exit $fails
