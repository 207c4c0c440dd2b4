#!/usr/bin/env bash
# CPU per filing of one `filingdesk run` (in-process gate) against the sandbox registry, and whether the engine
# keeps the jurisdiction's cap full: N Delaware filings, registry latency L ms, cap C. Prints CPU per filing
# (user + system, the whole process including its fsyncs), the peak in flight the registry itself saw against the
# cap, throughput against the bound (cap / latency), and peak memory.
#
#   bench/engine_cpu.sh [BUILD_DIR] [FILINGS] [LATENCY_MS] [CAP]     (defaults: build/ci 1920 10 8)
#
# BENCH_WRAP runs the filingdesk process under a profiler, e.g. BENCH_WRAP="perf record -g -o /tmp/perf.data --".
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/ci}
n=${2:-1920}
latency=${3:-10}
cap=${4:-8}
work=$(mktemp -d "${TMPDIR:-/tmp}/filingdesk-bench.XXXXXX")
sandbox_pid=
trap '[[ -n $sandbox_pid ]] && kill $sandbox_pid 2>/dev/null; rm -rf "$work"' EXIT

python3 - "$work/portfolio.csv" "$n" <<'PY'
import csv, sys
path, n = sys.argv[1], int(sys.argv[2])
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["entity_id", "entity_name", "entity_type", "jurisdiction", "formation_date", "registered_agent",
                "status", "risk_tier", "ein", "fiscal_year_end", "authorized_shares"])
    for i in range(n):
        w.writerow([f"cpu-{i:06d}", f"Bench Delaware {i} Inc.", "corporation", "US-DE", "2010-05-04",
                    "CT Corporation System", "active", 1 + i % 5, "", "", 5000])
PY

"$build/bin/filingdesk-sandbox" --port 0 --latency-ms "$latency:$latency" --cap "US-DE=$cap" \
  >"$work/sandbox.out" 2>/dev/null &
sandbox_pid=$!
for _ in $(seq 1 100); do grep -q listening "$work/sandbox.out" 2>/dev/null && break; sleep 0.05; done
url=$(sed -n 's/^listening on //p' "$work/sandbox.out")

start=$(date +%s.%N)
${BENCH_WRAP:-} /usr/bin/time -f "%U %S %M" -o "$work/time.txt" "$build/bin/filingdesk" run --portfolio "$work/portfolio.csv" \
  --as-of 2027-02-15 --registry "$url" --limit "US-DE=$cap" --db "$work/audit.sqlite" --json --quiet \
  >"$work/run.json"
end=$(date +%s.%N)
curl -s "$url/sandbox/stats" >"$work/stats.json" 2>/dev/null ||
  python3 -c "import urllib.request,sys; sys.stdout.write(urllib.request.urlopen('$url/sandbox/stats').read().decode())" \
    >"$work/stats.json"

python3 - "$work/run.json" "$work/time.txt" "$work/stats.json" "$start" "$end" "$latency" "$cap" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
user, system, rss = open(sys.argv[2]).read().split()
stats = json.load(open(sys.argv[3]))
wall = float(sys.argv[5]) - float(sys.argv[4])
latency, cap = float(sys.argv[6]), int(sys.argv[7])
filed = run["states"].get("COMPLETED", 0)
cpu = float(user) + float(system)
de = stats["jurisdictions"]["US-DE"]
bound = cap / (latency / 1000.0)
print(f"filings {filed} of {run['tasks']}, wall {wall:.2f} s, {filed / wall:.0f} filings/s "
      f"({100 * filed / wall / bound:.0f} % of the bound {bound:.0f}/s = cap / latency)")
print(f"CPU {cpu:.2f} s (user {user}, system {system}): {1000 * cpu / max(filed, 1):.3f} ms per filing")
print(f"peak in flight at the registry {de['max_in_flight']} of cap {cap}; duplicates "
      f"{stats.get('duplicate_filings', 0)}; peak RSS {int(rss) / 1024:.0f} MiB")
PY
