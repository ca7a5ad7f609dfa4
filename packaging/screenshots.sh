#!/usr/bin/env bash
# packaging/screenshots.sh BUILD_DIR OUT_DIR: starts the workbench under Xvfb on the example
# workspace, walks through the main views with a demo and saves one PNG of each in OUT_DIR:
# start.png, schema-issues.png, reply-repaired.png, run-repairing.png (a repair turn streaming in),
# run-repaired.png, settings.png, captures-browser.png, dashboard.png, runs-x-n.png and suites.png (after a few more demos,
# all captured in a throwaway store), run-dark.png (the dark theme). The README and the AppStream
# metainfo use them (copy them to resources/manual/screenshots/ to update the README's and the manual's).
#
# Needs xvfb-run (xvfb) and a build of the `conform-screenshot-tour` target, which this script
# builds. Settings and captures go to a throwaway folder, never the user's.
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: packaging/screenshots.sh BUILD_DIR OUT_DIR" >&2
  exit 2
fi
build=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
here=$(dirname "$(realpath "$0")")

command -v xvfb-run >/dev/null || { echo "screenshots.sh: error: xvfb-run not found (package xvfb)" >&2; exit 2; }
cmake --build "$build" --target conform-screenshot-tour >/dev/null

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_CONFIG_HOME=$scratch/config XDG_DATA_HOME=$scratch/data CONFORM_STORE=$scratch/captures.db
# LANGUAGE=de packaging/screenshots.sh … takes them in German.
export LANG=C.UTF-8 QT_QPA_PLATFORM=xcb
xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$build/packaging/conform-screenshot-tour" "$out" "$here/../schemas"
