#!/usr/bin/env bash
# Times a whole headless batch: N generated Delaware/Texas/Florida entities filed through the fleet gate (a private
# redis-server) against the sandbox registry, and reports wall time, tasks per second and peak memory (max RSS).
#
#   bench/headless_run.sh [BUILD_DIR] [ENTITIES]     (defaults: build/ci, 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/ci}
n=${2:-10000}
work=$(mktemp -d "${TMPDIR:-/tmp}/filingdesk-bench.XXXXXX")
trap 'kill $redis_pid 2>/dev/null || true; rm -rf "$work"' EXIT

/usr/bin/python3 - "$work/portfolio.csv" "$n" <<'PY'
import csv, sys
path, n = sys.argv[1], int(sys.argv[2])
states = ["US-DE", "US-DE", "US-DE", "US-TX", "US-FL"]
types = ["corporation", "llc", "corporation", "corporation", "llc"]
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["entity_id", "entity_name", "entity_type", "jurisdiction", "formation_date", "registered_agent",
                "status", "risk_tier", "ein"])
    for i in range(n):
        w.writerow([f"bench-{i:06d}", f"Bench Holdings {i} " + ("Inc." if types[i % 5] == "corporation" else "LLC"),
                    types[i % 5], states[i % 5], f"{2000 + i % 20}-{1 + i % 12:02d}-15", "CT Corporation System",
                    "active", 1 + i % 5, ""])
PY

port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >/dev/null 2>&1 &
redis_pid=$!
for _ in $(seq 1 100); do redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && break; sleep 0.1; done

start=$(date +%s.%N)
/usr/bin/time -v -o "$work/time.txt" "$build/bin/filingdesk" run --portfolio "$work/portfolio.csv" --as-of 2027-02-15 \
  --sandbox --sandbox-arg=--default-cap=64 --redis "redis://127.0.0.1:$port" --limit US-DE=32 --limit US-TX=16 \
  --limit US-FL=16 --db "$work/audit.sqlite" --json --quiet >"$work/run.json"
end=$(date +%s.%N)
/usr/bin/python3 - "$work/run.json" "$work/time.txt" "$start" "$end" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(sys.argv[2]).read()).group(1)
wall = float(sys.argv[4]) - float(sys.argv[3])
print(f"entities {d['rows']}, tasks {d['tasks']}, states {d['states']}")
print(f"wall {wall:.1f} s, {d['tasks'] / wall:.0f} tasks/s, peak RSS {int(rss) / 1024:.0f} MiB")
PY
