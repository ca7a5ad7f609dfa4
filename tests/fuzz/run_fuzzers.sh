#!/usr/bin/env bash
# What `make test` does for fuzzing (the fuzz_brief test; CMakeLists.txt here says why and how):
# builds the fuzz targets with clang in a build tree of their own, then fuzzes each in turn on
# its seeds and kept regressions. A target that finds something is named, with the file its
# input was saved to, and the test fails once every target has run.
# Usage: run_fuzzers.sh SOURCE_DIR BUILD_DIR [SECONDS]
# SECONDS per target: 5 by default (about 1.5 minutes for all), 240 with CONFORM_LONG=1
# (`make test-long`). Extra cmake configure arguments: CONFORM_FUZZ_CONFIGURE_ARGS (e.g.
# -DCMAKE_CXX_COMPILER_LAUNCHER=ccache for a local tree).
set -uo pipefail
source_dir=$1
build_dir=$2
# The brief run's tree has AddressSanitizer alone (half the compile time of a tree from
# nothing); the long run's, in a tree of its own, UBSan too.
if [[ ${CONFORM_LONG:-0} == 1 ]]; then
  seconds=${3:-240}
  sanitizers=address,undefined
  build_dir=$build_dir-long
else
  seconds=${3:-5}
  sanitizers=address
fi
fuzz_dir="$source_dir/tests/fuzz"
# shellcheck disable=SC2086 # the extra arguments are words
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Fuzz -DCMAKE_CXX_COMPILER=clang++ \
  -DCONFORM_BUILD_FUZZERS=ON -DCONFORM_BUILD_GUI=OFF -DCONFORM_BUILD_BENCHMARKS=OFF -DCONFORM_FUZZ_SANITIZERS=$sanitizers \
  ${CONFORM_FUZZ_CONFIGURE_ARGS:-} >/dev/null || exit 1
build_start=$SECONDS
cmake --build "$build_dir" --target fuzzers -j2 >"$build_dir/fuzz-build.log" 2>&1 \
  || { tail -40 "$build_dir/fuzz-build.log" >&2; echo "building the fuzz targets failed" >&2; exit 1; }
echo "built the fuzz targets in $((SECONDS - build_start)) s"

failed=()
while read -r target seeds max_len dict; do
  work="$build_dir/tests/fuzz/corpus/$target"      # what the fuzzer adds; the seeds stay untouched
  findings="$build_dir/tests/fuzz/findings/$target"
  regressions="$fuzz_dir/regressions/$target"
  mkdir -p "$work" "$findings"
  args=(-max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048
        -artifact_prefix="$findings/" -print_final_stats=0)
  [[ -n $dict ]] && args+=(-dict="$fuzz_dir/$dict")
  inputs=("$work" "$fuzz_dir/$seeds")
  [[ -d $regressions ]] && inputs+=("$regressions")
  "$build_dir/tests/fuzz/$target" "${args[@]}" "${inputs[@]}" >"$findings/log" 2>&1
  status=$?
  echo "$target: ${seconds} s, $(grep -o 'cov: [0-9]*' "$findings/log" | tail -1), status $status"
  if [[ $status -ne 0 ]]; then
    grep -E 'ERROR|SUMMARY|Test unit written|terminate|what\(\)' "$findings/log" | head -8 >&2
    echo "$target found a crash; its input is in $findings (keep it in tests/fuzz/regressions/$target/)" >&2
    failed+=("$target")
  fi
done <"$build_dir/tests/fuzz/fuzzers.txt"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzzing found crashes in: ${failed[*]}" >&2
  exit 1
fi
