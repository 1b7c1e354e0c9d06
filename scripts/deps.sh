#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only those missing.
# Idempotent and quick when everything is present (one dpkg-query, no network).
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  libexpected-dev libfmt-dev libcli11-dev nlohmann-json3-dev libsqlite3-dev libpqxx-dev libboost-dev
  postgresql redis-server haproxy curl libhiredis-dev libsodium-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format
  doxygen dpkg-dev file
  clang libclang-rt-14-dev
  stockfish pgn-extract
  glaurung fairymax python3
  chromium fonts-dejavu-core
)
# libpqxx-dev: the PostgreSQL backend of the store; postgresql: initdb and postgres, which
# the store tests start themselves in a temporary directory (no system service is used;
# installing the package may start one, which the tests ignore).
# libsodium-dev: Argon2id password hashes, random session secrets and their hashes
# (src/arbiter/account, docs/accounts.md).
# libhiredis-dev: the cluster's message bus (server/event_bus.cpp); redis-server: its tests
# start one in a temporary directory. redis-server, haproxy and curl: scripts/cluster.sh starts a cluster of its own on loopback
# (docs/cluster.md), which the chaos test (ctest cluster_chaos, scripts/chaos.sh) uses.
# clang with libclang-rt-14-dev (libFuzzer, ASan, UBSan runtimes) builds and runs the
# fuzz targets under libFuzzer (scripts/fuzz_ci.sh, docs/fuzzing.md), and the asan-ubsan
# preset (make test-asan).
# doxygen makes the API reference (make docs); dpkg-dev (dpkg-shlibdeps) and file let cpack
# compute the Debian package's shared-library dependencies (scripts/package_ci.sh).
# chromium (with a font for the page's text) runs the web/ end-to-end tests (ctest
# web_e2e_test, `npm run test:e2e`) headless through playwright-core.

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The web UI (web/package-lock.json) is installed with npm ci once it exists, and web/dist
# is rebuilt (esbuild, well under a second) when missing or older than a source file.
if [ -f web/package-lock.json ] && [ ! -d web/node_modules ]; then
  (cd web && npm ci --no-audit --no-fund)
fi
if [ -d web/node_modules ] && { [ ! -f web/dist/index.html ] ||
  [ -n "$(find web/src web/static web/scripts web/package-lock.json -newer web/dist/index.html -print -quit)" ]; }; then
  (cd web && npm run --silent build)
fi
