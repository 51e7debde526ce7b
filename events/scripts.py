"""The Lua scripts the store runs inside Redis, where each executes atomically.

The ``#!lua`` shebang (no flags) declares a script that writes and touches only the keys it is
given: the server refuses it up front when out of memory (rather than after a partial write),
and a cluster can check that all its keys share one slot.
"""

# KEYS: 1 = the game's stream, 2 = its index (hash: "" -> the head as "version:hash"; the first
#       event id of each run (the events one command appended, with ids "<command id>#<i>") ->
#       "version+count", with "=" and the raw SHA-256 of the request it answered when the request
#       is named by the command id; any other event id -> "version"; records written before runs
#       were indexed hold "version:content digest" per event), 3 = its requests (hash: request
#       field -> digest, for requests not named by their command id), 4 = the index bucket of the
#       batch's raw record (a hash, one per scope and bucket: the first 12 raw bytes of a command
#       id "<scope>:<32 hex digits>" -> "version+count", with "=" and the first 8 bytes of the
#       request's SHA-256).
# ARGV, in one of two forms:
#   A play's (one event of a command with a raw id, its request named by the command id or none):
#       7 values: 1 = expected version, 2 = the head record the event was chained onto
#       ("expected:hash"), 3 = the head record after it, 4 and 5 = its raw index record's field
#       and value in the bucket (with "=" and the request's digest when it has one), 6 = its event
#       id, 7 = its stored entry.
#   Any other batch's: 1 to 3 as a play's, 4 and 5 = the request's field and digest for the
#       requests hash ("" and "" for none), 6 = "1" when the request is named by the command id
#       (its digest is then in the run's index record: the first id looked up), 7 = n events,
#       8 = m ids looked up in the index (the batch's n event ids first, then the first ids of
#       runs that an id "<x>#<i>" may belong to), 9 = w index values to write, 10 and 11 = the
#       raw record's field and value in the bucket ("" when the batch's run has no raw command
#       id; it then stands for the first id looked up); then the m ids, the n stored entries, the
#       w index values (field, value pairs), and last 2 values per event (the position among the
#       looked-up ids of the first id of its possible run, 0 for none, and its number i in that
#       run), read only on a miss.
#   Python prepares every string (events.batch_builder), so that the script mostly compares. A
#   play's short form is what its usual path reads: on a miss the script spells it out in the
#   other form (A below) and works it out as any batch.
# Replies:
#   new version (an integer)     written
#   {"request", digest}          the request is recorded already (with this digest; raw bytes
#                                when it comes from an index record)
#   {"duplicate", version...}    every event id is recorded: the version of each
#   {"mixed", position, version} some ids are recorded (the first at that version), the event at
#                                that position (1-based) is new
#   {"conflict", current version, head hash}
#   {"rechain", current version, head hash}   right version, but chained onto another hash
# The usual path (a play whose head is the one it was chained onto, and whose id is not
# recorded) is the head check (HMGET), the index record written if new (HSETNX), the XADD and the
# new head (HSET), in straight-line code:
# each redis.call costs a microsecond or more on the server, and Lua's own work as much again, so
# what a retry or a refusal needs is worked out only on a miss. Every check comes before the
# first write, so a refused batch leaves no trace.
APPEND = r"""#!lua
local A, got = ARGV, nil
if #ARGV == 7 then
  got = redis.call('HMGET', KEYS[2], '', ARGV[6])
  -- A play. Its index record is written only if it is not there yet (else it is a retry, worked
  -- out below), and nothing can refuse the XADD after it: the head says the entry id is free.
  if got[1] == ARGV[2] and not got[2] and redis.call('HSETNX', KEYS[4], ARGV[4], ARGV[5]) == 1 then
    local version = tonumber(ARGV[1]) + 1
    redis.call('XADD', KEYS[1], '0-' .. version, 'e', ARGV[7])
    redis.call('HSET', KEYS[2], '', ARGV[3])
    return version
  end
  -- The run's first id is its own: its record may be the raw one, in its bucket.
  got[2] = got[2] or redis.call('HGET', KEYS[4], ARGV[4])
  local merged = string.find(ARGV[5], '=', 1, true) and '1' or ''
  A = {ARGV[1], ARGV[2], ARGV[3], '', '', merged, '1', '1', '0', ARGV[4], ARGV[5], ARGV[6], ARGV[7], '0', '0'}
else
  local m = tonumber(ARGV[8])
  local CHUNK = 1000  -- unpack() is bounded by Lua's C stack: long batches go in slices
  got = redis.call('HMGET', KEYS[2], '', unpack(ARGV, 12, math.min(11 + m, 11 + CHUNK - 1)))
  for s = CHUNK, m, CHUNK do
    local part = redis.call('HMGET', KEYS[2], unpack(ARGV, 11 + s, math.min(11 + m, 11 + s + CHUNK - 1)))
    for j = 1, #part do got[s + j] = part[j] end
  end
  -- The run's first id is the first looked up: its record may be the raw one, in its bucket.
  if ARGV[10] ~= '' then got[2] = got[2] or redis.call('HGET', KEYS[4], ARGV[10]) end
end

local n, m, w = tonumber(A[7]), tonumber(A[8]), tonumber(A[9])
local request, raw = A[4], A[10]
local docs = 11 + m           -- A[docs + j]: event j's stored entry
local writes = docs + n       -- A[writes + 1 ... writes + w]: index records
local runs = writes + w       -- A[runs + 2j - 1], A[runs + 2j]: event j's run position and number

local fresh = got[1] == A[2] or (not got[1] and A[2] == '0:GENESIS')
if fresh then
  for k = 2, m + 1 do
    if got[k] then fresh = false break end
  end
end
if fresh and request ~= '' then fresh = redis.call('HEXISTS', KEYS[3], request) == 0 end

if not fresh then
  -- A request seen before (a retry, or a key reused for another request) is answered by the
  -- caller from what the key recorded, whatever the game's version is now.
  if request ~= '' then
    local seen = redis.call('HGET', KEYS[3], request)
    if seen then return {'request', seen} end
  end
  if A[6] == '1' and got[2] then
    local digest = string.match(got[2], '^%d+%+%d+=(.*)$')
    if digest then return {'request', digest, 'raw'} end
  end
  -- Idempotency first: a retry of a recorded batch answers with the original events even
  -- though its expected version is now stale.
  local recorded, first_new = {}, nil
  for j = 1, n do
    local version = got[j + 1] and tonumber(string.match(got[j + 1], '^%d+'))
    local run = tonumber(A[runs + 2 * j - 1])
    if not version and run > 0 and got[run + 1] then
      local first, count = string.match(got[run + 1], '^(%d+)%+(%d+)')
      local i = tonumber(A[runs + 2 * j])
      if first and i < tonumber(count) then version = tonumber(first) + i end
    end
    if version then
      recorded[#recorded + 1] = version
    elseif not first_new then
      first_new = j
    end
  end
  if #recorded == n then
    return {'duplicate', unpack(recorded)}
  elseif #recorded > 0 then
    return {'mixed', first_new, recorded[1]}
  end
  local current, head_hash = 0, 'GENESIS'
  if got[1] then
    local sep = string.find(got[1], ':', 1, true)
    current, head_hash = tonumber(string.sub(got[1], 1, sep - 1)), string.sub(got[1], sep + 1)
  end
  if current ~= tonumber(A[1]) then
    return {'conflict', current, head_hash}
  end
  if head_hash ~= string.sub(A[2], #A[1] + 2) then
    return {'rechain', current, head_hash}
  end
end

local expected = tonumber(A[1])
if request ~= '' then redis.call('HSET', KEYS[3], request, A[5]) end
for j = 1, n do
  redis.call('XADD', KEYS[1], '0-' .. (expected + j), 'e', A[docs + j])
end
if raw ~= '' then redis.call('HSET', KEYS[4], raw, A[11]) end
if w == 2 then
  redis.call('HSET', KEYS[2], '', A[3], A[writes + 1], A[writes + 2])
else
  local CHUNK = 1000
  local records = {'', A[3]}
  for k = writes + 1, writes + w do records[#records + 1] = A[k] end
  for s = 1, #records, CHUNK do  -- CHUNK is even: no field is split from its value
    redis.call('HSET', KEYS[2], unpack(records, s, math.min(s + CHUNK - 1, #records)))
  end
end
return expected + n
""".replace("GENESIS", "0" * 64)

# KEYS: 1 = set of known game ids, 2 = stream of game ids in creation order. ARGV: 1 = game id.
# Idempotent, so a retried creation never lists a game twice.
REGISTER_GAME = r"""#!lua
if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then
  redis.call('XADD', KEYS[2], '*', 'g', ARGV[1])
end
return 1
"""
