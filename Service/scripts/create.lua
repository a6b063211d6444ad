-- wrk script for Service/scripts/load-test.sh: POST /sessions (which needs no credential; the
-- answers' secrets are not kept) until the threads have sent
-- COUNT between them (each thread its share), then GET /health only, so the number of sessions
-- stops growing at COUNT. wrk's -d is a fixed duration, so load-test.sh watches GET /metrics
-- and stops wrk with SIGINT once the count stops moving. wrk calls request() once on its
-- first thread before the run, to check the script, and sends nothing for it: that thread's
-- share is one more, so the threads send COUNT between them (when THREADS divides COUNT).
--
--   wrk -t2 -c32 -d300s -s create.lua http://127.0.0.1:PORT -- COUNT THREADS

local quota = 0
local sent = 0
-- In wrk's main Lua state: how many threads setup() has seen.
local threads = 0

-- Called in the main state for each thread before its init(): the first one is told so.
function setup(thread)
  thread:set("first", threads == 0)
  threads = threads + 1
end

function init(args)
  quota = math.floor(tonumber(args[1]) / tonumber(args[2]))
  if first then quota = quota + 1 end
end

-- A session while the thread's share isn't sent, then the cheapest request there is.
function request()
  if sent < quota then
    sent = sent + 1
    return wrk.format("POST", "/sessions")
  end
  return wrk.format("GET", "/health")
end
