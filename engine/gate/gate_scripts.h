#pragma once

// Lua scripts of the fleet gate (docs/gate-wire.md). The permit set keeps the reference format exactly: a
// sorted set, member = token, score = ms since the epoch; everything FilingDesk adds (holder metadata, the
// first-come-first-served waiting queue, notifications) lives in other keys that reference workers ignore.
// Time comes from Redis's own TIME so that consoles on different hosts need not agree on a clock; reference
// workers that score with their own (NTP-synchronised) clocks interoperate.
//
// Every queue-aware script takes the same keys (docs/gate-wire.md, "Keys"):
//   KEYS[1] permit set            <prefix>:<state>:inflight          (reference format)
//   KEYS[2] holder metadata       <set>:holders        hash  token -> holder JSON
//   KEYS[3] waiting queue         <set>:queue          zset  token -> arrival sequence
//   KEYS[4] arrival sequence      <set>:queue:seq      string (INCR)
//   KEYS[5] waiter liveness       <set>:queue:seen     zset  token -> last attempt, ms (Redis TIME)
//   KEYS[6] waiter requests       <set>:queue:info     hash  token -> "<limit>|<holder JSON>"
//   KEYS[7] unclaimed handoffs    <set>:queue:handed   zset  token -> handed over at, ms (Redis TIME)
//   KEYS[8] member turns          <set>:queue:turns    hash  member id -> next turn; "@now" -> turn served
// and ARGV[1] = lease ms, ARGV[2] = waiter staleness ms; script-specific arguments follow. Channels are
// derived from KEYS[1]: "<set>:granted" (payload: the token handed a permit) and "<set>:released".

#include <QByteArray>

namespace fd::gate_scripts {

// Shared prologue: reads the common arguments, Redis time, reaps expired permits and stale waiters, and
// defines handoff(count, self), which grants free permits to the live queue heads in arrival order and
// publishes each grant on "<set>:granted" (except to `self`, the token whose own script answers it).
inline constexpr const char *kPrologue = R"LUA(
local set, holders, queue, seqkey, seen, info, handed, turns = KEYS[1], KEYS[2], KEYS[3], KEYS[4],
  KEYS[5], KEYS[6], KEYS[7], KEYS[8]
-- queue score = turn * 1e7 + arrival sequence (mod 1e7): arrival order within a turn, one turn per member
local TURN = 10000000
local lease = tonumber(ARGV[1])
local stale = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function unqueue(tok)
  redis.call('ZREM', queue, tok)
  redis.call('ZREM', seen, tok)
  redis.call('HDEL', info, tok)
end
local expired = redis.call('ZRANGEBYSCORE', set, 0, now - lease)
if #expired > 0 then
  redis.call('ZREMRANGEBYSCORE', set, 0, now - lease)
  for i = 1, #expired do redis.call('HDEL', holders, expired[i]) end
end
local gone = redis.call('ZRANGEBYSCORE', seen, 0, now - stale)
for i = 1, #gone do unqueue(gone[i]) end
-- a permit handed to a waiter that never claimed it (crashed meanwhile) comes back after a third of the lease
-- (at least `stale`), not the whole lease: a live holder that stalls that long would miss its renewal too
local unclaimed = redis.call('ZRANGEBYSCORE', handed, 0, now - math.max(stale, math.floor(lease / 3)))
for i = 1, #unclaimed do
  redis.call('ZREM', set, unclaimed[i])
  redis.call('HDEL', holders, unclaimed[i])
  redis.call('ZREM', handed, unclaimed[i])
end
local function handoff(count, self)
  local given = {}
  while #given < 64 do
    local head = redis.call('ZRANGE', queue, 0, 0)
    if #head == 0 then break end
    local tok = head[1]
    local req = redis.call('HGET', info, tok)
    local sep = req and string.find(req, '|', 1, true)
    if not sep or redis.call('ZSCORE', set, tok) then
      unqueue(tok)
    else
      if count >= tonumber(string.sub(req, 1, sep - 1)) then break end
      redis.call('ZADD', set, now, tok)
      redis.call('HSET', holders, tok, string.sub(req, sep + 1))
      redis.call('HSET', turns, '@now', math.floor(tonumber(redis.call('ZSCORE', queue, tok)) / TURN))
      unqueue(tok)
      count = count + 1
      if tok ~= self then
        redis.call('ZADD', handed, now, tok)
        redis.call('PEXPIRE', handed, lease)
        redis.call('PUBLISH', set .. ':granted', tok)
      end
      given[#given + 1] = tok
    end
  end
  if #given > 0 then
    redis.call('PEXPIRE', set, lease)
    redis.call('PEXPIRE', holders, lease)
  end
  return given, count
end
)LUA";

/// Acquire. ARGV[3] limit, ARGV[4] token, ARGV[5] holder JSON, ARGV[6] member id (one per gate).
/// Queues the token (once; later attempts only refresh its liveness) at its member's next turn, hands free
/// permits to the queue in order (turn, then arrival), and answers whether this token now holds one. Turns
/// make members that all wait alternate however fast each re-queues (start-time fair queueing: a member's
/// next turn is max(turn being served, its previous turn + 1)).
/// Returns {granted 0|1, now ms, reaped permits, members after, reaped waiters, queue length}.
inline constexpr const char *kAcquireBody = R"LUA(
local limit, token, holder = tonumber(ARGV[3]), ARGV[4], ARGV[5]
if redis.call('ZSCORE', set, token) then
  -- already ours: handed over by a release, or a retry of an acquire whose answer was lost
  redis.call('ZADD', set, 'XX', now, token)
  redis.call('ZREM', handed, token)
  unqueue(token)
  return {1, now, #expired, redis.call('ZCARD', set), #gone, redis.call('ZCARD', queue)}
end
if not redis.call('ZSCORE', queue, token) then
  local member = ARGV[6]
  local turn = math.max(tonumber(redis.call('HGET', turns, '@now') or '0'),
                        tonumber(redis.call('HGET', turns, member) or '0'))
  redis.call('HSET', turns, member, turn + 1)
  redis.call('ZADD', queue, turn * TURN + redis.call('INCR', seqkey) % TURN, token)
end
redis.call('ZADD', seen, now, token)
redis.call('HSET', info, token, limit .. '|' .. holder)
local _, count = handoff(redis.call('ZCARD', set), token)
for _, k in ipairs({queue, seqkey, seen, info, turns}) do redis.call('PEXPIRE', k, lease) end
local granted = 0
if redis.call('ZSCORE', set, token) then granted = 1 end
return {granted, now, #expired, count, #gone, redis.call('ZCARD', queue)}
)LUA";

/// Release and withdraw (one script). ARGV[3] token.
/// Removes the token from the queue and from the permit set, then hands the freed permit (and any other free
/// one) to the live queue heads in arrival order. Publishes "<set>:released" when nobody was waiting.
/// Returns {removed 0|1, {tokens handed a permit}}. removed = 0 on a release means the permit was already
/// gone (reaped after its lease): a lost permit.
inline constexpr const char *kReleaseBody = R"LUA(
local token = ARGV[3]
unqueue(token)
local removed = redis.call('ZREM', set, token)
redis.call('HDEL', holders, token)
redis.call('ZREM', handed, token)
local given = handoff(redis.call('ZCARD', set), nil)
if removed == 1 and #given == 0 then redis.call('PUBLISH', set .. ':released', token) end
return {removed, given}
)LUA";

/// The acquire script as sent: prologue + body.
inline const QByteArray kAcquire = QByteArray(kPrologue) + kAcquireBody;
/// The release/withdraw script as sent: prologue + body.
inline const QByteArray kRelease = QByteArray(kPrologue) + kReleaseBody;

/// Renew, and claim a permit handed over by a release. KEYS[1] permit set, KEYS[2] holder hash, KEYS[3]
/// unclaimed handoffs. ARGV: token, lease ms. Re-scores a token that is still a member (ZADD XX) and marks it
/// claimed; returns 1, or 0 when the token is gone (the permit was lost).
inline constexpr const char *kRenew = R"LUA(
local key, holders = KEYS[1], KEYS[2]
redis.call('ZREM', KEYS[3], ARGV[1])
if not redis.call('ZSCORE', key, ARGV[1]) then
  redis.call('HDEL', holders, ARGV[1])
  return 0
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', key, 'XX', now, ARGV[1])
redis.call('PEXPIRE', key, tonumber(ARGV[2]))
redis.call('PEXPIRE', holders, tonumber(ARGV[2]))
return 1
)LUA";

/// KEYS[1] permit set, KEYS[2] holder hash, KEYS[3] waiting queue.
/// Returns {now ms, {token, score, ...}, {token, holder, ...}, queue length}.
inline constexpr const char *kUsage = R"LUA(
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return {now, redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES'), redis.call('HGETALL', KEYS[2]),
        redis.call('ZCARD', KEYS[3])}
)LUA";

} // namespace fd::gate_scripts
