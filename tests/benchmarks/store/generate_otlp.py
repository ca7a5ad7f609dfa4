#!/usr/bin/env python3
"""OTLP/JSON traces for the OTLP import benchmark: COUNT GenAI chat spans in the current
attribute form (a third of them with an invalid reply, one in ten with a non-GenAI HTTP span
beside it), SPANS_PER_LINE to an ExportTraceServiceRequest line, as the OTLP file exporter
writes them.
Usage: generate_otlp.py OUT COUNT [SPANS_PER_LINE]"""
import json
import random
import sys


def kv(key, value):
    if isinstance(value, int):
        return {"key": key, "value": {"intValue": str(value)}}
    if isinstance(value, list):
        return {"key": key, "value": {"arrayValue": {"values": [{"stringValue": v} for v in value]}}}
    return {"key": key, "value": {"stringValue": value}}


def span(i, rng):
    trace = "%032x" % (0x1000 + i // 4)
    valid = i % 3 != 0
    reply = json.dumps({"name": "person %d" % i, "age": rng.randint(0, 99) if valid else "unknown"})
    start = 1763900000000000000 + i * 1000000000
    model = rng.choice(["gpt-4o-mini", "gpt-4o", "claude-sonnet-4-5"])
    attributes = {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "anthropic" if model.startswith("claude") else "openai",
        "gen_ai.request.model": model,
        "gen_ai.response.model": model,
        "gen_ai.usage.input_tokens": rng.randint(20, 2000),
        "gen_ai.usage.output_tokens": rng.randint(5, 500),
        "gen_ai.response.finish_reasons": ["stop"],
        "gen_ai.input.messages": json.dumps([{"role": "user", "parts": [{"type": "text", "content": "Describe person %d." % i}]}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": reply}], "finish_reason": "stop"}]),
    }
    return {"traceId": trace, "spanId": "%016x" % (0x100000 + i), "name": "chat " + model, "kind": 3,
            "startTimeUnixNano": str(start), "endTimeUnixNano": str(start + rng.randint(100, 3000) * 1000000),
            "attributes": [kv(k, v) for k, v in attributes.items()], "status": {}}


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    per_line = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    rng = random.Random(24)
    with open(out, "w") as f:
        for first in range(0, count, per_line):
            spans = []
            for i in range(first, min(first + per_line, count)):
                spans.append(span(i, rng))
                if i % 10 == 0:
                    spans.append({"traceId": "%032x" % (0x1000 + i // 4), "spanId": "%016x" % (0x900000 + i), "name": "POST",
                                  "startTimeUnixNano": "1", "endTimeUnixNano": "2", "attributes": [kv("http.request.method", "POST")]})
            request = {"resourceSpans": [{"resource": {"attributes": [kv("service.name", "bench")]},
                                          "scopeSpans": [{"scope": {"name": "bench"}, "spans": spans}]}]}
            f.write(json.dumps(request, separators=(",", ":")) + "\n")


main()
