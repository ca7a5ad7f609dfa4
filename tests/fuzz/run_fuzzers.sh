#!/usr/bin/env bash
# What `make test` does for fuzzing when clang is installed: builds the two libFuzzer targets
# with clang in a build tree of their own, then runs each briefly on a copy of the seed corpus.
# Usage: run_fuzzers.sh SOURCE_DIR BUILD_DIR [SECONDS]
# SECONDS per target: 10 by default, 300 with CONFORM_LONG=1 (`make test-long`).
set -euo pipefail
source_dir=$1
build_dir=$2
if [[ ${CONFORM_LONG:-0} == 1 ]]; then
  seconds=${3:-300}
else
  seconds=${3:-10}
fi
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DCONFORM_BUILD_FUZZERS=ON -DCONFORM_BUILD_GUI=OFF -DCONFORM_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build_dir" --target fuzz_extract fuzz_streaming -j2
for target in fuzz_extract fuzz_streaming; do
  work="$build_dir/tests/fuzz/${target}_corpus"
  mkdir -p "$work"
  echo "$target: ${seconds} s"
  "$build_dir/tests/fuzz/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -dict="$source_dir/tests/fuzz/json.dict" "$work" "$source_dir/tests/fuzz/corpus" 2>&1 | tail -3
  [[ ${PIPESTATUS[0]} -eq 0 ]] || { echo "$target found a crash; the input is in the current directory" >&2; exit 1; }
done
