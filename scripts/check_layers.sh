#!/usr/bin/env bash
# Checks the direction of dependencies of ../shared/design.md on #include lines:
# a module may include only the modules below it. Exit 1 naming each violation.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A allowed=(
  [base]="base"
  [core]="base core"
  [notation]="base core notation"
  [pgn]="base core notation pgn"
  [clock]="base clock"
  [rating]="base clock rating"
  [account]="base account"
  [game]="base core notation game"
  [competition]="base core notation pgn game clock competition wire"
  [engine]="base core engine"
  [uci]="base core engine uci"
  [analysis]="base core notation pgn engine analysis"
  [players]="base core notation pgn game clock competition engine uci analysis players wire tournament"
  [wire]="base core notation pgn game clock competition engine analysis wire"
  [store]="base core notation pgn game clock competition wire rating store"
  [tournament]="base core clock competition rating tournament"
  [server]="base core notation pgn game clock competition engine uci analysis players wire store account rating tournament server"
)

status=0
for module in "${!allowed[@]}"; do
  dir="src/arbiter/$module"
  [ -d "$dir" ] || continue
  while IFS= read -r line; do
    file=${line%%:*}
    used=$(sed -E 's|.*#include "arbiter/([a-z_]+)/.*|\1|' <<<"$line")
    if ! grep -qw "$used" <<<"${allowed[$module]}"; then
      echo "layering: $file includes arbiter/$used/ (allowed for $module: ${allowed[$module]})"
      status=1
    fi
  done < <(grep -rnE '#include "arbiter/[a-z_]+/' "$dir" || true)
done

# Third-party libraries enter through one module each (design.md).
check_only() {
  local pattern=$1 module=$2
  local hits
  hits=$(grep -rlE "$pattern" src/arbiter | grep -v "^src/arbiter/$module/" || true)
  if [ -n "$hits" ]; then
    echo "layering: $pattern used outside $module: $hits"
    status=1
  fi
}
check_only '#include <nlohmann/' wire
check_only '#include <sqlite3.h>|#include <pqxx' store
check_only '#include <CLI/' none
check_only '#include <hiredis' server
check_only '#include <sodium' account

[ $status -eq 0 ] && echo "layering: ok"
exit $status
