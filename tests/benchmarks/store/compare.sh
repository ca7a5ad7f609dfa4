#!/usr/bin/env bash
# `conform-cli compare --from-store` over a million captures, and `captures stats --by
# provider,model --bucket day` over them, on SQLite and on PostgreSQL, process start to exit,
# as a user runs them. Goal: under 1 s, at a million for compare and at ten million
# (CONFORM_BENCH_STORE_MILLION=10000000) for stats. Figures, never test assertions.
# Usage: bash tests/benchmarks/store/compare.sh BUILD_DIR
#   CONFORM_BENCH_STORE_COUNT   captures generated and imported (default 100000)
#   CONFORM_BENCH_STORE_MILLION captures compared, by copying rows (default 1000000)
#   CONFORM_BENCH_RUNS          timed runs per backend (default 5)
# PostgreSQL runs in a throwaway cluster (initdb in a temporary folder, loopback only, as
# the postgres user when run as root), stopped at the end.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
cli="$build/app/cli/conform-cli"
count="${CONFORM_BENCH_STORE_COUNT:-100000}"
million="${CONFORM_BENCH_STORE_MILLION:-1000000}"
runs="${CONFORM_BENCH_RUNS:-5}"
work="$build/bench-data/compare"
rm -rf "$work" && mkdir -p "$work"
export CONFORM_STORE="$work/unused.db"

source "$here/bench_lib.sh"

# The captures: generate.mjs varies one real capture over four targets (see run.sh).
make_captures "$count"

"$cli" captures import "$work/captures.jsonl" --store "$work/million.db" >/dev/null 2>&1
python3 "$here/grow.py" "$work/million.db" "$million" >/dev/null

compare_args=(compare --from-store --by model --json)
"$cli" "${compare_args[@]}" --store "$work/million.db" > "$work/sqlite.json"
sqlite_times=()
for _ in $(seq "$runs"); do sqlite_times+=("$(seconds "$cli" "${compare_args[@]}" --store "$work/million.db")"); done
stats_args=(captures stats --by provider,model --bucket day --json)
"$cli" "${stats_args[@]}" --store "$work/million.db" > "$work/sqlite_stats.json"
sqlite_stats_times=()
for _ in $(seq "$runs"); do sqlite_stats_times+=("$(seconds "$cli" "${stats_args[@]}" --store "$work/million.db")"); done

# PostgreSQL: the same 100,000 imported, then grown in SQL the way grow.py grows SQLite.
start_postgres
"$cli" captures import "$work/captures.jsonl" --store "$pg" >/dev/null 2>&1
grow_postgres "$count" "$million"
"$cli" "${compare_args[@]}" --store "$pg" > "$work/postgres.json" # the first open rebuilds the rollups
psql_run "VACUUM ANALYZE capture_rollups"
pg_times=()
for _ in $(seq "$runs"); do pg_times+=("$(seconds "$cli" "${compare_args[@]}" --store "$pg")"); done
"$cli" "${stats_args[@]}" --store "$pg" > "$work/postgres_stats.json"
pg_stats_times=()
for _ in $(seq "$runs"); do pg_stats_times+=("$(seconds "$cli" "${stats_args[@]}" --store "$pg")"); done

node --input-type=module - "$work" "$million" "${sqlite_times[*]}" "${pg_times[*]}" "${sqlite_stats_times[*]}" "${pg_stats_times[*]}" <<'JS'
import fs from 'node:fs';
const [work, million, sqlite, postgres, sqliteStats, postgresStats] = process.argv.slice(2);
const a = JSON.parse(fs.readFileSync(`${work}/sqlite.json`, 'utf8'));
const b = JSON.parse(fs.readFileSync(`${work}/postgres.json`, 'utf8'));
const runs = (r) => r.variants.reduce((n, v) => n + v.runs, 0);
const same = JSON.stringify(a.variants.map(v => [v.name, v.runs, v.final_success.successes, v.verdict]))
          === JSON.stringify(b.variants.map(v => [v.name, v.runs, v.final_success.successes, v.verdict]));
const range = (t) => { const s = t.split(' ').map(Number).sort((x, y) => x - y); return `${s[0].toFixed(2)}–${s[s.length - 1].toFixed(2)} s (median ${s[s.length >> 1].toFixed(2)})`; };
console.log(`compare --from-store --by model over ${million} captures (${a.variants.length} variants), conform-cli end to end, goal < 1 s`);
console.log(`  SQLite      ${range(sqlite)}   (${runs(a)} runs compared)`);
console.log(`  PostgreSQL  ${range(postgres)}   (${runs(b)} runs compared)`);
console.log(`  the two backends give ${same ? 'the same' : 'DIFFERENT'} counts and verdicts`);
const sa = JSON.parse(fs.readFileSync(`${work}/sqlite_stats.json`, 'utf8'));
const sb = JSON.parse(fs.readFileSync(`${work}/postgres_stats.json`, 'utf8'));
const statsSame = JSON.stringify(sa) === JSON.stringify(sb);
console.log(`captures stats --by provider,model --bucket day over ${million} captures (${sa.groups.length} groups × ${sa.buckets.length} days), goal < 1 s`);
console.log(`  SQLite      ${range(sqliteStats)}`);
console.log(`  PostgreSQL  ${range(postgresStats)}`);
console.log(`  the two backends give ${statsSame ? 'the same' : 'DIFFERENT'} documents`);
process.exit(same && statsSame && runs(a) === Number(million) && runs(b) === Number(million) && sa.count === Number(million) ? 0 : 1);
JS
