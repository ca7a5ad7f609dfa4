#!/usr/bin/env bash
# run_validator.sh PACKAGE TOOL ARGS...: runs one of the freedesktop validators for CTest.
# A missing tool fails the test, naming its package, as REQUIRE_DEPENDENCY does for the Qt tests:
# make test installs it first, so its absence is a broken set-up, never a skip.
set -u
package=$1 tool=$2
shift 2
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "missing dependency: $tool (package $package; packaging/install-deps.sh installs it)" >&2
  exit 1
fi
exec "$tool" "$@"
