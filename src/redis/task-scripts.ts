// The Lua scripts of redisTaskStore: each change to a task is one script, so it is atomic (a
// tasks/cancel racing a completion ends in exactly one terminal state). A task is a hash:
//   status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs, principal, cancelRequested,
//   result and error (JSON), q:<key> (an open question, JSON), qorder (JSON: the questions' order),
//   a:<key> (an answer the runner has not taken, JSON), d:<key> (a key answered once: never again).
// Times for expiry and leases come from the Redis server's clock (TIME), never a process's.
import { luaScript } from './client.js';

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
const TERMINAL = `local function terminal(s) return s == 'completed' or s == 'failed' or s == 'cancelled' end`;
/** Tasks without expiry sit in the tasks zset at FOREVER + their creation time: never swept, oldest first. */
const FOREVER = `local FOREVER = 1e15`;

/**
 * KEYS: task, tasks (zset by expiry; FOREVER + creation without one), leases (zset by deadline). ARGV: id, max, ttlMs
 * ('' = none), leaseMs, field, value, ...
 */
export const CREATE = luaScript(`${NOW}
${TERMINAL}
${FOREVER}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then
  -- Full: an ended task without expiry (ttlMs null) makes room, the oldest first.
  local room = false
  local prefix = string.sub(KEYS[1], 1, #KEYS[1] - #ARGV[1])
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], FOREVER, '+inf')) do
    local status = redis.call('HGET', prefix .. id, 'status')
    -- Ended, or gone already (deleted by hand, evicted by maxmemory): its place is free.
    if status == false or terminal(status) then
      redis.call('DEL', prefix .. id)
      redis.call('ZREM', KEYS[2], id)
      room = true
      break
    end
  end
  if not room then return 0 end
end
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
for i = 5, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
if ARGV[3] ~= '' then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[1])
else
  redis.call('ZADD', KEYS[2], FOREVER + now, ARGV[1])
end
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[4]), ARGV[1])
return 1`);

/**
 * KEYS: task, leases. ARGV: id, n, prefix x n (fields to clear by prefix), n, field x n (to delete),
 * n, field, value x n (to set). A terminal task is returned as it is; one that becomes terminal
 * leaves the leases. Returns the hash after, or nil.
 */
export const UPDATE = luaScript(`${TERMINAL}
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if terminal(redis.call('HGET', KEYS[1], 'status')) then return redis.call('HGETALL', KEYS[1]) end
local i = 2
local n = tonumber(ARGV[i]); i = i + 1
if n > 0 then
  local prefixes = {}
  for j = 1, n do prefixes[j] = ARGV[i]; i = i + 1 end
  for _, f in ipairs(redis.call('HKEYS', KEYS[1])) do
    for _, p in ipairs(prefixes) do
      if string.sub(f, 1, #p) == p then redis.call('HDEL', KEYS[1], f); break end
    end
  end
end
n = tonumber(ARGV[i]); i = i + 1
for j = 1, n do redis.call('HDEL', KEYS[1], ARGV[i]); i = i + 1 end
n = tonumber(ARGV[i]); i = i + 1
for j = 1, n do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]); i = i + 2 end
if terminal(redis.call('HGET', KEYS[1], 'status')) then redis.call('ZREM', KEYS[2], ARGV[1]) end
return redis.call('HGETALL', KEYS[1])`);

/**
 * tasks/update. KEYS: task. ARGV: lastUpdatedAt, key, answer, ... Keeps answers to open questions
 * never answered before; the last one sets the task working. 0: no task; 1: nothing taken; 2: taken.
 */
export const ANSWER = luaScript(`${TERMINAL}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if terminal(redis.call('HGET', KEYS[1], 'status')) then return 1 end
local any = false
for i = 2, #ARGV, 2 do
  local k = ARGV[i]
  if redis.call('HEXISTS', KEYS[1], 'q:' .. k) == 1 and redis.call('HEXISTS', KEYS[1], 'd:' .. k) == 0 then
    redis.call('HSET', KEYS[1], 'a:' .. k, ARGV[i + 1], 'd:' .. k, '1')
    redis.call('HDEL', KEYS[1], 'q:' .. k)
    any = true
  end
end
if not any then return 1 end
local open = false
for _, f in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(f, 1, 2) == 'q:' then open = true; break end
end
if not open then
  redis.call('HSET', KEYS[1], 'status', 'working')
  redis.call('HDEL', KEYS[1], 'qorder')
end
redis.call('HSET', KEYS[1], 'lastUpdatedAt', ARGV[1])
return 2`);

/** tasks/cancel. KEYS: task. 0: no task; 1: nothing to do (terminal, or asked before); 2: asked now. */
export const CANCEL = luaScript(`${TERMINAL}
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if terminal(redis.call('HGET', KEYS[1], 'status')) then return 1 end
if redis.call('HSETNX', KEYS[1], 'cancelRequested', '1') == 0 then return 1 end
return 2`);

/**
 * The runner's heartbeat. KEYS: leases. ARGV: leaseMs, task key prefix, id, ... (only tasks still
 * leased: XX). Returns, per id, whether the work should stop (a cancel recorded, or the task gone or
 * ended elsewhere: expired, or failed by a sweep while this runner could not beat) and whether
 * answers wait: a signal lost on the way (pub/sub keeps nothing) still reaches the runner.
 */
export const HEARTBEAT = luaScript(`${NOW}
${TERMINAL}
local seen = {}
for i = 3, #ARGV do
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i])
  local key = ARGV[2] .. ARGV[i]
  local status = redis.call('HGET', key, 'status')
  local cancel = (status == false or terminal(status) or redis.call('HGET', key, 'cancelRequested') == '1') and 1 or 0
  local answers = 0
  for _, f in ipairs(redis.call('HKEYS', key)) do
    if string.sub(f, 1, 2) == 'a:' then answers = 1; break end
  end
  table.insert(seen, cancel)
  table.insert(seen, answers)
end
return seen`);

/**
 * Tasks whose runner stopped beating: failed. KEYS: leases, tasks. ARGV: task key prefix,
 * lastUpdatedAt, error (JSON), statusMessage. Returns the ids it failed (at most 100 a sweep).
 */
export const SWEEP = luaScript(`${NOW}
${TERMINAL}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local failed = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 100)) do
  redis.call('ZREM', KEYS[1], id)
  local key = ARGV[1] .. id
  local status = redis.call('HGET', key, 'status')
  if status and not terminal(status) then
    for _, f in ipairs(redis.call('HKEYS', key)) do
      local p = string.sub(f, 1, 2)
      if p == 'q:' or p == 'a:' then redis.call('HDEL', key, f) end
    end
    redis.call('HDEL', key, 'qorder')
    redis.call('HSET', key, 'status', 'failed', 'error', ARGV[3], 'statusMessage', ARGV[4], 'lastUpdatedAt', ARGV[2])
    table.insert(failed, id)
  end
end
return failed`);
