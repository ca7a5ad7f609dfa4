#!/usr/bin/env bash
# `conform-cli captures clusters` over a million captures, on SQLite and on PostgreSQL,
# process start to exit, as a reviewer runs it: all clusters, the last week's, one provider's.
# The captures are generate.mjs's (4 targets, 12% failing, repaired or fallen back) with
# --causes, so the failures fall into several clusters per outcome, grown by copying rows in
# SQL (their cluster column with them). Goal: under 1 s. Figures, never test assertions.
# Usage: bash tests/benchmarks/store/clusters.sh BUILD_DIR
#   CONFORM_BENCH_STORE_COUNT   captures generated and imported (default 100000)
#   CONFORM_BENCH_STORE_MILLION captures clustered, by copying rows (default 1000000)
#   CONFORM_BENCH_CAUSES        causes of the invalid attempts (default 40)
#   CONFORM_BENCH_RUNS          timed runs per query and backend (default 5)
# PostgreSQL runs in a throwaway cluster (as compare.sh), stopped at the end.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
cli="$build/app/cli/conform-cli"
count="${CONFORM_BENCH_STORE_COUNT:-100000}"
million="${CONFORM_BENCH_STORE_MILLION:-1000000}"
causes="${CONFORM_BENCH_CAUSES:-40}"
runs="${CONFORM_BENCH_RUNS:-5}"
work="$build/bench-data/clusters"
rm -rf "$work" && mkdir -p "$work"
export CONFORM_STORE="$work/unused.db"

source "$here/bench_lib.sh"

make_captures "$count" --causes "$causes"

"$cli" captures import "$work/captures.jsonl" --store "$work/million.db" >/dev/null 2>&1
python3 "$here/grow.py" "$work/million.db" "$million" >/dev/null
"$cli" captures stats --store "$work/million.db" >/dev/null # the first open rebuilds the rollups (see grow.py)

week_ago=2026-11-16
queries=("captures clusters --json" "captures clusters --json --since $week_ago" "captures clusters --json --provider openai")
time_queries() { # store label
  local store="$1" label="$2" i=0
  for query in "${queries[@]}"; do
    # shellcheck disable=SC2086
    "$cli" $query --store "$store" > "$work/$label-$i.jsonl"
    local times=()
    # shellcheck disable=SC2086
    for _ in $(seq "$runs"); do times+=("$(seconds "$cli" $query --store "$store")"); done
    echo "${times[*]}" > "$work/$label-$i.times"
    i=$((i + 1))
  done
}
time_queries "$work/million.db" sqlite

start_postgres
"$cli" captures import "$work/captures.jsonl" --store "$pg" >/dev/null 2>&1
grow_postgres "$count" "$million"
"$cli" captures stats --store "$pg" >/dev/null # rebuilds the rollups
time_queries "$pg" postgres

node --input-type=module - "$work" "$million" "$causes" "${#queries[@]}" "${queries[@]}" <<'JS'
import fs from 'node:fs';
const [work, million, causes, n, ...queries] = process.argv.slice(2);
const range = (t) => { const s = t.trim().split(' ').map(Number).sort((x, y) => x - y); return `${s[0].toFixed(2)}–${s[s.length - 1].toFixed(2)} s (median ${s[s.length >> 1].toFixed(2)})`; };
let same = true;
for (let i = 0; i < Number(n); ++i) {
  const lines = (label) => fs.readFileSync(`${work}/${label}-${i}.jsonl`, 'utf8').trim().split('\n').filter(Boolean);
  const a = lines('sqlite'), b = lines('postgres');
  const clustered = a.reduce((sum, line) => sum + JSON.parse(line).count, 0);
  const agree = JSON.stringify(a) === JSON.stringify(b);
  same &&= agree;
  console.log(`${queries[i]} over ${million} captures: ${a.length} clusters of ${clustered} failures (${causes} causes), goal < 1 s`);
  console.log(`  SQLite      ${range(fs.readFileSync(`${work}/sqlite-${i}.times`, 'utf8'))}`);
  console.log(`  PostgreSQL  ${range(fs.readFileSync(`${work}/postgres-${i}.times`, 'utf8'))}`);
  console.log(`  the two backends print ${agree ? 'the same' : 'DIFFERENT'} lines`);
}
process.exit(same ? 0 : 1);
JS
