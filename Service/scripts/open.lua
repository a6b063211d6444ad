-- wrk script for Service/scripts/load-test.sh: POST /sessions/{id}/open across the sessions
-- listed in a file (one identifier a line), round robin. Each thread takes its own share of
-- the sessions (thread k of n takes lines k, k + n, ...), so no two threads send to one session.
-- Each visit to a session alternates between two deep links, a product and the catalog, so
-- every request changes the session (a push, then a pop back to the catalog) and saves it.
--
--   wrk -t2 -c32 -d10s -s open.lua http://127.0.0.1:PORT -- IDS_FILE THREADS

local threadCount = 0

-- Runs on the main thread, once per thread before it starts: numbers the threads.
function setup(thread)
  thread:set("index", threadCount)
  threadCount = threadCount + 1
end

local sessions = {}
local next = 0
local links = {
  '{"url": "shop://catalog/products/42"}',
  '{"url": "shop://catalog"}',
}

-- Runs in each thread: reads this thread's share of the session identifiers.
function init(args)
  local threads = tonumber(args[2])
  local line = 0
  for id in io.lines(args[1]) do
    if line % threads == index then sessions[#sessions + 1] = id end
    line = line + 1
  end
  if #sessions == 0 then error("no sessions for thread " .. index .. " in " .. args[1]) end
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

-- The next session in turn, with the link it didn't get last time.
function request()
  local session = sessions[next % #sessions + 1]
  local link = links[math.floor(next / #sessions) % 2 + 1]
  next = next + 1
  return wrk.format(nil, "/sessions/" .. session .. "/open", nil, link)
end
