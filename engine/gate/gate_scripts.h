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
// and ARGV[1] = lease ms, ARGV[2] = waiter staleness ms; script-specific arguments follow. Channels are
// derived from KEYS[1]: "<set>:granted" (payload: the token handed a permit) and "<set>:released".

#include <QByteArray>

namespace fd::gate_scripts {

// Shared prologue: reads the common arguments, Redis time, reaps expired permits and stale waiters, and
// defines handoff(count, self), which grants free permits to the live queue heads in arrival order and
// publishes each grant on "<set>:granted" (except to `self`, the token whose own script answers it).
inline constexpr const char *kPrologue = R"LUA(
local set, holders, queue, seqkey, seen, info = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
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
local function handoff(count, self)
  local handed = {}
  while #handed < 64 do
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
      unqueue(tok)
      count = count + 1
      if tok ~= self then redis.call('PUBLISH', set .. ':granted', tok) end
      handed[#handed + 1] = tok
    end
  end
  if #handed > 0 then
    redis.call('PEXPIRE', set, lease)
    redis.call('PEXPIRE', holders, lease)
  end
  return handed, count
end
)LUA";

/// Acquire. ARGV[3] limit, ARGV[4] token, ARGV[5] holder JSON.
/// Queues the token (once; later attempts only refresh its liveness), hands free permits to the queue in
/// arrival order, and answers whether this token now holds one.
/// Returns {granted 0|1, now ms, reaped permits, members after, reaped waiters, queue length}.
inline constexpr const char *kAcquireBody = R"LUA(
local limit, token, holder = tonumber(ARGV[3]), ARGV[4], ARGV[5]
if redis.call('ZSCORE', set, token) then
  -- already ours: handed over by a release, or a retry of an acquire whose answer was lost
  redis.call('ZADD', set, 'XX', now, token)
  unqueue(token)
  return {1, now, #expired, redis.call('ZCARD', set), #gone, redis.call('ZCARD', queue)}
end
if not redis.call('ZSCORE', queue, token) then
  redis.call('ZADD', queue, redis.call('INCR', seqkey), token)
end
redis.call('ZADD', seen, now, token)
redis.call('HSET', info, token, limit .. '|' .. holder)
local handed, count = handoff(redis.call('ZCARD', set), token)
for _, k in ipairs({queue, seqkey, seen, info}) do redis.call('PEXPIRE', k, lease) end
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
local handed = handoff(redis.call('ZCARD', set), nil)
if removed == 1 and #handed == 0 then redis.call('PUBLISH', set .. ':released', token) end
return {removed, handed}
)LUA";

/// The acquire script as sent: prologue + body.
inline const QByteArray kAcquire = QByteArray(kPrologue) + kAcquireBody;
/// The release/withdraw script as sent: prologue + body.
inline const QByteArray kRelease = QByteArray(kPrologue) + kReleaseBody;

/// KEYS[1] permit set, KEYS[2] holder hash. ARGV: token, lease ms. Re-scores a token that is still a member
/// (ZADD XX); returns 1, or 0 when the token is gone (the permit was lost).
inline constexpr const char *kRenew = R"LUA(
local key, holders = KEYS[1], KEYS[2]
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
