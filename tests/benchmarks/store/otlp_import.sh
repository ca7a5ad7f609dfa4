#!/usr/bin/env bash
# OTLP import: COUNT GenAI spans (tests/benchmarks/store/generate_otlp.py) through
# `conform-cli captures import --format otlp --schema` into a fresh store, beside the JSONL
# import of run.sh. Goal: 100,000 spans in under 10 s. Prints the figure; never asserts time.
# Usage: bash tests/benchmarks/store/otlp_import.sh BUILD_DIR   (CONFORM_BENCH_OTLP_COUNT, default 100000)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
cli="$build/app/cli/conform-cli"
count="${CONFORM_BENCH_OTLP_COUNT:-100000}"
work="$build/bench-data/otlp"
rm -rf "$work" && mkdir -p "$work"
export CONFORM_STORE="$work/unused.db"
python3 "$here/generate_otlp.py" "$work/traces.jsonl" "$count"
bytes=$(stat -c %s "$work/traces.jsonl")
s=$(date +%s%N)
"$cli" captures import "$work/traces.jsonl" --format otlp --schema "$source_dir/tests/otlp/data/person.schema.json" \
  --store "$work/store.db" 2> "$work/import.log"
e=$(date +%s%N)
imported=$("$cli" captures stats --store "$work/store.db" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')
ms=$(( (e - s) / 1000000 ))
printf 'otlp import: %d GenAI spans (%d MB of OTLP/JSON) in %d.%03d s, %d captures stored   goal < 10 s\n' \
  "$count" $(( bytes / 1048576 )) $(( ms / 1000 )) $(( ms % 1000 )) "$imported"
[ "$imported" -eq "$count" ]
