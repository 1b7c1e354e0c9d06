#!/usr/bin/env bash
# Compares single-thread perft of `arbiter` with Stockfish 15.1 (Debian package) on the
# positions of issue #2, in two ways:
#  1. instructions counted by callgrind (repeatable on a noisy machine), with each
#     program's start-up cost (measured separately) subtracted;
#  2. wall time by hyperfine (median of RUNS runs), start-up subtracted likewise.
# Usage: bench/perft_vs_stockfish.sh [path/to/arbiter] [RUNS]
set -euo pipefail
ARBITER=${1:-build/release/bin/arbiter}
RUNS=${2:-5}
SF=/usr/games/stockfish
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf 'quit\n' >"$tmp/sf-start"
printf 'position startpos\ngo perft 5\nquit\n' >"$tmp/sf-start5"
printf 'position startpos\ngo perft 6\nquit\n' >"$tmp/sf-start6"
printf 'position fen %s\ngo perft 4\nquit\n' "$KIWI" >"$tmp/sf-kiwi4"
printf 'position fen %s\ngo perft 5\nquit\n' "$KIWI" >"$tmp/sf-kiwi5"

instr() {  # instructions of: instr STDIN_FILE_OR_- COMMAND ARGS...
  local in=$1 out="$tmp/cg.$RANDOM"
  shift
  if [ "$in" = - ]; then in=/dev/null; fi
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" <"$in" >/dev/null 2>"$out.err"
  grep -oE 'Collected : [0-9]+' "$out.err" | grep -oE '[0-9]+'
}
row() {  # row NAME ARBITER_INSTR ARBITER_BASE SF_INSTR SF_BASE
  awk -v n="$1" -v a="$2" -v a0="$3" -v s="$4" -v s0="$5" \
    'BEGIN { printf "%-22s %16d %16d %7.2fx\n", n, a-a0, s-s0, (s-s0)/(a-a0) }'
}

echo "## callgrind instructions (start-up subtracted)"
a0=$(instr - "$ARBITER" perft 0)
s0=$(instr "$tmp/sf-start" "$SF")
printf '%-22s %16s %16s %8s\n' case arbiter stockfish ratio
row "startpos 5" "$(instr - "$ARBITER" perft 5)" "$a0" "$(instr "$tmp/sf-start5" "$SF")" "$s0"
row "kiwipete 4" "$(instr - "$ARBITER" perft --fen "$KIWI" 4)" "$a0" \
  "$(instr "$tmp/sf-kiwi4" "$SF")" "$s0"

echo
echo "## wall time, median of $RUNS runs (start-up subtracted)"
secs() {  # median wall seconds: secs STDIN_FILE_OR_- COMMAND ARGS...
  local in=$1
  shift
  local cmd
  printf -v cmd '%q ' "$@"
  if [ "$in" != - ]; then cmd="$cmd < $in"; fi
  hyperfine --runs "$RUNS" --export-json "$tmp/h.json" "$cmd" >/dev/null 2>&1
  python3 -c "import json;print(json.load(open('$tmp/h.json'))['results'][0]['median'])"
}
wrow() {
  awk -v n="$1" -v a="$2" -v a0="$3" -v s="$4" -v s0="$5" \
    'BEGIN { printf "%-22s %9.3fs %9.3fs %7.2fx\n", n, a-a0, s-s0, (s-s0)/(a-a0) }'
}
wa0=$(secs - "$ARBITER" perft 0)
ws0=$(secs "$tmp/sf-start" "$SF")
printf '%-22s %10s %10s %8s\n' case arbiter stockfish ratio
wrow "startpos 6" "$(secs - "$ARBITER" perft 6)" "$wa0" "$(secs "$tmp/sf-start6" "$SF")" "$ws0"
wrow "kiwipete 5" "$(secs - "$ARBITER" perft --fen "$KIWI" 5)" "$wa0" \
  "$(secs "$tmp/sf-kiwi5" "$SF")" "$ws0"
