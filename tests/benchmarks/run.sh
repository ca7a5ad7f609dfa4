#!/usr/bin/env bash
# `make bench`: the benchmarks, side by side. Usage: bash tests/benchmarks/run.sh [BUILD_DIR]
#   CONFORM_BENCH_COUNT  lines per schema (default 10000, about 15 MB per schema)
#   CONFORM_BENCH_REPEAT timed runs per engine, best kept (default 3)
#   CONFORM_BENCH_EXTRACT_COUNT damaged replies for the extraction benchmark (default 20000)
#   CONFORM_BENCH_ENGINE_RUNS         engine runs per configuration, server delay 0 (default 2000)
#   CONFORM_BENCH_ENGINE_DELAYED_RUNS engine runs per configuration, server delay 50 ms (default 100)
#   CONFORM_BENCH_STORE_COUNT / CONFORM_BENCH_STORE_MILLION  see store/run.sh
#   CONFORM_BENCH_CLI_COUNT  lines per corpus for the end-to-end CLI figures (default 30000)
# Exit status: 0, or 1 when Conform's verdicts differ from ajv's on any line or an engine run
# of bench_engine ends other than expected.
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
status=0
node "$here/validate/report.mjs" "$results" "$data" || status=$?

# The same jobs as users run them: conform-cli validate/extract --jsonl as processes, end to
# end, beside ajv and jsonrepair doing the same end to end (tests/benchmarks/cli).
echo "cli: validate and extract --jsonl end to end..." >&2
bash "$here/cli/run.sh" "$build" || status=1

# Extraction: conform::json::extract against jsonrepair 3 + JSON.parse over the same damaged
# replies (tests/benchmarks/extract), 20,000 of them unless CONFORM_BENCH_EXTRACT_COUNT says.
echo "extract: damaged replies, conform against jsonrepair..." >&2
CONFORM_BENCH_COUNT="${CONFORM_BENCH_EXTRACT_COUNT:-20000}" bash "$here/extract/run.sh" "$build" || status=1

# The run engine's overhead over the bare HTTP round trip (tests/benchmarks/engine). With no
# server delay the engine's own cost shows; with 50 ms it shows how it hides behind a provider
# (fewer runs there: 100 sequential runs already take 5 s per case). About 80 s in all.
engine_bench="$build/tests/benchmarks/engine/bench_engine"
[[ -x "$engine_bench" ]] || { echo "run.sh: error: $engine_bench is not built (cmake --build $build --target benchmarks)" >&2; exit 2; }
echo "engine: overhead per attempt against conform-cli serve..." >&2
"$engine_bench" --runs "${CONFORM_BENCH_ENGINE_RUNS:-2000}" --delay-ms 0 || status=1
"$engine_bench" --runs "${CONFORM_BENCH_ENGINE_DELAYED_RUNS:-100}" --delay-ms 50 || status=1

# The capture store through conform-cli: import, replay over history, stats over a million
# (tests/benchmarks/store). About two minutes and 1.5 GB of disk under the build folder.
echo "store: import, replay and stats through conform-cli..." >&2
bash "$here/store/run.sh" "$build" || status=1
echo "store: OTLP import through conform-cli..." >&2
bash "$here/store/otlp_import.sh" "$build" || status=1
echo "store: compare from the store through conform-cli..." >&2
bash "$here/store/compare.sh" "$build" || status=1
echo "store: failure clusters over a million captures through conform-cli..." >&2
bash "$here/store/clusters.sh" "$build" || status=1

# The latency conform-cli proxy adds per request, at concurrency 1 and 32 (tests/benchmarks/proxy).
echo "proxy: added latency against conform-cli serve..." >&2
bash "$here/proxy/run.sh" "$build" || status=1

# Peak memory when bodies far over the limits arrive: run, the proxy and collect (tests/benchmarks/bodies).
echo "bodies: peak memory with 200 MB bodies..." >&2
python3 "$here/bodies/peak_rss.py" "$build/app/cli/conform-cli" || status=1

# The workbench: its check of a document beside conform-cli validate, and its cold start.
echo "gui: the check of a document against conform-cli, and cold start..." >&2
bash "$here/gui/run.sh" "$build" || status=1
bash "$here/gui/startup.sh" "$build" || status=1
exit "$status"
