#!/bin/sh
# scripts/cluster.sh up|down|status — an Arbiter cluster on loopback, for development and
# the tests (docs/cluster.md): one PostgreSQL, one Redis, three `arbiter serve` nodes and
# HAProxy in front of them, routing each game's requests and sockets by the game's id.
# Everything lives in one directory and is stopped by process id; no system service is
# used or changed.
#
#   scripts/cluster.sh up        # then open http://127.0.0.1:8000
#   scripts/cluster.sh status
#   scripts/cluster.sh down
#
# Environment (defaults in brackets):
#   ARBITER_CLUSTER_DIR   the directory of data, logs and pid files [/tmp/arbiter-cluster]
#   ARBITER_CLUSTER_PORT  HAProxy's port; nodes listen on PORT+1..PORT+3, PostgreSQL on
#                         PORT+10, Redis on PORT+11 [8000]; `auto`: free ports are found
#                         (tests), the choice kept in DIR/port for the later calls
#   ARBITER               the arbiter binary [build/release/bin/arbiter]
#   ARBITER_WEB           the web root [web/dist]
#   ARBITER_LEASE_TTL     milliseconds of a node's lease of a game [10000]
set -eu

dir=${ARBITER_CLUSTER_DIR:-/tmp/arbiter-cluster}
port=${ARBITER_CLUSTER_PORT:-8000}
# A port nothing listens on: a connection to it is refused.
free() {
  python3 -c 'import socket, sys
s = socket.socket(); s.settimeout(0.5)
sys.exit(0 if s.connect_ex(("127.0.0.1", int(sys.argv[1]))) != 0 else 1)' "$1"
}
if [ "$port" = auto ]; then
  mkdir -p "$dir"
  if [ -f "$dir/port" ]; then
    port=$(cat "$dir/port")
  else
    port=
    for try in $(seq 1 50); do
      p=$((20000 + ($(od -An -N2 -tu2 /dev/urandom) + try * 131) % 30000))
      ok=1
      for i in 0 1 2 3 10 11; do free $((p + i)) || { ok=0; break; }; done
      [ "$ok" = 1 ] && { port=$p; break; }
    done
    [ -n "$port" ] || { echo "cluster.sh: no free ports" >&2; exit 1; }
    echo "$port" >"$dir/port"
  fi
fi
arbiter=${ARBITER:-build/release/bin/arbiter}
web=${ARBITER_WEB:-web/dist}
lease_ttl=${ARBITER_LEASE_TTL:-10000}
pg_port=$((port + 10))
redis_port=$((port + 11))
db_url="postgresql://arbiter@127.0.0.1:${pg_port}/arbiter"

die() {
  echo "cluster.sh: $*" >&2
  exit 1
}

# The newest PostgreSQL of Debian's layout, else whatever is on $PATH.
pg_bin() {
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$d/initdb" ] && { echo "$d"; return; }
  done
  dirname "$(command -v initdb || die "initdb not found (apt-get install postgresql)")"
}

# initdb and postgres refuse to run as root: as root they run as the user postgres.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The process of a pid file (its first line: PostgreSQL's postmaster.pid has more) runs.
alive() { [ -f "$1" ] && kill -0 "$(head -1 "$1")" 2>/dev/null; }

# Waits up to $2 tenths of a second for `$1` (a command) to succeed.
wait_for() {
  n=0
  until sh -c "$1" >/dev/null 2>&1; do
    n=$((n + 1))
    [ "$n" -ge "$2" ] && return 1
    sleep 0.1
  done
}

up() {
  [ -x "$arbiter" ] || die "$arbiter not found: build first (make build)"
  mkdir -p "$dir"
  bin=$(pg_bin)

  # PostgreSQL.
  if ! alive "$dir/pg/data/postmaster.pid"; then
    if [ ! -f "$dir/pg/data/PG_VERSION" ]; then
      mkdir -p "$dir/pg"
      if [ "$(id -u)" = 0 ]; then
        chown postgres "$dir/pg"
        chmod a+x "$dir"  # the user postgres must reach its directory (mktemp makes 0700)
      fi
      as_pg "$bin/initdb" -D "$dir/pg/data" -U arbiter -A trust -E UTF8 --no-locale \
        >"$dir/pg/initdb.log" 2>&1 || die "initdb failed: see $dir/pg/initdb.log"
    fi
    as_pg "$bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/postgres.log" -w -t 30 \
      -o "-p $pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir/pg" \
      start >/dev/null || die "PostgreSQL did not start: see $dir/pg/postgres.log"
    "$bin/psql" -h 127.0.0.1 -p "$pg_port" -U arbiter -d postgres -qtAc \
      "SELECT 1 FROM pg_database WHERE datname = 'arbiter'" | grep -q 1 ||
      "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U arbiter arbiter
  fi

  # Redis: messages only, nothing persisted.
  if ! alive "$dir/redis.pid"; then
    redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no \
      --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" \
      --dir "$dir" || die "Redis did not start: see $dir/redis.log"
  fi

  # Three nodes; each trusts the others and HAProxy (loopback) to name the client.
  for i in 1 2 3; do
    alive "$dir/node$i.pid" && continue
    mkdir -p "$dir/node$i"
    nohup "$arbiter" serve --db "$db_url" --node "node$i" --lease-ttl "$lease_ttl" \
      --redis "127.0.0.1:$redis_port" \
      --port $((port + i)) --data "$dir/node$i" --web "$web" --trusted-proxy 127.0.0.1 \
      >>"$dir/node$i.log" 2>&1 </dev/null &
    echo $! >"$dir/node$i.pid"
  done
  for i in 1 2 3; do
    wait_for "curl -sf http://127.0.0.1:$((port + i))/api/presets" 300 ||
      die "node$i did not start: see $dir/node$i.log"
  done

  # HAProxy: new games are spread over the nodes in turn (the node that creates a game
  # owns it); a game's requests and sockets (/api/games/ID/...) hash to one node while it
  # is up (consistent hashing: a node that goes moves only its own share); a node that
  # does not own a game forwards to the one that does.
  # Two descriptors a connection (client and node), under the hard descriptor limit.
  hard=$(ulimit -Hn)
  [ "$hard" = unlimited ] && hard=1048576
  maxconn=$(((hard - 200) / 2))
  [ "$maxconn" -gt 50000 ] && maxconn=50000
  cat >"$dir/haproxy.cfg" <<EOF
global
  maxconn $maxconn
  pidfile $dir/haproxy.pid
defaults
  mode http
  timeout connect 2s
  timeout client 70s
  timeout server 70s
  timeout tunnel 1h
  option forwardfor
frontend arbiter
  bind 127.0.0.1:$port
  acl create path /api/games
  acl post method POST
  use_backend creators if create post
  default_backend nodes
backend creators
  balance roundrobin
  option httpchk GET /api/presets
  server node1 127.0.0.1:$((port + 1)) check inter 1s fall 2 rise 1
  server node2 127.0.0.1:$((port + 2)) check inter 1s fall 2 rise 1
  server node3 127.0.0.1:$((port + 3)) check inter 1s fall 2 rise 1
backend nodes
  balance uri depth 3
  hash-type consistent
  option httpchk GET /api/presets
  server node1 127.0.0.1:$((port + 1)) check inter 1s fall 2 rise 1
  server node2 127.0.0.1:$((port + 2)) check inter 1s fall 2 rise 1
  server node3 127.0.0.1:$((port + 3)) check inter 1s fall 2 rise 1
EOF
  if ! alive "$dir/haproxy.pid"; then
    haproxy -D -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 ||
      die "HAProxy did not start: see $dir/haproxy.log"
  fi
  wait_for "curl -sf http://127.0.0.1:$port/api/presets" 100 || die "HAProxy does not answer"
  echo "cluster up: http://127.0.0.1:$port (nodes on $((port + 1))-$((port + 3)), PostgreSQL $db_url, Redis 127.0.0.1:$redis_port, files in $dir)"
}

stop_pid() {
  alive "$1" || { rm -f "$1"; return 0; }
  pid=$(head -1 "$1")
  kill "$pid" 2>/dev/null || true
  n=0
  while kill -0 "$pid" 2>/dev/null && [ "$n" -lt 100 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$1"
}

down() {
  stop_pid "$dir/haproxy.pid"
  for i in 1 2 3; do stop_pid "$dir/node$i.pid"; done
  stop_pid "$dir/redis.pid"
  if alive "$dir/pg/data/postmaster.pid"; then
    as_pg "$(pg_bin)/pg_ctl" -D "$dir/pg/data" -m fast -w stop >/dev/null || true
  fi
  echo "cluster down (files kept in $dir; remove the directory to start afresh)"
}

status() {
  for p in haproxy.pid node1.pid node2.pid node3.pid redis.pid pg/data/postmaster.pid; do
    if alive "$dir/$p"; then state="up (pid $(head -1 "$dir/$p"))"; else state=down; fi
    echo "${p%%.pid}: $state" | sed 's|pg/data/postmaster|postgresql|'
  done
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) die "usage: scripts/cluster.sh up|down|status" ;;
esac
