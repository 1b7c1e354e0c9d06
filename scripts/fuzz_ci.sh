#!/usr/bin/env bash
# Coverage-guided fuzzing for CI (docs/fuzzing.md): builds the fuzz targets with clang,
# libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer (undefined behaviour aborts:
# -fno-sanitize-recover) in a build directory of their own, then runs each target for a
# short time from its seed corpus. Any crash, sanitizer report, leak, timeout or
# out-of-memory fails the script; the input is left as build/fuzz/crash-<target>-*.
#
#   scripts/fuzz_ci.sh                    every target, 20 s each
#   FUZZ_SECONDS=300 scripts/fuzz_ci.sh pgn protocol
#
# Needs clang and libclang-rt-14-dev (scripts/deps.sh installs both).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-20}
build=${FUZZ_BUILD_DIR:-build/fuzz}
max_len=${FUZZ_MAX_LEN:-16384}
if [ $# -gt 0 ]; then targets=("$@"); else targets=(fen move pgn time_control protocol event_log static_path trf pair online_event analysis_text); fi

cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_FUZZ=ON \
  -DARBITER_BUILD_TESTS=OFF -DARBITER_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j"${FUZZ_JOBS:-2}" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
failed=()
for t in "${targets[@]}"; do
  # New inputs go to a scratch directory: the committed seed corpus is only read.
  scratch=$(mktemp -d)
  echo "fuzz_$t: ${seconds}s"
  if ! "$build/bin/fuzz_$t" "$scratch" "fuzz/corpus/$t" -max_total_time="$seconds" \
    -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/crash-$t-" >"$build/fuzz_$t.log" 2>&1; then
    failed+=("$t")
    tail -n 60 "$build/fuzz_$t.log"
  else
    grep -E '^(stat::number_of_executed_units|Done)' "$build/fuzz_$t.log" || true
  fi
  rm -rf "$scratch"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz_ci: findings in: ${failed[*]} (inputs: $build/crash-*)"
  exit 1
fi
echo "fuzz_ci: ${#targets[@]} targets, ${seconds}s each, no finding"
