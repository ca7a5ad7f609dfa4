#!/usr/bin/env bash
# `make bench`: the benchmarks, side by side. Usage: bash tests/benchmarks/run.sh [BUILD_DIR]
#   CONFORM_BENCH_COUNT  lines per schema (default 10000, about 15 MB per schema)
#   CONFORM_BENCH_REPEAT timed runs per engine, best kept (default 3)
# Exit status: 0, or 1 when Conform's verdicts differ from ajv's on any line.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../.." && pwd)"
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
count="${CONFORM_BENCH_COUNT:-10000}"
repeat="${CONFORM_BENCH_REPEAT:-3}"
bench="$build/tests/benchmarks/bench_validate"
data="$build/bench-data/validate"
schemas=(review-structure analysis-report question-generator)

[[ -x "$bench" ]] || { echo "run.sh: error: $bench is not built (cmake --build $build --target benchmarks)" >&2; exit 2; }
command -v node >/dev/null || { echo "run.sh: error: node is required for the ajv side" >&2; exit 2; }
if [[ ! -d "$here/node_modules/ajv" ]]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

# The input is generated once per count and seed; the generator is deterministic.
stamp="$data/.count-$count"
if [[ ! -f "$stamp" ]]; then
  rm -rf "$data" && mkdir -p "$data"
  node "$here/validate/generate.mjs" --out "$data" --count "$count"
  touch "$stamp"
fi

results="$data/results.jsonl"
: > "$results"
for schema in "${schemas[@]}"; do
  echo "validate: $schema ($count lines)..." >&2
  schema_file="$source_dir/schemas/$schema/schema.json"
  "$bench" --schema "$schema_file" --lines "$data/$schema.jsonl" --repeat "$repeat" --verdicts "$data/$schema" \
    | sed "s/^{/{\"schema\":\"$schema\",/" >> "$results"
  node "$here/validate/ajv.mjs" "$schema_file" "$data/$schema.jsonl" --repeat "$repeat" --verdicts "$data/$schema.ajv" \
    | sed "s/^{/{\"schema\":\"$schema\",/" >> "$results"
done
node "$here/validate/report.mjs" "$results" "$data"
