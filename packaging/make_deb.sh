#!/usr/bin/env bash
# make_deb.sh BUILD_DIR SCRATCH_DIR: cpack's .deb of BUILD_DIR, made in SCRATCH_DIR; prints its
# path. Shared by check_package.sh and check_lintian.sh; on failure prints cpack's log.
set -euo pipefail
cpack --config "$1/CPackConfig.cmake" -G DEB -B "$2" >"$2/cpack.log" 2>&1 || { cat "$2/cpack.log" >&2; exit 1; }
ls "$2"/*.deb
