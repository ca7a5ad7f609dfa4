#!/usr/bin/env bash
# Cold start of the workbench: process start to an interactive window (the event loop free
# after the first show), on the example workspace, median of 7, with settings in a scratch
# folder. Usage: bash tests/benchmarks/gui/startup.sh [BUILD_DIR]   (goal: under 1 s)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
times=()
for _ in 1 2 3 4 5 6 7; do
  start=$(date +%s%N)
  XDG_CONFIG_HOME=$scratch QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} CONFORM_QUIT_WHEN_READY=1 CONFORM_STORE=$scratch/c.db \
    "$build/app/gui/conform" "$source_dir/schemas" 2>/dev/null
  times+=($(( ($(date +%s%N) - start) / 1000000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
echo "cold start to an interactive window: median ${sorted[3]} ms (runs: ${times[*]} ms)"
