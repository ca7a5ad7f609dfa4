# The two commands of the README, and a few more. Everything goes through CMake; this file
# only strings the steps together.
BUILD_DIR ?= build/release
JOBS ?= 2
WORKSPACE ?= schemas

.PHONY: all deps configure build run test bench clean

all: build

deps:
	bash packaging/install-deps.sh

configure: deps
	cmake --preset release -S . >/dev/null

build: configure
	cmake --build $(BUILD_DIR) -j$(JOBS)

run: build
	$(BUILD_DIR)/app/gui/conform $(WORKSPACE)

test: build
	cd $(BUILD_DIR) && QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j$(JOBS)

bench: build
	cmake --build $(BUILD_DIR) --target benchmarks -j$(JOBS)
	bash tests/benchmarks/run.sh $(BUILD_DIR)

clean:
	rm -rf build
