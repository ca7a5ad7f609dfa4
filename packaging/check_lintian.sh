#!/usr/bin/env bash
# check_lintian.sh BUILD_DIR: builds the .deb with cpack into a scratch folder and runs Debian's
# checker on it: any error or warning fails (`lintian --fail-on error,warning`), and the tags
# lintian printed are shown. Run as root, lintian prints a note of its own on stderr; the tags
# on stdout are what count. Without lintian it fails, naming the package, as run_validator.sh
# does (packaging/install-deps.sh installs it).
set -euo pipefail
build=$1
if ! command -v lintian >/dev/null; then
  echo "missing dependency: lintian (package lintian; packaging/install-deps.sh installs it)" >&2
  exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
deb=$("$(dirname "$0")/make_deb.sh" "$build" "$scratch")
status=0
lintian --fail-on error,warning --no-tag-display-limit "$deb" >"$scratch/tags" 2>"$scratch/notes" || status=$?
cat "$scratch/tags"
if [[ $status -ne 0 ]]; then
  cat "$scratch/notes" >&2
  echo "$(basename "$deb"): lintian reports errors or warnings (exit $status)" >&2
  exit 1
fi
echo "$(basename "$deb"): lintian reports no error and no warning"
