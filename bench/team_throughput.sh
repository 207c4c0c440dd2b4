#!/usr/bin/env bash
# Team mode throughput and cost: FILINGS filings over five jurisdictions (US-DE, US-CA, US-NY, US-TX, US-FL), a
# fleet cap of CAP each, registry latency LATENCY ms. Runs the same launched batch with 1, 2 and 4 `filingdesk
# worker` processes on a private PostgreSQL ledger and redis-server, and once without a ledger (one `filingdesk
# run` on its own SQLite, the single-desk default). Prints, per run: wall time, filings/s against the bound
# (sum of caps / latency), filings/s while sending (from the first DISPATCHING to the last COMPLETED audit row:
# no start-up, no idle wait), CPU per filing of the workers, of PostgreSQL and of Redis, ledger transactions per
# filing, and duplicates the registry saw (always 0).
#
#   bench/team_throughput.sh [BUILD_DIR] [FILINGS] [LATENCY_MS] [CAP]     (defaults: build/ci 10000 50 8)
#   BENCH_WORKERS="1 2 4 8" sets the fleet sizes run (default "1 2 4").
#   BENCH_TIMELINE=1 prints each run's filings completed per second, on stderr.
#   BENCH_PG_STATEMENTS=N prints each fleet's N statements that took PostgreSQL longest (pg_stat_statements),
#   on stderr.
#   BENCH_WRAP runs each fleet's first worker under a profiler, %n standing for the fleet size, e.g.
#   BENCH_WRAP="perf record -g -o /tmp/worker-%n.data --".
# Needs root or the postgres system user for initdb (as the tests do).
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build/ci}")
n=${2:-10000}
latency=${3:-50}
cap=${4:-8}
work=$(mktemp -d "${TMPDIR:-/tmp}/filingdesk-team-bench.XXXXXX")
chmod 755 "$work"
pids=()
pgbin=/usr/lib/postgresql/15/bin
as_pg=()
[[ $(id -u) -eq 0 ]] && as_pg=(runuser -u postgres --)
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [[ -d $work/pg ]] && "${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

python3 - "$work/portfolio.csv" "$n" <<'PY'
import csv, sys
path, n = sys.argv[1], int(sys.argv[2])
states = ["US-DE", "US-CA", "US-NY", "US-TX", "US-FL"]
with open(path, "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["entity_id", "entity_name", "entity_type", "jurisdiction", "formation_date", "registered_agent",
                "status", "risk_tier", "ein", "fiscal_year_end", "authorized_shares"])
    for i in range(n):
        w.writerow([f"team-{i:06d}", f"Bench Team {i} LLC", "llc", states[i % 5], "2010-03-04",
                    "CT Corporation System", "active", 1 + i % 5, "", "", ""])
PY

mkdir -p "$work/pg" && chown postgres "$work/pg" 2>/dev/null || true
pg_port=$(free_port)
"${as_pg[@]}" "$pgbin/initdb" -D "$work/pg/data" -A trust -U fd >/dev/null
pg_opts="-p $pg_port -k $work/pg -c listen_addresses=127.0.0.1"
[[ -n ${BENCH_PG_STATEMENTS:-} ]] && pg_opts+=" -c shared_preload_libraries=pg_stat_statements"
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg/data" -o "$pg_opts" -l "$work/pg/log" -w start >/dev/null
redis_port=$(free_port)
redis-server --port "$redis_port" --save '' --appendonly no >/dev/null 2>&1 &
pids+=($!)

caps=(--default-cap "$cap")
limits=()
for j in US-DE US-CA US-NY US-TX US-FL; do limits+=(--limit "$j=$cap"); done
"$build/bin/filingdesk-sandbox" --port 0 --latency-ms "$latency:$latency" --ignore-idempotency-key "${caps[@]}" \
  >"$work/sandbox.out" 2>/dev/null &
pids+=($!)
for _ in $(seq 1 100); do grep -q listening "$work/sandbox.out" 2>/dev/null && break; sleep 0.05; done
url=$(sed -n 's/^listening on //p' "$work/sandbox.out")
printf '{"default_limit": %d, "global_limit": %d}\n' "$cap" $((5 * cap)) >"$work/config.json"

cpu_of() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
pg_cpu() { # CPU ticks of every process of this cluster (postmaster, backends, WAL writer, checkpointer)
  local total=0 pm
  pm=$(head -1 "$work/pg/data/postmaster.pid")
  # The postmaster's own time plus what it has reaped from backends that ended (cutime, cstime), plus the
  # backends still alive.
  total=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$pm/stat")
  for p in $(pgrep -P "$pm" || true); do
    total=$((total + $(cpu_of "$p")))
  done
  echo $total
}
tick=$(getconf CLK_TCK)

report() { # name wall filings worker_cpu_s pg_ticks redis_ticks txns span_s
  python3 - "$@" "$latency" "$cap" "$tick" "$url" <<'PY'
import json, sys, urllib.request
name, wall, filed, wcpu, pg, redis, txns, span, latency, cap, tick, url = sys.argv[1:]
wall, filed, wcpu, span = float(wall), int(filed), float(wcpu), float(span)
pg, redis, tick = int(pg) / int(tick), int(redis) / int(tick), int(tick)
stats = json.load(urllib.request.urlopen(url + "/sandbox/stats"))
bound = 5 * int(cap) / (float(latency) / 1000)
per = lambda s: f"{1000 * s / max(filed, 1):.2f}"
sending = f"{filed / span:.0f} ({100 * filed / span / bound:.0f} %)" if span > 0 else "?"
print(f"| {name} | {filed} | {wall:.1f} | {filed / wall:.0f} | {100 * filed / wall / bound:.0f} % | {sending} | "
      f"{per(wcpu)} | {per(pg)} | {per(redis)} | {int(txns) / max(filed, 1):.2f} | {stats['duplicate_filings']} |")
PY
}

# The audit rows' times (ISO 8601, UTC) of one run, one per line: "D <time>" for a DISPATCHING, "C <time>" for a
# COMPLETED. span and timeline read them.
audit_times_sqlite() { # SQLITE_FILE
  python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for at, to in db.execute("SELECT at_utc, to_state FROM audit WHERE to_state IN ('DISPATCHING', 'COMPLETED')"):
    print(to[0], at)
PY
}
audit_times_ledger() { # DATABASE
  psql -At -F ' ' -h 127.0.0.1 -p "$pg_port" -U fd -d "$1" -c \
    "SELECT left(to_state, 1), at_utc FROM audit WHERE to_state IN ('DISPATCHING', 'COMPLETED')"
}
span() { # reads audit_times_*: seconds from the first DISPATCHING to the last COMPLETED
  python3 -c '
import sys
from datetime import datetime
rows = [line.split() for line in sys.stdin if line.strip()]
t = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()
sent = [t(at) for kind, at in rows if kind == "D"]
done = [t(at) for kind, at in rows if kind == "C"]
print(f"{max(done) - min(sent):.3f}" if sent and done else 0)'
}
timeline() { # NAME, reads audit_times_*: COMPLETED per second from the first DISPATCHING, on stderr
  [[ -z ${BENCH_TIMELINE:-} ]] && { cat >/dev/null; return; }
  python3 -c '
import sys
from collections import Counter
from datetime import datetime
rows = [line.split() for line in sys.stdin if line.strip()]
t = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()
first = min(t(at) for kind, at in rows if kind == "D")
per = Counter(int(t(at) - first) for kind, at in rows if kind == "C")
print(sys.argv[1] + ": filings completed per second, from the first sent: " +
      " ".join(str(per[s]) for s in range(max(per) + 1)), file=sys.stderr)' "$1"
}

echo "bound: 5 jurisdictions x cap $cap / ${latency} ms = $((5 * cap * 1000 / latency)) filings/s; $n filings"
echo "| run | filings | wall s | filings/s | of bound | filings/s while sending | worker CPU ms/filing | PostgreSQL CPU ms/filing | Redis CPU ms/filing | ledger commits/filing | duplicates |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"

# Single desk, no ledger.
curl -s -XPOST "$url/sandbox/reset" >/dev/null
redis_before=$(cpu_of "${pids[0]}")
start=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$work/time-single.txt" "$build/bin/filingdesk" run --portfolio "$work/portfolio.csv" \
  --as-of 2027-02-15 --registry "$url" --redis "redis://127.0.0.1:$redis_port" "${limits[@]}" \
  --config "$work/config.json" --db "$work/single.sqlite" --json --quiet >"$work/single.json" || true
end=$(date +%s.%N)
filed=$(python3 -c "import json; print(json.load(open('$work/single.json'))['states'].get('COMPLETED', 0))")
wcpu=$(awk '{print $1 + $2}' "$work/time-single.txt")
audit_times_sqlite "$work/single.sqlite" | timeline "single desk"
report "single desk (SQLite, no ledger)" "$(echo "$end - $start" | bc)" "$filed" "$wcpu" 0 \
  $(($(cpu_of "${pids[0]}") - redis_before)) 0 "$(audit_times_sqlite "$work/single.sqlite" | span)"

for workers in ${BENCH_WORKERS:-1 2 4}; do
  db="w$workers"
  psql -q -h 127.0.0.1 -p "$pg_port" -U fd -d postgres -c "CREATE DATABASE $db" >/dev/null
  ledger="postgresql://fd@127.0.0.1:$pg_port/$db"
  curl -s -XPOST "$url/sandbox/reset" >/dev/null
  redis-cli -p "$redis_port" flushall >/dev/null
  "$build/bin/filingdesk" launch --ledger "$ledger" --portfolio "$work/portfolio.csv" --as-of 2027-02-15 \
    --config "$work/config.json" >/dev/null 2>&1
  if [[ -n ${BENCH_PG_STATEMENTS:-} ]]; then
    psql -q -h 127.0.0.1 -p "$pg_port" -U fd -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" \
      -c "SELECT pg_stat_statements_reset()" >/dev/null
  fi
  commits_before=$(psql -At -h 127.0.0.1 -p "$pg_port" -U fd -d "$db" -c \
    "SELECT xact_commit FROM pg_stat_database WHERE datname = '$db'")
  pg_before=$(pg_cpu)
  redis_before=$(cpu_of "${pids[0]}")
  start=$(date +%s.%N)
  wp=()
  for i in $(seq 1 "$workers"); do
    wrap=()
    [[ $i -eq 1 && -n ${BENCH_WRAP:-} ]] && read -r -a wrap <<<"${BENCH_WRAP/\%n/$workers}"
    "${wrap[@]}" /usr/bin/time -f "%U %S" -o "$work/time-$db-$i.txt" "$build/bin/filingdesk" worker --ledger "$ledger" \
      --redis "redis://127.0.0.1:$redis_port" --registry "$url" "${limits[@]}" --config "$work/config.json" \
      --db "$work/$db-$i.sqlite" --exit-when-idle 2>"$work/$db-$i.log" &
    wp+=($!)
  done
  for p in "${wp[@]}"; do wait "$p" || true; done
  end=$(date +%s.%N)
  commits=$(( $(psql -At -h 127.0.0.1 -p "$pg_port" -U fd -d "$db" -c \
    "SELECT xact_commit FROM pg_stat_database WHERE datname = '$db'") - commits_before ))
  filed=$(psql -At -h 127.0.0.1 -p "$pg_port" -U fd -d "$db" -c "SELECT count(*) FROM tasks WHERE state = 'COMPLETED'")
  wcpu=$(cat "$work"/time-"$db"-*.txt | awk '{s += $1 + $2} END {print s}')
  # Workers wait up to 2 s to be sure they are idle (two checks a second apart): not filing time.
  wall=$(echo "$end - $start - 2" | bc)
  if [[ -n ${BENCH_PG_STATEMENTS:-} ]]; then
    psql -h 127.0.0.1 -p "$pg_port" -U fd -d "$db" -P pager=off -c "SELECT calls, round(total_exec_time::numeric, 0) \
      AS total_ms, round((total_exec_time / calls)::numeric, 3) AS ms_each, rows, left(regexp_replace(query, \
      '\s+', ' ', 'g'), 90) AS statement FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database \
      WHERE datname = '$db') ORDER BY total_exec_time DESC LIMIT ${BENCH_PG_STATEMENTS}" >&2
  fi
  audit_times_ledger "$db" | timeline "$workers worker(s)"
  report "$workers worker(s), team ledger" "$wall" "$filed" "$wcpu" $(($(pg_cpu) - pg_before)) \
    $(($(cpu_of "${pids[0]}") - redis_before)) "$commits" "$(audit_times_ledger "$db" | span)"
done
