#!/usr/bin/env bash
# Fleet throughput: what three `filingdesk run` processes sharing the fleet gate (one private redis-server) get
# from a registry whose Delaware connection cap equals the fleet cap, against what CAP plain clients with no gate
# get from the same registry in the same run (the ceiling: CAP requests always in flight).
#
#   bench/fleet_throughput.sh [BUILD_DIR] [FILINGS_PER_PROCESS] [CAP] [LATENCY_MS]
#                              (defaults: build/ci, 600, 8, 10)
#
# A third phase runs three members with nothing but the gate (bench/gate_fleet_client) to separate the gate's
# cost from the engine's. Prints, for each phase, filings/s over its busy window (first request sent to last answer, from the sandbox's
# counters and the audit databases), the fleet/plain ratio, the peak in flight against the cap (GET
# /sandbox/stats), and the CPU time (user+system, /usr/bin/time) per filing of each filingdesk process.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/ci}
per_process=${2:-600}
cap=${3:-8}
latency=${4:-10}
processes=3
work=$(mktemp -d "${TMPDIR:-/tmp}/filingdesk-fleet-bench.XXXXXX")
redis_pid=
sandbox_pid=
cleanup() {
  [[ -n $sandbox_pid ]] && kill "$sandbox_pid" 2>/dev/null || true
  [[ -n $redis_pid ]] && kill "$redis_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >/dev/null 2>&1 &
redis_pid=$!
for _ in $(seq 1 100); do redis-cli -p "$redis_port" ping 2>/dev/null | grep -q PONG && break; sleep 0.1; done

sandbox_port=$(free_port)
"$build/bin/filingdesk-sandbox" --port "$sandbox_port" --latency-ms "$latency:$latency" --cap "US-DE=$cap" \
  >"$work/sandbox.out" 2>"$work/sandbox.err" &
sandbox_pid=$!
for _ in $(seq 1 100); do grep -q listening "$work/sandbox.out" 2>/dev/null && break; sleep 0.1; done
registry="http://127.0.0.1:$sandbox_port"

# Portfolios: distinct Delaware corporations per process.
/usr/bin/python3 - "$work" "$per_process" "$processes" <<'PY'
import csv, sys
work, n, processes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for p in range(processes):
    with open(f"{work}/fleet_{p}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entity_id", "entity_name", "entity_type", "jurisdiction", "formation_date",
                    "registered_agent", "status", "risk_tier", "ein"])
        for i in range(n):
            w.writerow([f"BENCH-{p}-DE-{i:05d}", f"Bench {p} Delaware Holdings {i:05d} Inc.", "corporation", "DE",
                        "2015-05-01", "The Corporation Trust Company", "active", 1 + i % 5, ""])
PY

# Phase 1: CAP plain clients, no gate, keep-alive connections, distinct filings.
/usr/bin/python3 - "$sandbox_port" "$cap" "$((per_process * processes))" >"$work/plain.json" <<'PY'
import hashlib, http.client, json, sys, threading, time
port, threads, total = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
lock = threading.Lock()
state = {"next": 0, "accepted": 0, "errors": 0}
def worker():
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while True:
        with lock:
            i = state["next"]
            if i >= total:
                return
            state["next"] += 1
        entity = f"PLAIN-DE-{i:06d}"
        key = hashlib.sha256(f"plain|{entity}|US-DE|2027".encode()).hexdigest()
        body = json.dumps({"idempotency_key": key, "entity_id": entity, "entity_name": f"Plain Holdings {i} Inc.",
                           "jurisdiction": "US-DE", "filing_type": "ANNUAL_FRANCHISE_TAX_REPORT",
                           "filing_year": 2027, "fee_cents": 17500, "payload": {}})
        conn.request("POST", "/v1/filings", body, {"Content-Type": "application/json", "Idempotency-Key": key})
        response = conn.getresponse()
        response.read()
        with lock:
            state["accepted" if response.status == 201 else "errors"] += 1
start = time.monotonic()
pool = [threading.Thread(target=worker) for _ in range(threads)]
for t in pool: t.start()
for t in pool: t.join()
wall = time.monotonic() - start
print(json.dumps({"accepted": state["accepted"], "errors": state["errors"], "wall_s": wall}))
PY
curl -fsS "$registry/sandbox/stats" >"$work/plain-stats.json"
curl -fsS -X POST "$registry/sandbox/reset" >/dev/null

# Phase 2: three filingdesk processes as one fleet at cap CAP.
start=$(date +%s.%N)
pids=()
for p in $(seq 0 $((processes - 1))); do
  /usr/bin/time -f '%U %S %e %M' -o "$work/time_$p.txt" "$build/bin/filingdesk" run \
    --portfolio "$work/fleet_$p.csv" --as-of 2027-02-15 --registry "$registry" \
    --redis "redis://127.0.0.1:$redis_port" --limit "US-DE=$cap" --db "$work/audit_$p.sqlite" \
    --json --quiet >"$work/run_$p.json" 2>"$work/run_$p.err" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || { echo "a filingdesk process failed:" >&2; cat "$work"/run_*.err >&2; exit 1; }; done
end=$(date +%s.%N)
curl -fsS "$registry/sandbox/stats" >"$work/fleet-stats.json"
redis-cli -p "$redis_port" info commandstats >"$work/commandstats.txt"
curl -fsS -X POST "$registry/sandbox/reset" >/dev/null

# Phase 3: three members with nothing but the gate (bench/gate_fleet_client.cpp): the gate's own ceiling.
gate_client="$build/bin/gate_fleet_client"
if [[ -x $gate_client ]]; then
  gstart=$(date +%s.%N)
  pids=()
  for p in $(seq 0 $((processes - 1))); do
    /usr/bin/time -f '%U %S %e %M' -o "$work/gtime_$p.txt" "$gate_client" --redis "redis://127.0.0.1:$redis_port" \
      --registry "$registry" --cap "$cap" --count "$per_process" --prefix "GATE-$p" >"$work/gate_$p.json" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || { echo "a gate_fleet_client failed" >&2; exit 1; }; done
  gend=$(date +%s.%N)
  curl -fsS "$registry/sandbox/stats" >"$work/gate-stats.json"
  echo "$gstart $gend" >"$work/gate-window.txt"
fi

/usr/bin/python3 - "$work" "$processes" "$cap" "$start" "$end" <<'PY'
import json, sqlite3, sys
from datetime import datetime
work, processes, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
wall = float(sys.argv[5]) - float(sys.argv[4])
plain = json.load(open(f"{work}/plain.json"))
plain_stats = json.load(open(f"{work}/plain-stats.json"))["jurisdictions"]["US-DE"]
fleet_stats = json.load(open(f"{work}/fleet-stats.json"))["jurisdictions"]["US-DE"]
plain_rate = plain["accepted"] / plain["wall_s"]

def ms(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()

first, last, completed, rows = None, None, 0, []
for p in range(processes):
    db = sqlite3.connect(f"file:{work}/audit_{p}.sqlite?mode=ro", uri=True)
    f, = db.execute("SELECT MIN(at_utc) FROM audit WHERE to_state = 'DISPATCHING'").fetchone()
    l, = db.execute("SELECT MAX(at_utc) FROM audit WHERE to_state = 'COMPLETED'").fetchone()
    n, = db.execute("SELECT COUNT(*) FROM tasks WHERE state = 'COMPLETED'").fetchone()
    first = ms(f) if first is None else min(first, ms(f))
    last = ms(l) if last is None else max(last, ms(l))
    completed += n
    user, system, elapsed, rss = open(f"{work}/time_{p}.txt").read().split()[-4:]
    rows.append((p, n, float(user) + float(system), float(elapsed), int(rss)))
busy = last - first
fleet_rate = completed / busy
print(f"registry: US-DE cap {cap}; {processes} processes x {completed // processes} filings")
print(f"plain clients ({cap} threads, no gate): {plain['accepted']} filings in {plain['wall_s']:.2f} s = "
      f"{plain_rate:.0f} filings/s; peak in flight {plain_stats['max_in_flight']} / cap {cap}; "
      f"rejected by the cap {plain_stats['rejected']['cap']}")
print(f"fleet ({processes} filingdesk run, gate on Redis): {completed} filings, busy window {busy:.2f} s = "
      f"{fleet_rate:.0f} filings/s (wall incl. start-up and planning {wall:.2f} s = {completed / wall:.0f}/s); "
      f"peak in flight {fleet_stats['max_in_flight']} / cap {cap}; rejected by the cap "
      f"{fleet_stats['rejected']['cap']}; duplicates {json.load(open(f'{work}/fleet-stats.json'))['duplicate_filings']}")
print(f"ratio fleet / plain: {100 * fleet_rate / plain_rate:.1f} %")
# The gate's cost in Redis: commands (round trips) and server time per filing.
calls, usec = 0, 0.0
for line in open(f"{work}/commandstats.txt"):
    if line.startswith("cmdstat_eval"):
        fields = dict(kv.split("=") for kv in line.split(":", 1)[1].strip().split(","))
        calls += int(fields["calls"])
        usec += float(fields["usec"])
print(f"gate: {calls / completed:.2f} scripts (EVALSHA/EVAL) per filing, Redis time {usec / completed:.0f} us per "
      f"filing")
import os
if os.path.exists(f"{work}/gate-window.txt"):
    gstart, gend = map(float, open(f"{work}/gate-window.txt").read().split())
    gstats = json.load(open(f"{work}/gate-stats.json"))["jurisdictions"]["US-DE"]
    gfiled = sum(json.load(open(f"{work}/gate_{p}.json"))["filed"] for p in range(processes))
    gbusy = max(json.load(open(f"{work}/gate_{p}.json"))["wall_s"] for p in range(processes))
    gcpu = [sum(map(float, open(f"{work}/gtime_{p}.txt").read().split()[-4:-2])) for p in range(processes)]
    print(f"gate only ({processes} gate_fleet_client, same gate, no engine): {gfiled} filings, busy {gbusy:.2f} s = "
          f"{gfiled / gbusy:.0f} filings/s (wall incl. start-up {gend - gstart:.2f} s); peak in flight "
          f"{gstats['max_in_flight']} / cap {cap}; rejected by the cap {gstats['rejected']['cap']}; ratio to plain "
          f"{100 * gfiled / gbusy / plain_rate:.1f} %; CPU "
          + ", ".join(f"{1000 * c / per:.2f}" for c, per in zip(gcpu, [gfiled / processes] * processes))
          + " ms/filing")
print("filingdesk processes:")
for p, n, cpu, elapsed, rss in rows:
    print(f"  process {p}: {n} filings, CPU {cpu:.2f} s = {1000 * cpu / max(n, 1):.2f} ms/filing, "
          f"elapsed {elapsed:.2f} s, max RSS {rss / 1024:.0f} MiB")
PY
