#!/bin/bash
# scripts/e2e_cluster.sh — the browser's end-to-end tests (web/test/e2e) against a cluster
# (issue #16: "the browser client needs no change to play on the cluster"): starts one of
# its own (scripts/cluster.sh, in a temporary directory on free ports), runs the tests
# through HAProxy (ARBITER_URL), and stops it. The games land on all three nodes (HAProxy
# deals the creations in turn) and a player's requests and sockets on whichever node the
# game's id hashes to: forwarded and relayed to the owner where it is another.
#
# Environment: ARBITER (the binary), CHROMIUM (as for web_e2e_test); E2E_KEEP=1 keeps the
# cluster's directory.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export ARBITER=${ARBITER:-$root/build/release/bin/arbiter}
export ARBITER_WEB=${ARBITER_WEB:-$root/web/dist}
dir=$(mktemp -d /tmp/arbiter-e2e-cluster.XXXXXX)
export ARBITER_CLUSTER_DIR=$dir
export ARBITER_CLUSTER_PORT=auto  # cluster.sh finds free ports, kept in $dir/port

cleanup() {
  "$root/scripts/cluster.sh" down >/dev/null 2>&1 || true
  if [ "${E2E_KEEP:-0}" = 1 ]; then echo "e2e_cluster.sh: files kept in $dir"; else rm -rf "$dir"; fi
}
trap cleanup EXIT
"$root/scripts/cluster.sh" up
port=$(cat "$dir/port")
cd "$root/web"
ARBITER_E2E_CLUSTER=1 ARBITER_URL="http://127.0.0.1:$port" node --test --test-concurrency=1 test/e2e/e2e.mjs
