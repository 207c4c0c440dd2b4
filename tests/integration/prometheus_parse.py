#!/usr/bin/env python3
"""Parses a Prometheus text exposition (format 0.0.4) read from stdin with an independent implementation, the
official Python client's parser (prometheus_client.parser.text_string_to_metric_families; Debian:
python3-prometheus-client), and prints what it saw as one JSON object for tst_metrics_server:

    {"families": [{"name", "type", "help", "samples": [{"name", "labels": {...}, "value"}]}]}

Family names are the parser's (a counter's `_total` suffix is dropped); sample values are numbers, or the
strings "NaN", "+Inf", "-Inf" (JSON has no such numbers). Exit 1 with the parser's message on stderr when the
input does not parse.
"""

import json
import math
import sys

from prometheus_client.parser import text_string_to_metric_families


def value_of(v):
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "+Inf" if v > 0 else "-Inf"
    return v


def main():
    text = sys.stdin.buffer.read().decode("utf-8")
    try:
        families = list(text_string_to_metric_families(text))
    except Exception as e:  # the parser raises ValueError and others on malformed input
        print("parse error: %s: %s" % (type(e).__name__, e), file=sys.stderr)
        return 1
    out = {"families": []}
    for family in families:
        out["families"].append({
            "name": family.name,
            "type": family.type,
            "help": family.documentation,
            "samples": [{"name": s.name, "labels": dict(s.labels), "value": value_of(s.value)}
                        for s in family.samples],
        })
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
