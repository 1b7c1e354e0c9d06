#!/usr/bin/env bash
# Hostile inputs for `arbiter pgn check` (security issue #14, part 7): generates the three
# acceptance inputs and prints the wall time and the maximum resident memory of each run.
#   bench/pgn_hostile.sh [ARBITER_BINARY]     (default build/release/bin/arbiter)
# Acceptance: each under 5 s and under 100 MB, with a clear error (bench/README.md).
set -euo pipefail

bin=${1:-build/release/bin/arbiter}
limit=${PGN_HOSTILE_TIMEOUT:-120}  # seconds before a run is stopped (shown as 124 below)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'PY'
import sys
d = sys.argv[1]
# 10 MB of nested variations: "1. e4 (1. d4 (1. d4 (1. d4 ..." never closed.
with open(f"{d}/nested.pgn", "w") as f:
    f.write('[Event "nested"]\n\n1. e4 ' + "(1. d4 " * (10_000_000 // 7) + "\n")
# 1,000,000 distinct tag pairs in one tag section (about 14 MB).
with open(f"{d}/tags.pgn", "w") as f:
    f.write("".join(f'[T{i} "v"]\n' for i in range(1_000_000)) + "\n1. e4 *\n")
PY
head -c 100000000 /dev/zero >"$dir/nul.pgn"

printf '%-8s %10s %8s %11s %5s  %s\n' input bytes seconds "max RSS MB" exit "first diagnostic"
for name in nested tags nul; do
  file="$dir/$name.pgn"
  set +e
  # Only the first lines and the summary are kept (an unfixed reader prints one line per byte).
  /usr/bin/time -f '%e %M %x' -o "$dir/time" timeout "$limit" "$bin" pgn check -q "$file" 2>&1 |
    awk 'NR <= 3 { print } { last = $0 } END { print last }' >"$dir/out"
  set -e
  read -r secs kb status < <(tail -1 "$dir/time")
  first=$(grep -m1 -o 'error: .*' "$dir/out" | cut -c1-90 || true)
  printf '%-8s %10s %8s %11s %5s  %s\n' "$name" "$(stat -c %s "$file")" "$secs" "$((kb / 1024))" \
    "$status" "$first"
done
