# Sourced by the store benchmarks (compare.sh, clusters.sh), after they set here, source_dir,
# cli and work:
#   seconds CMD...            the wall time of CMD (its output dropped), in seconds
#   make_captures COUNT [ARG...]  $work/captures.jsonl: COUNT captures generate.mjs varies from
#                             one real capture (a demo run), with generate.mjs's ARGs
#   start_postgres            a throwaway PostgreSQL cluster (initdb in a temporary folder,
#                             loopback only, as the postgres user when run as root), stopped when
#                             the script exits; sets pg (the store URL), pg_bin and port
#   psql_run SQL
#   grow_postgres HAVE TARGET copies capture rows (with new ids) until TARGET, as grow.py does
#                             for SQLite, then empties the rollups (the next open rebuilds them)
#                             and analyses the table
seconds() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); printf '%d.%03d\n' $(( (e - s) / 1000000000 )) $(( (e - s) / 1000000 % 1000 )); }

make_captures() {
  local count="$1"; shift
  "$cli" run --schema "$source_dir/schemas/goal-generator/schema.json" --system "$source_dir/schemas/goal-generator/prompt.md" \
    --user "The incident: a missing invoice." --provider scenario --scenario trailing-commas --store "$work/template.db" >/dev/null 2>&1 || true
  "$cli" captures export --store "$work/template.db" 2>/dev/null | head -1 > "$work/template.json"
  node "$here/generate.mjs" --template "$work/template.json" --out "$work/captures.jsonl" --count "$count" "$@"
}

start_postgres() {
  pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  pg_dir="$(mktemp -d)"
  as_postgres=()
  if [ "$(id -u)" = 0 ]; then chown postgres "$pg_dir"; as_postgres=(runuser -u postgres --); fi
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "${as_postgres[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U conform -E UTF8 --no-sync >/dev/null
  "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w \
    -o "-p $port -c unix_socket_directories='' -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off" start >/dev/null
  trap '"${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast stop >/dev/null 2>&1; rm -rf "$pg_dir"' EXIT
  "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U conform bench
  pg="postgresql://conform@127.0.0.1:$port/bench"
}

psql_run() { "$pg_bin/psql" -q -h 127.0.0.1 -p "$port" -U conform -d bench -v ON_ERROR_STOP=1 -c "$1" >/dev/null; }

grow_postgres() {
  local have="$1" target="$2" copy=0 batch
  # The columns stats and clusters read (cluster: store version 10 and later).
  local columns="created_at, schema_hash, prompt_hash, provider, model, mode, outcome, flags, attempts, repairs, parse_ok_first,
    first_try_valid, latency_ms, tokens_in, tokens_out, tokens_cached, latency_bin, case_key, first_tokens_in, first_tokens_out,
    first_tokens_cached, source, cluster"
  while [ "$have" -lt "$target" ]; do
    copy=$((copy + 1)); batch=$(( have < target - have ? have : target - have ))
    psql_run "INSERT INTO captures (id, $columns) SELECT id || '-$copy', $columns FROM captures ORDER BY seq LIMIT $batch"
    have=$((have + batch))
  done
  psql_run "DELETE FROM capture_rollups"
  psql_run "VACUUM ANALYZE captures"
}
