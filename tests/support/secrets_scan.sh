#!/usr/bin/env bash
# The secrets scan every CTest test runs inside (tests/CMakeLists.txt): the test runs with
# known fake keys in ANTHROPIC_API_KEY and OPENAI_API_KEY and a TMPDIR of its own (under the
# system's temp folder); afterwards every file it left -- that folder (stores and their WALs, logs,
# exports, JUnit), the files it wrote in its build folder (its CONFORM_STORE) and its own
# output -- is searched for those keys and for the "notakey-" keys tests set themselves.
# A hit fails the test and names the file. The folder is removed when the test passes.
#
# Usage: secrets_scan.sh NAME BUILD_FOLDER COMMAND [ARG...]
set -u
name=$1 folder=$2
shift 2

# Fake values that do not look like any provider's keys (no "sk-" prefix), so no secret
# scanner mistakes this script for a leak.
export ANTHROPIC_API_KEY=fake-anthropic-key-for-the-secrets-scan-7f3a9c1e
export OPENAI_API_KEY=fake-openai-key-for-the-secrets-scan-2b8d4e6f
# The test's temp folder lives in the system's, not in the build tree: a build tree may sit
# in a folder only its owner can enter (CI's mktemp -d), and the PostgreSQL tests hand a
# folder under TMPDIR to the postgres user. World-traversable like /tmp; its files are the
# test's own.
work=$(mktemp -d "${TMPDIR:-/tmp}/conform-test-$name.XXXXXX") || exit 1
chmod 755 "$work"
mkdir -p "$work/tmp"
chmod 1777 "$work/tmp"
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
if [ "$status" -eq 0 ]; then
    rm -rf "$work"
else
    echo "secrets scan: $name failed; its temp folder and output are kept in $work"
fi
exit "$status"
