#!/bin/bash
# scripts/chaos.sh [SECONDS [GAMES]] — the cluster under failures (issue #16, docs/cluster.md).
#
# Starts a cluster of its own (scripts/cluster.sh: PostgreSQL, Redis, three nodes, HAProxy)
# in a temporary directory on free loopback ports, plays GAMES games at one move a second
# through HAProxy with a load that reconnects as the browser does (`arbiter loadtest
# --reconnect`), and meanwhile:
#   - kills node1 with SIGKILL, and starts it again 4 s later;
#   - kills Redis with SIGKILL, and starts it again 2 s later;
#   - freezes node2 with SIGSTOP for 10 s, then lets it go on (SIGCONT): it wakes up with
#     games another node has taken, and its writes are fenced off.
# Then it checks, from the load generator's report and the database:
#   - zero errors: every move was acknowledged or, when its socket went, its fate read
#     from the state after the reconnection; no game stopped;
#   - every acknowledged move is stored; every game's events are numbered without a gap;
#   - every game's referee log, refereed again, gives the stored moves with the clocks
#     stored, the failovers' interruptions (6.11.1) included;
#   - every lost socket was welcomed again within 8 s (from the moment the client noticed:
#     at once for a dead node, within 4 s of silence for a frozen one).
# Exit status 0 when all hold. CI runs it short (ctest `cluster_chaos`, 45 s); the long run
# and its figures: bench/server.md.
#
# Environment: ARBITER (the binary, default build/release/bin/arbiter); CHAOS_KEEP=1 keeps
# the directory (logs, database) afterwards.
set -euo pipefail

seconds=${1:-60}
games=${2:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
export ARBITER=${ARBITER:-$root/build/release/bin/arbiter}
export ARBITER_WEB=${ARBITER_WEB:-$root/web/dist}
export ARBITER_LEASE_TTL=${ARBITER_LEASE_TTL:-3000}
[ "$seconds" -ge 40 ] || { echo "chaos.sh: at least 40 seconds" >&2; exit 2; }
dir=$(mktemp -d /tmp/arbiter-chaos.XXXXXX)
export ARBITER_CLUSTER_DIR=$dir

export ARBITER_CLUSTER_PORT=auto  # cluster.sh finds free ports, kept in $dir/port

cluster() { "$root/scripts/cluster.sh" "$@"; }

cleanup() {
  # A frozen node would not stop.
  [ -f "$dir/node2.pid" ] && kill -CONT "$(cat "$dir/node2.pid")" 2>/dev/null || true
  cluster down >/dev/null 2>&1 || true
  if [ "${CHAOS_KEEP:-0}" = 1 ]; then echo "chaos.sh: files kept in $dir"; else rm -rf "$dir"; fi
}
trap cleanup EXIT

log() { echo "chaos.sh: $(date +%T) $*"; }

cluster up
port=$(cat "$dir/port")
db="postgresql://arbiter@127.0.0.1:$((port + 10))/arbiter"

"$ARBITER" loadtest --url "http://127.0.0.1:$port" --games "$games" --rate 1 \
  --duration "$seconds" --drain 8 --create-rate 20 --reconnect --db "$db" --json \
  >"$dir/loadtest.json" 2>"$dir/loadtest.err" &
load=$!
log "load: $games games for $seconds s (pid $load)"

sleep 8
log "kill -9 node1"
kill -9 "$(cat "$dir/node1.pid")"
sleep 4
log "node1 starts again"
cluster up >/dev/null

sleep 4
log "kill -9 redis"
kill -9 "$(cat "$dir/redis.pid")"
sleep 2
log "redis starts again"
cluster up >/dev/null

sleep 3
log "SIGSTOP node2 for 10 s"
kill -STOP "$(cat "$dir/node2.pid")"
sleep 10
kill -CONT "$(cat "$dir/node2.pid")"
log "SIGCONT node2"

status=0
wait "$load" || status=$?
log "load finished (exit $status)"
cat "$dir/loadtest.err" >&2 || true

checks=0
python3 - "$dir/loadtest.json" <<'EOF' || checks=$?
import json, sys
r = json.load(open(sys.argv[1]))
m = r["moves"]
rc = r["reconnect"]
v = r["verify"]
problems = []
if r["error_total"]:
    problems.append(f"errors: {r['errors']}")
if not v or not v["ok"]:
    problems.append(f"verification: {v or r['verify_error']}")
if m["acked"] == 0:
    problems.append("no move was acknowledged")
lost = sum(rc["disconnects"].values())
if lost and rc["ms"]["max"] > 8000:
    problems.append(f"a socket took {rc['ms']['max']:.0f} ms to be welcomed again (limit 8000)")
print(f"moves: {m['sent']} sent, {m['acked']} acknowledged, {rc['unconfirmed']} unconfirmed; "
      f"steady round trip p50 {m['steady_rtt_ms']['p50']:.1f} ms, p99 {m['steady_rtt_ms']['p99']:.1f} ms, "
      f"max {m['steady_rtt_ms']['max']:.1f} ms")
print(f"sockets lost and reconnected: {lost} {rc['disconnects']}; welcomed again after "
      f"p50 {rc['ms']['p50']:.0f} ms, p99 {rc['ms']['p99']:.0f} ms, max {rc['ms']['max']:.0f} ms")
if v:
    print(f"database: {v['moves_checked']} acknowledged moves of {v['games']} games, "
          f"{v['missing']} missing, {v['different']} different, {v['event_gaps']} event gaps, "
          f"{v['log_disagrees']} of {v['logs_replayed']} referee logs disagreeing")
for p in problems:
    print("FAILED:", p)
sys.exit(1 if problems else 0)
EOF
echo "games interrupted by a failover (Art. 6.11.1), by the node that took them:"
grep -c "interrupted for" "$dir"/node*.log || true
echo "writes of a former owner fenced off: $(cat "$dir"/node*.log | grep -c "fenced off" || true)"
# A sanitizer build's report in a node's log is a failure too (the node may have gone on).
if grep -l "ERROR: AddressSanitizer\|runtime error:\|ERROR: LeakSanitizer" "$dir"/node*.log; then
  echo "FAILED: a sanitizer report in the nodes' logs"
  grep -h -A12 "ERROR: AddressSanitizer\|runtime error:" "$dir"/node*.log | head -40
  checks=1
fi
[ "$checks" = 0 ] && [ "$status" = 0 ] && log "chaos: PASSED" || { log "chaos: FAILED"; exit 1; }
