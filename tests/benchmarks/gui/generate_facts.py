#!/usr/bin/env python3
"""Writes a fact-extractor instance of about SIZE bytes for the GUI check benchmark.

Every fact lacks "timestamp" and says "confidence": "maybe" (two issues per fact), the shape of
the file that once kept a stale "valid" on screen for minutes.
Usage: generate_facts.py SIZE_BYTES OUT.json
"""
import json
import sys


def main():
    size, out = int(sys.argv[1]), sys.argv[2]
    fact = {"topic": "kitchen key", "claim": "Only the office manager and Dev carry a kitchen key, said the intern.",
            "confidence": "maybe"}
    one = len(json.dumps(fact, indent=2)) + 8
    count = max(1, size // one)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"facts": [dict(fact, topic=f"item {i}") for i in range(count)]}, f, indent=2)
    print(count)


if __name__ == "__main__":
    main()
