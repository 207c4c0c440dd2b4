#!/usr/bin/env python3
"""A worker that still runs the Python reference gate (docs/gate-wire.md, section 1), for the fleet tests.

It files `--count` Delaware filings against a Registry API v1 server (registry-api-v1.md), each one only while it
holds a permit in the reference's permit set (`sos:de:inflight`), acquired with the reference's Lua script
verbatim and scored with this process's own clock, exactly like an older worker of the fleet. FilingDesk engines
sharing the key must count its permits against the same cap.

Synchronous redis-py and urllib (python3-redis from the distribution, no httpx) with `--concurrency` threads, so
it runs on any Python 3 that has the distribution's python3-redis (the tests run it with FILINGDESK_PYTHON).

Prints one JSON object on stdout: {"filed", "replayed", "denied", "errors", "max_members_seen", ...}. Exit 0 when
every filing was accepted, 1 otherwise, 2 on bad arguments or when Redis is unreachable at start.

`--hold` instead acquires `--limit` permits, prints {"held": [tokens]} and sleeps: a holder that the test kills.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

import redis

# The reference's acquire script, verbatim (the wire format every member of the fleet must keep).
_ACQUIRE_LUA = """
local key   = KEYS[1]
local now   = tonumber(ARGV[1])
local ttl   = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local token = ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, 0, now - ttl)   -- reclaim permits leaked by dead workers
if redis.call('ZCARD', key) < limit then
    redis.call('ZADD', key, now, token)             -- take a permit, scored by acquisition time
    redis.call('PEXPIRE', key, ttl)                 -- backstop: whole set self-expires if idle
    return 1
end
return 0
"""


class Gate:
    """The reference DistributedConcurrencyGate, synchronous: same key, script, token format and release."""

    def __init__(self, client: redis.Redis, key: str, limit: int, lease_ms: int, poll_s: float, timeout_s: float):
        self._redis = client
        self._key = key
        self._limit = limit
        self._lease_ms = lease_ms
        self._poll_s = poll_s
        self._timeout_s = timeout_s
        self._acquire = client.register_script(_ACQUIRE_LUA)
        self._lock = threading.Lock()
        self.denied = 0
        self.max_members_seen = 0

    def try_acquire(self, token: str) -> bool:
        now_ms = int(time.time() * 1000)
        granted = self._acquire(keys=[self._key], args=[now_ms, self._lease_ms, self._limit, token])
        return bool(granted)

    def acquire(self) -> str:
        token = uuid.uuid4().hex
        deadline = time.monotonic() + self._timeout_s
        while not self.try_acquire(token):
            with self._lock:
                self.denied += 1
            if time.monotonic() >= deadline:
                raise TimeoutError("global in-flight gate saturated")
            time.sleep(self._poll_s)
        # Witness only (not part of the protocol): how full the shared set was while we held a permit.
        members = self._redis.zcard(self._key)
        with self._lock:
            self.max_members_seen = max(self.max_members_seen, members)
        return token

    def release(self, token: str) -> None:
        # Release explicitly; the lease is only the crash backstop.
        self._redis.zrem(self._key, token)


def post_filing(registry: str, index: int, prefix: str, timeout_s: float) -> tuple[int, dict]:
    entity_id = f"{prefix}-{index:04d}"
    key = hashlib.sha256(f"reference-worker|{entity_id}|US-DE|2027".encode()).hexdigest()
    body = {
        "idempotency_key": key,
        "entity_id": entity_id,
        "entity_name": f"Reference Worker Holdings {index:04d} Inc.",
        "jurisdiction": "US-DE",
        "filing_type": "ANNUAL_FRANCHISE_TAX_REPORT",
        "filing_year": 2027,
        "fee_cents": 17500,
        "payload": {},
    }
    request = urllib.request.Request(
        registry.rstrip("/") + "/v1/filings",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Idempotency-Key": key},
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--redis-host", default="127.0.0.1")
    parser.add_argument("--redis-port", type=int, required=True)
    parser.add_argument("--key", default="sos:de:inflight")
    parser.add_argument("--limit", type=int, required=True)
    parser.add_argument("--lease-ms", type=int, default=15000)
    parser.add_argument("--registry", help="Registry API v1 base URL")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=3)
    parser.add_argument("--prefix", default="REFWORKER")
    parser.add_argument("--poll-s", type=float, default=0.2)
    parser.add_argument("--acquire-timeout-s", type=float, default=60.0)
    parser.add_argument("--wait-for-fleet-s", type=float, default=0.0,
                        help="first wait (bounded) until another member holds a permit, so the run overlaps")
    parser.add_argument("--hold", action="store_true", help="acquire --limit permits and sleep until killed")
    args = parser.parse_args()

    client = redis.Redis(host=args.redis_host, port=args.redis_port, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as error:
        print(json.dumps({"error": f"redis unreachable: {error}"}), flush=True)
        return 2
    gate = Gate(client, args.key, args.limit, args.lease_ms, args.poll_s, args.acquire_timeout_s)

    if args.hold:
        tokens = [gate.acquire() for _ in range(args.limit)]
        print(json.dumps({"held": tokens}), flush=True)
        time.sleep(3600)
        return 0

    if not args.registry:
        print(json.dumps({"error": "--registry is required"}), flush=True)
        return 2

    waited_s = 0.0
    if args.wait_for_fleet_s > 0:
        started = time.monotonic()
        while client.zcard(args.key) == 0 and time.monotonic() - started < args.wait_for_fleet_s:
            time.sleep(0.01)
        waited_s = time.monotonic() - started

    lock = threading.Lock()
    next_index = [0]
    outcome = {"filed": 0, "replayed": 0, "errors": []}

    def worker() -> None:
        while True:
            with lock:
                index = next_index[0]
                if index >= args.count:
                    return
                next_index[0] += 1
            try:
                token = gate.acquire()
            except (TimeoutError, redis.RedisError) as error:
                with lock:
                    outcome["errors"].append(f"{index}: acquire: {error}")
                continue
            try:
                status, body = post_filing(args.registry, index, args.prefix, 30.0)
            except (OSError, ValueError) as error:
                status, body = 0, {"error": str(error)}
            finally:
                gate.release(token)
            with lock:
                if status == 201:
                    outcome["filed"] += 1
                elif status == 200:
                    outcome["replayed"] += 1
                else:
                    outcome["errors"].append(f"{index}: HTTP {status}: {json.dumps(body)}")

    threads = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    print(json.dumps({
        "filed": outcome["filed"],
        "replayed": outcome["replayed"],
        "errors": outcome["errors"],
        "denied": gate.denied,
        "max_members_seen": gate.max_members_seen,
        "waited_for_fleet_s": round(waited_s, 3),
    }), flush=True)
    return 0 if outcome["filed"] + outcome["replayed"] == args.count and not outcome["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
