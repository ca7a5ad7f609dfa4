#!/usr/bin/env bash
# Two builds' `conform-cli validate --jsonl` outputs, byte for byte (with and without --json,
# exit status too), on the validation benchmark's corpora: what a change to the validator must
# leave alone. Usage: bash tests/benchmarks/validate/compare_cli.sh OLD_BUILD_DIR NEW_BUILD_DIR
#   CONFORM_BENCH_COUNT  lines per corpus (default 10000)
# Exit status: 0 when every output is the same, 1 when one differs, 2 on a usage error.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$(cd "$here/../../.." && pwd)"
[[ $# == 2 ]] || { echo "usage: compare_cli.sh OLD_BUILD_DIR NEW_BUILD_DIR" >&2; exit 2; }
old="$1/app/cli/conform-cli"; new="$2/app/cli/conform-cli"
for cli in "$old" "$new"; do [[ -x "$cli" ]] || { echo "compare_cli.sh: $cli is not built" >&2; exit 2; }; done
count="${CONFORM_BENCH_COUNT:-10000}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
node "$here/generate.mjs" --out "$work" --count "$count" >/dev/null
status=0
for schema in review-structure analysis-report question-generator; do
  for mode in --json ""; do
    for side in old new; do
      cli=$old; [[ $side == new ]] && cli=$new
      set +e
      "$cli" validate --schema "$source_dir/schemas/$schema/schema.json" --jsonl "$work/$schema.jsonl" $mode \
        > "$work/$side.out" 2> "$work/$side.err"
      echo "exit $?" >> "$work/$side.err"
      set -e
    done
    if cmp -s "$work/old.out" "$work/new.out" && cmp -s "$work/old.err" "$work/new.err"; then
      echo "$schema ${mode:-(human)}: the same $(wc -c < "$work/new.out") bytes"
    else
      echo "$schema ${mode:-(human)}: DIFFERENT"; status=1
    fi
  done
done
exit $status
