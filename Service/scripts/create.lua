-- wrk script for Service/scripts/load-test.sh: POST /sessions until the threads have created
-- COUNT sessions between them (each thread its share), then each thread stops itself, so the
-- run ends well before wrk's -d bound.
--
--   wrk -t2 -c32 -d120s -s create.lua http://127.0.0.1:PORT -- COUNT THREADS

local quota = 0
local created = 0
local sent = 0

function init(args)
  quota = math.floor(tonumber(args[1]) / tonumber(args[2]))
  wrk.method = "POST"
end

-- Sends no more than the quota (each request in flight counts), so no session is created
-- past it; once the quota is sent, the spare connections ask for /health instead.
function request()
  if sent < quota then
    sent = sent + 1
    return wrk.format("POST", "/sessions")
  end
  return wrk.format("GET", "/health")
end

-- Counts the sessions created (201) and stops the thread at its quota.
function response(status, headers, body)
  if status == 201 then created = created + 1 end
  if created >= quota then wrk.thread:stop() end
end
