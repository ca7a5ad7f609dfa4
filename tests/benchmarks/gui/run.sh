#!/usr/bin/env bash
# The workbench's check of a document against `conform-cli validate` on the same file, from
# 1 KB to 20 MB (fact-extractor instances where every fact has two issues).
# Usage: bash tests/benchmarks/gui/run.sh [--smoke] [BUILD_DIR]
#   --smoke  two small files only, and fail unless both get a verdict
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
smoke=0
[[ "${1:-}" == "--smoke" ]] && { smoke=1; shift; }
build="$(cd "${1:-$source_dir/build/release}" && pwd)"
bench="$build/tests/benchmarks/gui/bench_gui_check"
[[ -x "$bench" ]] || { echo "run.sh: error: $bench is not built (cmake --build $build --target benchmarks)" >&2; exit 2; }
data="$build/bench-data/gui"
mkdir -p "$data"
sizes=(1000 100000 1000000 5000000 20000000)
(( smoke )) && sizes=(1000 20000)
files=()
for size in "${sizes[@]}"; do
  file="$data/facts-$size.json"
  [[ -f "$file" ]] || python3 "$here/generate_facts.py" "$size" "$file" >/dev/null
  files+=("$file")
done
out="$data/results.jsonl"
"$bench" --schema "$source_dir/schemas/fact-extractor/schema.json" "${files[@]}" > "$out"
python3 - "$out" "$smoke" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
print(f"{'file':>24} {'bytes':>10} {'gui ms':>8} {'cli ms':>8} {'gui/cli':>8} {'setText ms':>10}  verdict")
bad = 0
for r in rows:
    print(f"{r['file']:>24} {r['bytes']:>10} {r['gui_ms']:>8} {r['cli_ms']:>8} {r['ratio']:>8.2f} {r['set_text_ms']:>10}  {r['verdict']}")
    bad += r['gui_ms'] < 0 or 'issues' not in r['verdict']
sys.exit(1 if bad else 0)
PY
