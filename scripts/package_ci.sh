#!/usr/bin/env bash
# The library as another project sees it (issue #21, docs/library.md "Installing"), from a
# release build that is already there (make package-check builds it first):
#  1. cmake --install into a temporary prefix; no build-only flag (warnings, -Werror,
#     sanitizers) in the exported targets or the pkg-config file;
#  2. every installed header compiles on its own, and includes no third-party header but
#     tl-expected's;
#  3. examples/ built as a separate project twice, with find_package(Arbiter) alone and with
#     pkg-config alone, and each build's programs run on real inputs with their output
#     checked (scripts/check_examples.py, which also checks the guide's code blocks);
#  4. cpack -G DEB; the package installed (dpkg -i as root, then removed again; dpkg -x
#     otherwise) and its `arbiter perft 5` and `arbiter-engine bench` run.
#   scripts/package_ci.sh [BUILD_DIR]      (default build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=$(realpath "${1:-build/release}")
jobs=$(nproc)
work=$(mktemp -d /tmp/arbiter-package.XXXXXX)
installed_deb=""
cleanup() {
  if [ -n "$installed_deb" ]; then dpkg -r arbiter >/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
start=$(date +%s)
step() { echo "-- package [$(($(date +%s) - start))s] $*"; }
die() {
  echo "package: $*" >&2
  exit 1
}

prefix=$work/prefix
step "cmake --install into $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
for file in lib/cmake/Arbiter/ArbiterConfig.cmake lib/cmake/Arbiter/ArbiterTargets.cmake \
  lib/pkgconfig/arbiter.pc bin/arbiter bin/arbiter-engine share/arbiter/ethereal-bench.csv \
  include/arbiter/core/position.hpp lib/libarbiter_core.a; do
  [ -e "$prefix/$file" ] || die "$file is not installed"
done
if grep -nE -- '-W|-fsanitize|arbiter_options|/src\b' "$prefix"/lib/cmake/Arbiter/*.cmake \
  "$prefix/lib/pkgconfig/arbiter.pc"; then
  die "build-only settings leak into the installed package (above)"
fi

step "each installed header compiles alone"
# Besides the standard library, a public header may include only what ArbiterConfig.cmake
# finds for its users: tl-expected (fmt and the threads library are link dependencies).
third_party=$(grep -rhoE '#include <[^>]+/[^>]+>' "$prefix/include" | sort -u)
[ "$third_party" = "#include <tl/expected.hpp>" ] ||
  die "installed headers include third-party headers the package does not declare: $third_party"
find "$prefix/include/arbiter" -name '*.hpp' | sort >"$work/headers"
# shellcheck disable=SC2016
xargs -P "$jobs" -I{} sh -c 'printf "#include \"%s\"\n" "$1" |
  g++ -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I"$2" -x c++ - ||
  { echo "header: $1 does not compile alone" >&2; exit 255; }' \
  _ {} "$prefix/include" <"$work/headers"
echo "$(wc -l <"$work/headers") headers"

step "examples with find_package(Arbiter)"
cmake -S examples -B "$work/cmake" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" >"$work/cmake.log"
grep -qx "Arbiter_DIR:PATH=$prefix/lib/cmake/Arbiter" "$work/cmake/CMakeCache.txt" ||
  die "find_package(Arbiter) found another installation: $(grep Arbiter_DIR "$work/cmake/CMakeCache.txt")"
cmake --build "$work/cmake" -j "$jobs" >"$work/cmake-build.log" ||
  { cat "$work/cmake-build.log"; die "the examples do not build with find_package"; }
python3 scripts/check_examples.py "$work/cmake" "$prefix/bin/arbiter"

step "examples with pkg-config"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --variable=prefix arbiter)" = "$prefix" ] || die "pkg-config finds another arbiter.pc"
mkdir "$work/pkg-config"
make -s -C examples -j "$jobs" OUT="$work/pkg-config" CXXFLAGS="-O2 -Wall -Wextra -Werror"
unset PKG_CONFIG_PATH
python3 scripts/check_examples.py "$work/pkg-config" "$prefix/bin/arbiter"

step "cpack -G DEB"
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log") ||
  { cat "$work/cpack.log"; die "cpack failed"; }
deb=$(ls "$work"/deb/arbiter_*.deb)
dpkg-deb --field "$deb" Package Version Depends
if [ "$(id -u)" -eq 0 ] && ! dpkg-query -W arbiter >/dev/null 2>&1; then
  dpkg -i "$deb" >/dev/null
  installed_deb=$deb
  bin=/usr/bin
  data=/usr/share/arbiter
else
  dpkg -x "$deb" "$work/root"
  bin=$work/root/usr/bin
  data=$work/root/usr/share/arbiter
fi
step "arbiter perft 5 and arbiter-engine bench from the package ($bin)"
nodes=$("$bin/arbiter" perft 5 2>/dev/null)
[ "$nodes" = 4865609 ] || die "arbiter perft 5 gives $nodes, not 4865609"
echo "perft 5: $nodes"
(cd "$work" && "$bin/arbiter-engine" bench >bench.out 2>bench.err)
grep -q "bench positions from $data/ethereal-bench.csv" "$work/bench.err" ||
  die "arbiter-engine bench does not read the packaged positions: $(head -1 "$work/bench.err")"
signature=$(grep -oE '^[0-9]+' "$root/bench/signature.txt")
grep -qx "$signature nodes" "$work/bench.out" ||
  die "arbiter-engine bench: $(tail -1 "$work/bench.out"), bench/signature.txt says $signature"
tail -1 "$work/bench.out"
step "done"
