#!/usr/bin/env python3
"""Grows a capture store to N captures for the stats benchmark by copying its capture rows
(and labels) with new ids, spread over the same month. Only the columns stats reads are
copied: a million full bodies would take gigabytes and minutes and change nothing the
metrics query touches, since bodies live in their own tables."""
import sqlite3, sys

path, target = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(path)
have = db.execute("SELECT COUNT(*) FROM captures").fetchone()[0]
columns = ("created_at, schema_hash, prompt_hash, provider, model, mode, outcome, flags, attempts, repairs, parse_ok_first,"
           " first_try_valid, latency_ms, tokens_in, tokens_out, tokens_cached, latency_bin, case_key, first_tokens_in,"
           " first_tokens_out, first_tokens_cached")
# Store version 10 keeps each failure's cluster: copied too, so clusters grow with the store.
if any(row[1] == "cluster" for row in db.execute("PRAGMA table_info(captures)")):
    columns += ", cluster"
copy = 0
while have < target:
    copy += 1
    batch = min(have, target - have)
    db.execute(f"INSERT INTO captures (id, {columns}) SELECT id || '-{copy}', {columns} FROM captures"
               f" ORDER BY seq LIMIT {batch}")
    have += batch
# Rows copied in SQL bypass the writer that keeps the hourly rollups: empty them, and
# Conform's next open rebuilds them from the captures (see store/migrations.h).
db.execute("DELETE FROM capture_rollups")
db.commit()
db.execute("ANALYZE")
db.commit()
print(have)
