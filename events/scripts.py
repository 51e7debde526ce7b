"""The Lua scripts the store runs inside Redis, where each executes atomically.

The ``#!lua`` shebang (no flags) declares a script that writes and touches only the keys it is
given: the server refuses it up front when out of memory (rather than after a partial write),
and a cluster can check that all its keys share one slot.
"""

# KEYS: 1 = the game's stream, 2 = its index (hash: event id -> "version:digest", "" -> head as
#       "version:hash"), 3 = its requests (hash: "<route> <Idempotency-Key>" -> digest of what the
#       request asked).
# ARGV: 1 = expected version, 2 = the head record the batch was chained onto ("expected:hash"),
#       3 = the head record after the batch, then 3 values per event: id, its index record
#       ("version:content digest"), document; last, the request's field and digest ("" and "" for
#       a batch no request names, such as an import). The records come ready-made so that the
#       common case is string comparisons: every string built or parsed in Lua costs time inside
#       the server.
# Replies (first element says which):
#   {"ok", new version}
#   {"request", digest}          the request's key is recorded already (with this digest)
#   {"duplicate", version of the original's last event, document...}  every id already recorded
#   {"differs", id, version}     an id is recorded with other content
#   {"mixed", id, version}       some ids are recorded, others are new
#   {"conflict", current version, head hash}
#   {"rechain", current version, head hash}   right version, but chained onto another hash
# Every check comes before the first write, so a refused batch leaves no trace. A single event,
# the common case, takes three commands: HMGET, XADD, HSET.
APPEND = r"""#!lua
local n = (#ARGV - 5) / 3
local CHUNK = 1000  -- unpack() is bounded by Lua's C stack: long batches go in slices
local request, digest = ARGV[#ARGV - 1], ARGV[#ARGV]

-- A request seen before (a retry, or a key reused for another request) is answered by the
-- caller from what the key recorded, whatever the game's version is now.
if request ~= '' then
  local seen = redis.call('HGET', KEYS[3], request)
  if seen then return {'request', seen} end
end

local function split(record)  -- "version:rest" -> version, rest
  local sep = string.find(record, ':', 1, true)
  return string.sub(record, 1, sep - 1), string.sub(record, sep + 1)
end

local got
if n == 1 then
  got = redis.call('HMGET', KEYS[2], '', ARGV[4])
else
  local names = {''}
  for i = 1, n do names[i + 1] = ARGV[i * 3 + 1] end
  got = {}
  for s = 1, n + 1, CHUNK do
    local part = redis.call('HMGET', KEYS[2], unpack(names, s, math.min(s + CHUNK - 1, n + 1)))
    for j = 1, #part do got[s + j - 1] = part[j] end
  end
end

-- Idempotency first: a retry of a recorded batch answers with the original events even
-- though its expected version is now stale.
local recorded, first_new = nil, nil
for i = 1, n do
  if got[i + 1] then
    local version, digest = split(got[i + 1])
    local _, wanted = split(ARGV[i * 3 + 2])
    if digest ~= wanted then
      return {'differs', ARGV[i * 3 + 1], version}
    end
    recorded = recorded or {}
    recorded[#recorded + 1] = version
  elseif not first_new then
    first_new = ARGV[i * 3 + 1]
  end
end
if recorded and #recorded == n then
  local reply = {'duplicate', recorded[n]}
  for i = 1, n do
    local entry = redis.call('XRANGE', KEYS[1], '0-' .. recorded[i], '0-' .. recorded[i])
    reply[#reply + 1] = entry[1][2][2]
  end
  return reply
elseif recorded then
  return {'mixed', first_new, recorded[1]}
end

local expected = tonumber(ARGV[1])
if got[1] ~= ARGV[2] then  -- a new game, or a refusal
  local current, head_hash = 0, '0000000000000000000000000000000000000000000000000000000000000000'
  if got[1] then
    current, head_hash = split(got[1])
  end
  current = tonumber(current)
  if current ~= expected then
    return {'conflict', current, head_hash}
  end
  if head_hash ~= string.sub(ARGV[2], #ARGV[1] + 2) then
    return {'rechain', current, head_hash}
  end
end

if request ~= '' then redis.call('HSET', KEYS[3], request, digest) end
if n == 1 then
  redis.call('XADD', KEYS[1], '0-' .. (expected + 1), 'e', ARGV[6])
  redis.call('HSET', KEYS[2], ARGV[4], ARGV[5], '', ARGV[3])
  return {'ok', expected + 1}
end
local writes = {}
for i = 1, n do
  redis.call('XADD', KEYS[1], '0-' .. (expected + i), 'e', ARGV[i * 3 + 3])
  writes[#writes + 1] = ARGV[i * 3 + 1]
  writes[#writes + 1] = ARGV[i * 3 + 2]
end
writes[#writes + 1] = ''
writes[#writes + 1] = ARGV[3]
for s = 1, #writes, CHUNK do  -- CHUNK is even: no field is split from its value
  redis.call('HSET', KEYS[2], unpack(writes, s, math.min(s + CHUNK - 1, #writes)))
end
return {'ok', expected + n}
"""

# KEYS: 1 = set of known game ids, 2 = stream of game ids in creation order. ARGV: 1 = game id.
# Idempotent, so a retried creation never lists a game twice.
REGISTER_GAME = r"""#!lua
if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then
  redis.call('XADD', KEYS[2], '*', 'g', ARGV[1])
end
return 1
"""
