#!/usr/bin/env bash
# run_validator.sh PACKAGE TOOL ARGS...: runs one of the freedesktop validators for CTest.
# A missing tool fails under CI=true and skips elsewhere (exit 77, the tests' SKIP_RETURN_CODE),
# as REQUIRE_DEPENDENCY does for the Qt tests.
set -u
package=$1 tool=$2
shift 2
if ! command -v "$tool" >/dev/null 2>&1; then
  if [[ ${CI:-} == true ]]; then
    echo "missing under CI: $tool (package $package; run packaging/install-deps.sh)" >&2
    exit 1
  fi
  echo "SKIP: $tool is not installed (package $package; packaging/install-deps.sh installs it)"
  exit 77
fi
exec "$tool" "$@"
