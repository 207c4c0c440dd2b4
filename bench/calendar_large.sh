#!/usr/bin/env bash
# CPU and peak memory of one `filingdesk calendar` over a large portfolio: N generated entities (corporations,
# LLCs and LPs, with formation dates, every tenth with the state's file number) spread over the first 50 US
# jurisdictions of resources/rules/us-rules.json, exported for a year from a fixed as-of date. Prints CPU
# seconds (user + system, the whole process), peak RSS, and what the calendar holds.
#
#   bench/calendar_large.sh [BUILD_DIR] [ENTITIES] [EXTRA ARGS...]     (defaults: build/release 100000)
#   e.g. bench/calendar_large.sh build/release 100000 --group-by-day
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
n=${2:-100000}
shift $(($# < 2 ? $# : 2))
work=$(mktemp -d "${TMPDIR:-/tmp}/filingdesk-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$work/portfolio.csv" "$n" resources/rules/us-rules.json <<'PY'
import csv, json, sys
path, n, rules = sys.argv[1], int(sys.argv[2]), sys.argv[3]
codes = [j["code"] for j in json.load(open(rules))["jurisdictions"]][:50]
types = ["corporation", "llc", "lp"]
suffix = {"corporation": "Inc.", "llc": "LLC", "lp": "L.P."}
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["entity_id", "entity_name", "entity_type", "jurisdiction", "formation_date", "registered_agent",
                "status", "risk_tier", "ein", "registry_id"])
    for i in range(n):
        t = types[i % 3]
        w.writerow([f"cal-{i:06d}", f"Calendar Holdings {i} {suffix[t]}", t, codes[i % len(codes)],
                    f"{1990 + i % 35}-{1 + i % 12:02d}-{1 + i % 28:02d}", "CT Corporation System", "active",
                    1 + i % 5, f"12-{1000000 + i % 9000000}", f"{i:07d}" if i % 10 == 0 else ""])
print(f"portfolio: {n} entities over {len(codes)} jurisdictions")
PY

/usr/bin/time -v -o "$work/time.txt" "$build/bin/filingdesk" calendar --portfolio "$work/portfolio.csv" \
  --out "$work/deadlines.ics" --as-of 2026-11-29 --json "$@" >"$work/calendar.json" 2>"$work/calendar.err"
python3 - "$work/calendar.json" "$work/time.txt" "$work/deadlines.ics" <<'PY'
import json, os, re, sys
d = json.load(open(sys.argv[1]))
t = open(sys.argv[2]).read()
def field(name):
    return re.search(re.escape(name) + r": ([\d.]+)", t).group(1)
user, system = float(field("User time (seconds)")), float(field("System time (seconds)"))
rss = int(field("Maximum resident set size (kbytes)"))
print(f"rows {d['rows']} ({d['rows_with_obligations']} with obligations, {d['needs_data']} need data, "
      f"{d['out_of_scope']} out of scope), {d['events']} events for {d['filings']} filings, "
      f"{d['undated_filings']} undated; .ics {os.path.getsize(sys.argv[3]) / 1e6:.0f} MB")
print(f"CPU {user + system:.2f} s (user {user:.2f}, system {system:.2f}), peak RSS {rss * 1024 / 1e6:.0f} MB")
PY
