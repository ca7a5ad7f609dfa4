# The two commands of the README, and a few more. Everything goes through CMake; this file
# only strings the steps together.
BUILD_DIR ?= build/release
JOBS ?= 2
WORKSPACE ?= schemas
# Extra arguments for cmake configure (e.g. -DCMAKE_CXX_COMPILER_LAUNCHER=ccache).
CONFIGURE_ARGS ?=

.PHONY: all deps configure build run test test-long bench clean

all: build

deps:
	bash packaging/install-deps.sh

configure: deps
	cmake --preset release -S . $(CONFIGURE_ARGS) >/dev/null

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

run: build
	$(BUILD_DIR)/app/gui/conform $(WORKSPACE)

test: build
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j$(JOBS)

# The same tests at soak size (CONFORM_LONG=1): the workbench under a million captures, the
# fuzzers for minutes instead of seconds. `make test` runs a short version of each.
test-long: build
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen CONFORM_LONG=1 ctest --output-on-failure -j$(JOBS)

bench: build
	cmake --build $(BUILD_DIR) --target benchmarks -j$(JOBS)
	bash tests/benchmarks/run.sh $(BUILD_DIR)

clean:
	rm -rf build
