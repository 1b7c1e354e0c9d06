# Thin wrapper over the CMake presets. See README.md.
JOBS ?= $(shell nproc)
# Extra CMake cache settings, e.g. CMAKE_ARGS=-DARBITER_WERROR=ON (as CI does).
CMAKE_ARGS ?=
ARBITER := build/release/bin/arbiter

.PHONY: deps run build test test-slow test-asan bench package-check docs format format-check \
	check-layers clean

deps:
	@bash scripts/deps.sh

build: deps
	@cmake --preset release $(CMAKE_ARGS) >/dev/null
	@cmake --build --preset release -j $(JOBS)

# The opening names (lichess's CC0 list) when the shared test data is beside the checkout.
OPENINGS := $(wildcard ../shared/testdata/openings)
run: build
	$(ARBITER) serve $(if $(OPENINGS),--openings $(OPENINGS))

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

# The API reference (Doxygen) of the headers the package installs: build/docs/html.
docs: deps
	@cmake --preset release $(CMAKE_ARGS) >/dev/null
	@rm -rf build/docs
	@cmake --install build/release --component headers --prefix build/docs/include >/dev/null
	@ARBITER_VERSION=$$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' build/release/CMakeCache.txt) \
		doxygen docs/Doxyfile
	@echo "docs: build/docs/html/index.html ($$(grep -c warning build/docs/warnings.log) warnings in build/docs/warnings.log)"

format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

format-check:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror

check-layers:
	@bash scripts/check_layers.sh

clean:
	rm -rf build
