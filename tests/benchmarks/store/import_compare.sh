#!/usr/bin/env bash
# `captures import` of two builds side by side in one run: COUNT captures of Conform's JSONL
# (generate.mjs, as run.sh) and COUNT OTLP GenAI spans (generate_otlp.py, as otlp_import.sh),
# each into a fresh SQLite store, the builds taking turns, RUNS times each. Prints wall time,
# CPU time (user + system) and peak memory per run, with the load average before each, so a
# busy machine shows. Goals: JSONL under 5 s, OTLP under 10 s. A figure, never a test.
# Usage: bash tests/benchmarks/store/import_compare.sh BUILD_DIR [OTHER_BUILD_DIR]
#   CONFORM_BENCH_STORE_COUNT (default 100000), CONFORM_BENCH_RUNS (default 2)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
builds=()
for b in "${1:-$source_dir/build/release}" ${2:+"$2"}; do builds+=("$(cd "$b" && pwd)"); done
count="${CONFORM_BENCH_STORE_COUNT:-100000}"
runs="${CONFORM_BENCH_RUNS:-2}"
work="${builds[0]}/bench-data/import-compare"
rm -rf "$work" && mkdir -p "$work"
export CONFORM_STORE="$work/unused.db"
cli="${builds[0]}/app/cli/conform-cli"

"$cli" run --schema "$source_dir/schemas/goal-generator/schema.json" --system "$source_dir/schemas/goal-generator/prompt.md" \
  --user "The incident: a missing invoice." --provider scenario --scenario trailing-commas --store "$work/template.db" >/dev/null 2>&1 || true
"$cli" captures export --store "$work/template.db" 2>/dev/null | head -1 > "$work/template.json"
node "$here/generate.mjs" --template "$work/template.json" --out "$work/captures.jsonl" --count "$count"
python3 "$here/generate_otlp.py" "$work/traces.jsonl" "$count"
echo "import of $count captures: JSONL $(( $(stat -c %s "$work/captures.jsonl") / 1048576 )) MB, OTLP $(( $(stat -c %s "$work/traces.jsonl") / 1048576 )) MB; $(nproc) cores"

# One import: wall s, CPU s, peak RSS MB, captures stored.
measure() {
  local build="$1" label="$2"; shift 2
  rm -f "$work/store.db" "$work/store.db-wal" "$work/store.db-shm"
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f '%e %U %S %M' -o "$work/time.txt" "$build/app/cli/conform-cli" captures import "$@" --store "$work/store.db" >/dev/null 2>&1 || true
  local stored; stored=$("$build/app/cli/conform-cli" captures stats --store "$work/store.db" --json 2>/dev/null \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])' 2>/dev/null || echo 0)
  read -r wall user sys rss < "$work/time.txt"
  printf '  %-5s %-44s %7.2f s wall %7.2f s CPU %5d MB   %d stored   load %s\n' "$label" "$build" "$wall" \
    "$(echo "$user + $sys" | bc)" $(( rss / 1024 )) "$stored" "$load"
}

for run in $(seq "$runs"); do
  for build in "${builds[@]}"; do
    measure "$build" JSONL "$work/captures.jsonl"
    measure "$build" OTLP "$work/traces.jsonl" --format otlp --schema "$source_dir/tests/otlp/data/person.schema.json"
  done
done
