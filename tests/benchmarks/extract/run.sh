#!/usr/bin/env bash
# The extraction benchmark, side by side: conform::json::extract and jsonrepair 3 + JSON.parse
# over the same deterministic damaged replies. Prints throughput, the ratio and how many
# replies each recovered exactly.
#   bash tests/benchmarks/extract/run.sh [BUILD_DIR]          (CONFORM_BENCH_COUNT, default 20000)
#   bash tests/benchmarks/extract/run.sh --smoke [BUILD_DIR]  300 replies, C++ only; fails
#                                                             unless every reply is recovered
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
smoke=0
if [[ "${1:-}" == "--smoke" ]]; then smoke=1; shift; fi
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
bench="$build/tests/benchmarks/extract/bench_extract"
[[ -x "$bench" ]] || { echo "run.sh: error: $bench is not built (cmake --build $build --target bench_extract)" >&2; exit 2; }
command -v node >/dev/null || { echo "run.sh: error: node is required to generate the replies" >&2; exit 2; }

count="${CONFORM_BENCH_COUNT:-20000}"
[[ $smoke == 1 ]] && count=300
data="$build/bench-data/extract"
replies="$data/replies-$count.jsonl"
mkdir -p "$data"
[[ -f "$replies" ]] || node "$here/generate.mjs" --count "$count" > "$replies"

if [[ $smoke == 1 ]]; then
  line="$("$bench" "$replies" --repeat 1)"
  echo "$line"
  node -e 'const r = JSON.parse(process.argv[1]); process.exit(r.correct === r.replies ? 0 : 1)' "$line"
  exit
fi

if [[ ! -d "$here/../node_modules/jsonrepair" ]]; then
  (cd "$here/.." && npm ci --no-audit --no-fund --loglevel=error)
fi
# tests/benchmarks/README.md's corpus, the issue's held-out kind (pretty-printed, five damage kinds, 1.5-2 KB),
# one valid 10 MB array of replies' values and one valid 10 MiB array of numbers
# ([1234,1234,...,0], as in test_json_hostile): every corpus is reported, not the best one.
[[ -f "$data/held-out-$count.jsonl" ]] || node "$here/generate.mjs" --held-out --count "$count" > "$data/held-out-$count.jsonl"
[[ -f "$data/valid-array-10mb.jsonl" ]] || node "$here/generate.mjs" --valid-array 10 > "$data/valid-array-10mb.jsonl"
[[ -f "$data/number-array-10mb.jsonl" ]] || node "$here/generate.mjs" --number-array 10 > "$data/number-array-10mb.jsonl"
for corpus in "$replies" "$data/held-out-$count.jsonl" "$data/valid-array-10mb.jsonl" "$data/number-array-10mb.jsonl"; do
  echo "extract: $(basename "$corpus") ($(du -h "$corpus" | cut -f1) of JSONL)..." >&2
  conform="$("$bench" "$corpus" --repeat 3)"
  conform_nomap="$("$bench" "$corpus" --repeat 3 --no-source-map)"
  conform_text="$("$bench" "$corpus" --repeat 3 --text --no-source-map)" # what `extract --jsonl` does
  peer="$(node "$here/jsonrepair.mjs" "$corpus" --repeat 3)"
  node - "$(basename "$corpus")" "$conform" "$conform_nomap" "$conform_text" "$peer" <<'JS'
const [name, ...rows] = process.argv.slice(2);
const [c, n, t, p] = rows.map((s) => JSON.parse(s));
const row = (r) => `${r.engine.padEnd(42)} ${r.mb_per_s.toFixed(1).padStart(7)} MB/s ${Math.round(r.replies_per_s).toString().padStart(8)} replies/s  correct ${r.correct}/${r.replies}`;
console.log(name); [c, n, t, p].forEach((r) => console.log('  ' + row(r)));
console.log(`  ratio (conform / jsonrepair): ${(c.mb_per_s / p.mb_per_s).toFixed(1)}x with source maps, ${(n.mb_per_s / p.mb_per_s).toFixed(1)}x without, ${(t.mb_per_s / p.mb_per_s).toFixed(1)}x as text without a map (as extract --jsonl)`);
JS
done
