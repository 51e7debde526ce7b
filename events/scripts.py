"""The Lua scripts the store runs inside Redis, where each executes atomically.

The ``#!lua`` shebang (no flags) declares a script that writes and touches only the keys it is
given: the server refuses it up front when out of memory (rather than after a partial write),
and a cluster can check that all its keys share one slot.
"""

# KEYS: 1 = the game's stream, 2 = its event-id index (hash id -> "version:digest"),
#       3 = its head (hash: version, hash).
# ARGV: 1 = expected version, 2 = hash of the event the batch was chained onto,
#       3 = event count n, then 4 values per event: id, content digest, document, own hash.
# Replies (first element says which):
#   {"ok", new version}
#   {"duplicate", version of the original's last event, document...}  every id already recorded
#   {"differs", id, version}     an id is recorded with other content
#   {"mixed", id, version}       some ids are recorded, others are new
#   {"conflict", current version, head hash}
#   {"rechain", current version, head hash}   right version, but chained onto another hash
APPEND = r"""#!lua
local expected = tonumber(ARGV[1])
local n = tonumber(ARGV[3])

-- Idempotency first: a retry of a recorded batch answers with the original events even
-- though its expected version is now stale.
local recorded = {}
local first_new = nil
for i = 0, n - 1 do
  local base = 4 + i * 4
  local rec = redis.call('HGET', KEYS[2], ARGV[base])
  if rec then
    local sep = string.find(rec, ':', 1, true)
    local version = string.sub(rec, 1, sep - 1)
    if string.sub(rec, sep + 1) ~= ARGV[base + 1] then
      return {'differs', ARGV[base], version}
    end
    recorded[#recorded + 1] = version
  elseif not first_new then
    first_new = ARGV[base]
  end
end
if #recorded == n then
  local reply = {'duplicate', recorded[n]}
  for i = 1, n do
    local entry = redis.call('XRANGE', KEYS[1], '0-' .. recorded[i], '0-' .. recorded[i])
    reply[#reply + 1] = entry[1][2][2]
  end
  return reply
elseif #recorded > 0 then
  return {'mixed', first_new, recorded[1]}
end

local head = redis.call('HMGET', KEYS[3], 'version', 'hash')
local current = tonumber(head[1]) or 0
local head_hash = head[2] or string.rep('0', 64)
if current ~= expected then
  return {'conflict', current, head_hash}
end
if head_hash ~= ARGV[2] then
  return {'rechain', current, head_hash}
end

for i = 0, n - 1 do
  local base = 4 + i * 4
  local version = expected + i + 1
  redis.call('XADD', KEYS[1], '0-' .. version, 'e', ARGV[base + 2])
  redis.call('HSET', KEYS[2], ARGV[base], version .. ':' .. ARGV[base + 1])
end
redis.call('HSET', KEYS[3], 'version', expected + n, 'hash', ARGV[4 + (n - 1) * 4 + 3])
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
