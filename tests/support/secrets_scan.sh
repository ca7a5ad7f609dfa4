#!/usr/bin/env bash
# The secrets scan every CTest test runs inside (tests/CMakeLists.txt): the test runs with
# known fake keys in ANTHROPIC_API_KEY and OPENAI_API_KEY and a TMPDIR of its own under the
# build tree; afterwards every file it left -- that folder (stores and their WALs, logs,
# exports, JUnit), the files it wrote in its build folder (its CONFORM_STORE) and its own
# output -- is searched for those keys and for the "notakey-" keys tests set themselves.
# A hit fails the test and names the file. The folder is removed when the test passes.
#
# Usage: secrets_scan.sh NAME BUILD_FOLDER TEMP_ROOT COMMAND [ARG...]
set -u
name=$1 folder=$2 root=$3
shift 3

export ANTHROPIC_API_KEY=sk-ant-fake-conform-scan-7f3a9c1e
export OPENAI_API_KEY=sk-fake-conform-scan-2b8d4e6f
work="$root/$name"
rm -rf "$work"
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
stamp="$work/started"
: > "$stamp"

set -o pipefail
"$@" 2>&1 | tee "$work/output.log"
status=$?

# Files written since the start: the test's folder (a parallel test writing there at the
# same time is scanned too, harmlessly), and everything under its own temp folder.
hits=$( { find "$folder" -path '*/CMakeFiles' -prune -o -type f -newer "$stamp" -print0
          find "$work" -type f ! -name started -print0; } |
        xargs -0 -r grep -l -F -a -e "$ANTHROPIC_API_KEY" -e "$OPENAI_API_KEY" -e "notakey-" -- 2>/dev/null)
if [ -n "$hits" ]; then
    while IFS= read -r file; do
        line=$(grep -n -F -a -o -e "$ANTHROPIC_API_KEY" -e "$OPENAI_API_KEY" -e "notakey-" -- "$file" | head -1)
        echo "secrets scan: $name left a key in $file (${line%%:*}: ${line#*:})"
    done <<< "$hits"
    exit 1
fi
[ "$status" -eq 0 ] && rm -rf "$work"
exit "$status"
