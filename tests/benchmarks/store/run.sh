#!/usr/bin/env bash
# The capture store, end to end through conform-cli as a user runs it:
#   import N captures; replay them against an edited schema; stats over a million.
# Usage: bash tests/benchmarks/store/run.sh BUILD_DIR
#   CONFORM_BENCH_STORE_COUNT   captures imported and replayed (default 100000)
#   CONFORM_BENCH_STORE_MILLION captures for the stats figure (default 1000000)
# Exit status: 1 when the stats disagree with the Python peer's.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
cli="$build/app/cli/conform-cli"
count="${CONFORM_BENCH_STORE_COUNT:-100000}"
million="${CONFORM_BENCH_STORE_MILLION:-1000000}"
work="$build/bench-data/store"
rm -rf "$work" && mkdir -p "$work"
export CONFORM_STORE="$work/unused.db"

# Wall time of a command, in seconds with three decimals.
seconds() { local s e; s=$(date +%s%N); "$@"; e=$(date +%s%N); printf '%d.%03d\n' $(( (e - s) / 1000000000 )) $(( (e - s) / 1000000 % 1000 )); }

# One real capture is the template every generated one varies.
"$cli" run --schema "$source_dir/schemas/goal-generator/schema.json" --system "$source_dir/schemas/goal-generator/prompt.md" \
  --user "The incident: a missing invoice." --provider scenario --scenario trailing-commas --store "$work/template.db" >/dev/null 2>&1 || true
"$cli" captures export --store "$work/template.db" 2>/dev/null | head -1 > "$work/template.json"
node "$here/generate.mjs" --template "$work/template.json" --out "$work/captures.jsonl" --count "$count"
bytes=$(stat -c %s "$work/captures.jsonl")

import_s=$(seconds "$cli" captures import "$work/captures.jsonl" --store "$work/store.db" 2>/dev/null)
store_bytes=$(( $(stat -c %s "$work/store.db") + $(stat -c %s "$work/store.db-wal" 2>/dev/null || echo 0) ))

# The edit: at most six goals instead of seven.
sed 's/"maxItems": 7/"maxItems": 6/' "$source_dir/schemas/goal-generator/schema.json" > "$work/edited.json"
replay_s=$(seconds sh -c "'$cli' captures replay --schema '$work/edited.json' --store '$work/store.db' --json > '$work/replay.json' 2>/dev/null; true")

cp "$work/store.db" "$work/million.db"
python3 "$here/grow.py" "$work/million.db" "$million" >/dev/null
"$cli" captures stats --store "$work/million.db" >/dev/null # the first open rebuilds the rollups (see grow.py)
stats_s=$(seconds sh -c "'$cli' captures stats --by provider,model --bucket day --store '$work/million.db' --json > '$work/stats.json'")
python3 "$here/stats_peer.py" "$work/million.db" > "$work/peer.json"

node --input-type=module - "$work" "$count" "$million" "$bytes" "$store_bytes" "$import_s" "$replay_s" "$stats_s" <<'JS'
import fs from 'node:fs';
const [work, count, million, bytes, storeBytes, importS, replayS, statsS] = process.argv.slice(2);
const replay = JSON.parse(fs.readFileSync(`${work}/replay.json`, 'utf8'));
const stats = JSON.parse(fs.readFileSync(`${work}/stats.json`, 'utf8'));
const peer = JSON.parse(fs.readFileSync(`${work}/peer.json`, 'utf8'));
let disagree = 0;
for (const g of stats.groups) {
  const p = peer.groups[`${g.key.provider}/${g.key.model}`];
  if (!p || p.count !== g.count || Math.abs(p.final_success_rate - g.final_success_rate) > 1e-12
      || Math.abs(p.p50 - g.latency_ms.p50) > p.p50 * 0.004 || Math.abs(p.p95 - g.latency_ms.p95) > p.p95 * 0.004) ++disagree;
}
const row = (what, value, goal) => console.log(`${what.padEnd(58)} ${value.padStart(16)}   ${goal}`);
console.log(`store: ${count} captures (${(bytes / count / 1024).toFixed(1)} KB of JSONL each), conform-cli end to end`);
row(`import ${count}`, `${Number(importS).toFixed(2)} s`, `goal < 10 s; ${(count / importS).toFixed(0)} captures/s`);
row(`replay ${replay.count} final replies against an edited schema`, `${Number(replayS).toFixed(2)} s`, `goal < 5 s; ${replay.became_invalid} became invalid`);
row(`stats --by provider,model --bucket day over ${million}`, `${Number(statsS).toFixed(2)} s`, `goal < 1 s; Python sqlite3 peer ${peer.seconds.toFixed(2)} s (${(peer.seconds / statsS).toFixed(1)}x)`);
row('store size per capture', `${(storeBytes / count / 1024).toFixed(1)} KB`, `JSONL ${(bytes / count / 1024).toFixed(1)} KB`);
console.log(`stats agree with the peer on ${stats.groups.length - disagree} of ${stats.groups.length} groups (counts, success rates, p50/p95 within 0.4%)`);
process.exit(disagree ? 1 : 0);
JS
