#!/usr/bin/env bash
# Issue #16: the server under load, measured by `arbiter loadtest` (docs/loadtest.md).
#
#   bench/server_load.sh ARBITER GAMES RATE DURATION [LOADTEST OPTIONS...]
#
# Starts `ARBITER serve` (release build) on port 0 with a fresh SQLite database in a
# temporary directory and the limits a load test needs, runs `ARBITER loadtest` against it
# with --server-pid and --db (every acknowledged move verified), stops the server and
# removes the directory. The server's options are printed first. NOFILE (default 65536)
# is the descriptor limit set for both processes (raising the hard limit needs root).
set -euo pipefail
arbiter=${1:?ARBITER}
games=${2:?GAMES}
rate=${3:?RATE}
duration=${4:?DURATION}
shift 4
nofile=${NOFILE:-65536}
threads=${SERVER_THREADS:-2}

ulimit -Hn "$nofile" 2>/dev/null || echo "note: cannot raise the hard descriptor limit above $(ulimit -Hn)"
ulimit -n "$(ulimit -Hn)"
dir=$(mktemp -d /tmp/arbiter-load.XXXXXX)
trap 'rm -rf "$dir"' EXIT

serve_opts=(--port 0 --data "$dir" --web "$dir/none" --threads "$threads"
  --create-rate 10000 --create-burst 100000 --max-connections 1000000)
echo "server: $arbiter serve ${serve_opts[*]} (ulimit -n $(ulimit -n))"
"$arbiter" serve "${serve_opts[@]}" >"$dir/serve.log" 2>&1 &
server=$!
for _ in $(seq 100); do
  grep -q "listening on" "$dir/serve.log" && break
  sleep 0.1
done
port=$(sed -n 's|.*listening on http://localhost:\([0-9]*\).*|\1|p' "$dir/serve.log")
[ -n "$port" ] || { cat "$dir/serve.log"; kill "$server"; exit 1; }
grep "at most" "$dir/serve.log" || true

status=0
"$arbiter" loadtest --url "http://127.0.0.1:$port" --games "$games" --rate "$rate" \
  --duration "$duration" --server-pid "$server" --db "$dir/arbiter.db" "$@" || status=$?
kill -TERM "$server"
wait "$server" || true
exit $status
