#!/usr/bin/env bash
# The latency `conform-cli proxy` adds per request (tests/benchmarks/README.md): conform-cli serve as
# the upstream, the proxy capturing into a throwaway store, a Node keep-alive client.
# Usage: tests/benchmarks/proxy/run.sh [BUILD_DIR]   (CONFORM_BENCH_PROXY_COUNT, default 2000)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cli="${1:-$root/build/release}/app/cli/conform-cli"
count="${CONFORM_BENCH_PROXY_COUNT:-2000}"
work="$(mktemp -d)"
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

"$cli" serve --scenario "$root/tests/proxy/data/sdk-task.json" --listen 127.0.0.1:0 > "$work/serve.out" 2>/dev/null &
pids+=($!)
until [[ -s "$work/serve.out" ]]; do sleep 0.1; done
upstream="$(head -1 "$work/serve.out" | cut -d' ' -f3)"
"$cli" proxy --upstream "$upstream" --schema-map "$root/tests/proxy/data/schema-map.json" --store "$work/captures.db" \
  > "$work/proxy.out" 2>/dev/null &
pids+=($!)
until [[ -s "$work/proxy.out" ]]; do sleep 0.1; done
proxied="$(head -1 "$work/proxy.out" | cut -d' ' -f3)"

for concurrency in 1 32; do
  node "$here/bench_proxy.mjs" "$upstream" "$proxied" "$count" "$concurrency"
done
