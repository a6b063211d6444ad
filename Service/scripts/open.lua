-- wrk script for Service/scripts/load-test.sh: POST /sessions/{id}/open across the sessions
-- listed in a file (one session a line: its identifier, a space, its secret), round robin,
-- each request with its session's secret (Authorization: Bearer <secret>). Each thread takes its own share of
-- the sessions (thread k of n takes lines k, k + n, ...), so no two threads send to one session.
-- Each visit to a session alternates between two deep links, a product and the catalog, so
-- every request changes the session (a push, then a pop back to the catalog) and saves it.
--
--   wrk -t2 -c32 -d10s -s open.lua http://127.0.0.1:PORT -- SESSIONS_FILE THREADS

local threadCount = 0

-- Runs on the main thread, once per thread before it starts: numbers the threads.
function setup(thread)
  thread:set("index", threadCount)
  threadCount = threadCount + 1
end

local sessions = {}
local secrets = {}
local next = 0
local links = {
  '{"url": "shop://catalog/products/42"}',
  '{"url": "shop://catalog"}',
}

-- Runs in each thread: reads this thread's share of the sessions' identifiers and secrets.
function init(args)
  local threads = tonumber(args[2])
  local line = 0
  for text in io.lines(args[1]) do
    local id, secret = text:match("^(%S+) (%S+)$")
    if not id then error("line " .. (line + 1) .. " of " .. args[1] .. " is not 'id secret'") end
    if line % threads == index then
      sessions[#sessions + 1] = id
      secrets[#secrets + 1] = secret
    end
    line = line + 1
  end
  if #sessions == 0 then error("no sessions for thread " .. index .. " in " .. args[1]) end
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

-- The next session in turn, with its secret and the link it didn't get last time.
function request()
  local turn = next % #sessions + 1
  local link = links[math.floor(next / #sessions) % 2 + 1]
  next = next + 1
  wrk.headers["Authorization"] = "Bearer " .. secrets[turn]
  return wrk.format(nil, "/sessions/" .. sessions[turn] .. "/open", nil, link)
end
