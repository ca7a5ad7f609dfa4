#!/usr/bin/env bash
# The user's path, end to end: `conform-cli validate --jsonl --json` and `conform-cli extract
# --jsonl [--json]` as processes (start, reading, work, output to a file), beside Node peers
# doing the same job end to end (ajv 8 with allErrors writing one result line per input line;
# jsonrepair 3 + JSON.parse writing {"ok","value"} lines). The inner-loop figures of the same
# corpora come from validate/ and extract/ in `make bench`; this shows what a user gets.
#   bash tests/benchmarks/cli/run.sh [--smoke] BUILD_DIR
#   CONFORM_BENCH_CLI_COUNT  lines per corpus (default 30000, the issue's size: below it, process
#                            start and ajv's warm-up weigh on the ratios)
#   CONFORM_BENCH_RUNS       timed runs per side, the best kept (default 5)
# Also measures max RSS (/usr/bin/time -v) on the corpus and on ten copies of it.
# --smoke: 300 lines, conform-cli only (no npm), failing unless every output line is there.
# Exit status: 1 when conform's verdicts differ from ajv's on any line.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
smoke=0
if [[ "${1:-}" == "--smoke" ]]; then smoke=1; shift; fi
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
cli="$build/app/cli/conform-cli"
count="${CONFORM_BENCH_CLI_COUNT:-30000}"
[[ $smoke == 1 ]] && count=300
work="$build/bench-data/cli-$count"
mkdir -p "$work"
schemas=(review-structure analysis-report question-generator)
[[ $smoke == 1 ]] && schemas=(review-structure)
[[ -f "$work/.generated" ]] || {
  node "$here/../validate/generate.mjs" --out "$work" --count "$count" >/dev/null
  node "$here/../validate/generate_held_out.mjs" --out "$work" --count "$count"
  node "$here/../extract/generate.mjs" --count "$count" > "$work/extract-corpus.jsonl"
  node "$here/../extract/generate.mjs" --held-out --count "$count" > "$work/extract-held-out-corpus.jsonl"
  for corpus in extract extract-held-out; do
    node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n")) if (l) console.log(JSON.stringify(JSON.parse(l).raw))' \
      "$work/$corpus-corpus.jsonl" > "$work/$corpus-raws.jsonl"
  done
  touch "$work/.generated"
}
# tests/benchmarks/README.md's corpora (made by generate.mjs, which the validator's work was measured on) and
# held-out ones: schemas that generator does not know, documents made by walking the schema.
held_out=(drift-detector fact-extractor goal-generator goal-tracker speakmcp-tool-call wikimind-compilation)
[[ $smoke == 1 ]] && held_out=()
if [[ $smoke == 0 && ! -d "$here/../node_modules/ajv" ]]; then
  (cd "$here/.." && npm ci --no-audit --no-fund --loglevel=error)
fi

# Best wall time of CONFORM_BENCH_RUNS runs of a command whose stdout goes to $out, in seconds.
# The output files are large (90 MB for extract --json): what earlier runs left to write back
# is written first (sync), so that the kernel's flushing does not land in the timed runs.
best() {
  local out="$1"; shift
  local bestns=0 s e
  sync
  for _ in $(seq "${CONFORM_BENCH_RUNS:-5}"); do
    s=$(date +%s%N); "$@" > "$out" || true; e=$(date +%s%N)
    (( bestns == 0 || e - s < bestns )) && bestns=$(( e - s ))
  done
  echo "$bestns" | awk '{printf "%.4f", $1 / 1e9}'
}

validate_json=""
# validate_one LABEL SCHEMA LINES
validate_one() {
  local file="$source_dir/schemas/$2/schema.json" c a=0
  c=$(best "$work/validate-$1.conform.jsonl" "$cli" validate --schema "$file" --jsonl "$3" --json)
  [[ $smoke == 0 ]] && a=$(best "$work/validate-$1.ajv.jsonl" node "$here/ajv_cli.mjs" "$file" "$3")
  validate_json+="${validate_json:+,}{\"schema\":\"$1\",\"lines\":$count,\"conform\":$c,\"ajv\":$a}"
}
for schema in "${schemas[@]}"; do validate_one "$schema" "$schema" "$work/$schema.jsonl"; done
for schema in "${held_out[@]}"; do validate_one "held-out-$schema" "$schema" "$work/held-out-$schema.jsonl"; done
extract_json=""
for corpus in extract extract-held-out; do
  [[ $smoke == 1 && $corpus != extract ]] && continue
  raws="$work/$corpus-raws.jsonl"
  ec=$(best "$work/$corpus.conform.jsonl" "$cli" extract --jsonl "$raws")
  ej=$(best "$work/$corpus.conform-json.jsonl" "$cli" extract --jsonl "$raws" --json)
  er=0
  [[ $smoke == 0 ]] && er=$(best "$work/$corpus.jsonrepair.jsonl" node "$here/jsonrepair_cli.mjs" "$raws")
  extract_json+="${extract_json:+,}{\"corpus\":\"$corpus\",\"lines\":$count,\"conform\":$ec,\"conformJson\":$ej,\"jsonrepair\":$er}"
done
# The same on one core (taskset: conform-cli then starts no worker threads), to show what the
# second core adds; the peers are single-threaded either way.
one_core_json=""
if command -v taskset >/dev/null; then
  file="$source_dir/schemas/${schemas[0]}/schema.json"
  v=$(best /dev/null taskset -c 0 "$cli" validate --schema "$file" --jsonl "$work/${schemas[0]}.jsonl" --json)
  x=$(best /dev/null taskset -c 0 "$cli" extract --jsonl "$work/extract-raws.jsonl")
  xj=$(best /dev/null taskset -c 0 "$cli" extract --jsonl "$work/extract-raws.jsonl" --json)
  one_core_json=",\"oneCore\":{\"validate\":$v,\"extract\":$x,\"extractJson\":$xj}"
fi

# Memory flat in the file's size: max RSS of the same commands on the corpus and on ten
# copies of it back to back (/usr/bin/time -v), in kilobytes.
rss() { { /usr/bin/time -v "$@" 2>&1 >/dev/null || true; } | awk -F': ' '/Maximum resident/ {print $2}'; }
memory_json=""
if [[ -x /usr/bin/time ]]; then
  schema="${schemas[0]}"
  big="$work/$schema.x10.jsonl"; big_raws="$work/extract-raws.x10.jsonl"
  [[ -f "$big" ]] || for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/$schema.jsonl"; done > "$big"
  [[ -f "$big_raws" ]] || for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$work/extract-raws.jsonl"; done > "$big_raws"
  file="$source_dir/schemas/$schema/schema.json"
  v1=$(rss "$cli" validate --schema "$file" --jsonl "$work/$schema.jsonl" --json)
  v10=$(rss "$cli" validate --schema "$file" --jsonl "$big" --json)
  e1=$(rss "$cli" extract --jsonl "$work/extract-raws.jsonl" --json)
  e10=$(rss "$cli" extract --jsonl "$big_raws" --json)
  memory_json=",\"memory\":{\"lines\":$count,\"validate\":[$v1,$v10],\"extract\":[$e1,$e10]}"
fi
echo "{\"validate\":[$validate_json],\"extract\":[$extract_json]$one_core_json$memory_json}" > "$work/times.json"
echo "end to end through conform-cli ($count lines per corpus, best of ${CONFORM_BENCH_RUNS:-5}):"
node "$here/report.mjs" "$work"
