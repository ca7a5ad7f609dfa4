#!/usr/bin/env python3
"""The peer of `captures stats --by provider,model --bucket day`: the same figures from the
same SQLite file by a plain script (Python's sqlite3; exact percentiles by sorting each
group's latencies), so the benchmark can check Conform's numbers against an outside
computation and time both. Prints one JSON line: {"seconds", "groups": {key: {...}}}."""
import json, math, sqlite3, sys, time

started = time.perf_counter()
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
groups = {}
for provider, model, day, outcome, latency in db.execute(
        "SELECT provider, model, created_at / 86400000, outcome, latency_ms FROM captures"):
    g = groups.setdefault(f"{provider}/{model}", {"count": 0, "success": 0, "latencies": []})
    g["count"] += 1
    g["success"] += outcome <= 1
    g["latencies"].append(latency)
result = {}
for key, g in sorted(groups.items()):
    lat = sorted(g["latencies"])
    rank = lambda p: lat[max(1, math.ceil(p * len(lat))) - 1]
    result[key] = {"count": g["count"], "final_success_rate": g["success"] / g["count"], "p50": rank(0.5), "p95": rank(0.95)}
print(json.dumps({"seconds": time.perf_counter() - started, "groups": result}))
