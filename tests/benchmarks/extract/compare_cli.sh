#!/usr/bin/env bash
# Two builds' `conform-cli extract --jsonl` outputs, byte for byte (values and fix logs, with
# and without --strict, exit status and errors too), on the benchmark's corpus, the held-out
# corpus and replies damaged at random from both: what a change to the extractor must leave
# alone. Usage: bash tests/benchmarks/extract/compare_cli.sh OLD_BUILD_DIR NEW_BUILD_DIR
#   CONFORM_BENCH_COUNT  replies per corpus (default 10000); three damaged variants of each
# Exit status: 0 when every output is the same, 1 when one differs, 2 on a usage error.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ $# == 2 ]] || { echo "usage: compare_cli.sh OLD_BUILD_DIR NEW_BUILD_DIR" >&2; exit 2; }
old="$1/app/cli/conform-cli"; new="$2/app/cli/conform-cli"
for cli in "$old" "$new"; do [[ -x "$cli" ]] || { echo "compare_cli.sh: $cli is not built" >&2; exit 2; }; done
count="${CONFORM_BENCH_COUNT:-10000}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
raws() { node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").split("\n")) if (l) console.log(JSON.stringify(JSON.parse(l).raw))' "$1"; }
node "$here/generate.mjs" --count "$count" > "$work/readme.full"
node "$here/generate.mjs" --held-out --count "$count" > "$work/held-out.full"
raws "$work/readme.full" > "$work/readme.jsonl"
raws "$work/held-out.full" > "$work/held-out.jsonl"
node "$here/damage.mjs" "$work/readme.jsonl" > "$work/readme-damaged.jsonl"
node "$here/damage.mjs" "$work/held-out.jsonl" --seed 7 > "$work/held-out-damaged.jsonl"
status=0
for corpus in readme held-out readme-damaged held-out-damaged; do
  for mode in "" "--json" "--strict" "--strict --json"; do
    for side in old new; do
      cli=$old; [[ $side == new ]] && cli=$new
      set +e
      # shellcheck disable=SC2086
      "$cli" extract --jsonl "$work/$corpus.jsonl" $mode > "$work/$side.out" 2> "$work/$side.err"
      echo "exit $?" >> "$work/$side.err"
      set -e
    done
    if cmp -s "$work/old.out" "$work/new.out" && cmp -s "$work/old.err" "$work/new.err"; then
      echo "$corpus ${mode:-(values)}: the same $(wc -l < "$work/new.out") lines, $(wc -c < "$work/new.out") bytes"
    else
      echo "$corpus ${mode:-(values)}: DIFFERENT"; status=1
    fi
  done
done
exit $status
