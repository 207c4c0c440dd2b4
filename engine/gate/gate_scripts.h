#pragma once

// Lua scripts of the fleet gate (../shared/specs/gate-wire.md). The permit set keeps the reference format
// exactly: a sorted set, member = token, score = ms since the epoch; everything else lives in other keys.
// Time comes from Redis's own TIME so that consoles on different hosts need not agree on a clock; reference
// workers that score with their own (NTP-synchronised) clocks interoperate.

namespace fd::gate_scripts {

/// KEYS[1] permit set, KEYS[2] holder hash. ARGV: lease ms, limit, token, holder JSON.
/// Returns {granted 0|1, now ms, reaped count, members after}.
inline constexpr const char *kAcquire = R"LUA(
local key, holders = KEYS[1], KEYS[2]
local lease = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local token, holder = ARGV[3], ARGV[4]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expired = redis.call('ZRANGEBYSCORE', key, 0, now - lease)
if #expired > 0 then
  redis.call('ZREMRANGEBYSCORE', key, 0, now - lease)
  for i = 1, #expired do redis.call('HDEL', holders, expired[i]) end
end
local count = redis.call('ZCARD', key)
if redis.call('ZSCORE', key, token) then
  -- a retry of an acquire whose answer was lost: the permit is already ours
  redis.call('ZADD', key, 'XX', now, token)
  return {1, now, #expired, count}
end
if count < limit then
  redis.call('ZADD', key, now, token)
  redis.call('PEXPIRE', key, lease)
  redis.call('HSET', holders, token, holder)
  redis.call('PEXPIRE', holders, lease)
  return {1, now, #expired, count + 1}
end
return {0, now, #expired, count}
)LUA";

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

/// KEYS[1] permit set, KEYS[2] holder hash, KEYS[3] release channel. ARGV: token.
/// Removes the token and wakes waiters on every console of the fleet.
inline constexpr const char *kRelease = R"LUA(
local removed = redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('PUBLISH', KEYS[3], ARGV[1])
return removed
)LUA";

/// KEYS[1] permit set, KEYS[2] holder hash. Returns {now ms, {token, score, ...}, {token, holder, ...}}.
inline constexpr const char *kUsage = R"LUA(
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return {now, redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES'), redis.call('HGETALL', KEYS[2])}
)LUA";

} // namespace fd::gate_scripts
