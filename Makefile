# Thin wrapper over the CMake presets. See README.md.
JOBS ?= $(shell nproc)
# Extra CMake cache settings, e.g. CMAKE_ARGS=-DARBITER_WERROR=ON (as CI does).
CMAKE_ARGS ?=
ARBITER := build/release/bin/arbiter

.PHONY: deps run build test test-slow test-asan bench package-check format format-check \
	check-layers clean

deps:
	@bash scripts/deps.sh

build: deps
	@cmake --preset release $(CMAKE_ARGS) >/dev/null
	@cmake --build --preset release -j $(JOBS)

run: build
	$(ARBITER) serve

test: build
	ctest --preset release

test-slow: build
	ctest --preset slow

test-asan: deps
	@cmake --preset asan-ubsan $(CMAKE_ARGS) >/dev/null
	@cmake --build --preset asan-ubsan -j $(JOBS)
	ctest --preset asan-ubsan

bench: build
	$(ARBITER) bench perft

# The installed library as another project uses it, and its Debian package
# (scripts/package_ci.sh, docs/library.md).
package-check: build
	@bash scripts/package_ci.sh build/release

format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

format-check:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror

check-layers:
	@bash scripts/check_layers.sh

clean:
	rm -rf build
