#!/usr/bin/env bash
# Load tests for FlowService on this machine, over loopback only (127.0.0.1).
#
#   Service/scripts/load-test.sh [open]     # requests/s and latency of POST /sessions/{id}/open
#   Service/scripts/load-test.sh memory     # resident bytes per hosted session
#   Service/scripts/load-test.sh evict      # the heap and RSS once every session is evicted
#
# Both build FlowService in release, start it on 127.0.0.1:$PORT with a database in a
# temporary directory, and stop it (and remove the directory) from a trap whatever happens.
#
# `open` creates $SESSIONS sessions with curl, then runs wrk for $DURATION against
# POST /sessions/{id}/open, round robin over the sessions, alternating between a product and
# the catalog (open.lua), so every request changes a session and writes its SQLite row; then
# a wrk run as long on GET /health, for the server's own overhead; then the ratio of the two
# rates, and the server's CPU time per request in each run (from /proc/PID/stat), which stay
# comparable when other work loads the machine (the load average is printed beside each run),
# wrk's own CPU time per request (bash's `time`), and the server CPU per open at which opens
# would reach 30% of /health (wrk shares the cores, so the rates go roughly as the inverse of
# server + wrk CPU per request).
# Each open sends its session's secret (the file wrk reads has "id secret" lines).
#
# The server gets a random API key (--api-key), which the script sends to GET /metrics.
#
# `memory` starts the server with --idle-timeout 0 (sessions idle for 15 minutes are otherwise
# saved and released from memory), reads its VmRSS from /proc/PID/status, creates $SESSIONS
# sessions with wrk (create.lua), reads VmRSS again, and prints the difference per session.
#
# `evict` starts the server with --idle-timeout $IDLE_TIMEOUT and --eviction-interval
# $EVICTION_INTERVAL, creates $WARMUP sessions and waits until the idle eviction has released
# them (GET /metrics: flow_sessions_live 0): that is the start, where every path the
# measurement runs has run once. Then it creates $SESSIONS sessions as `memory` does, waits
# until they are all evicted, and prints the heap in use (glibc's malloc_stats, called in the
# server by gdb: its "in use bytes", every arena and mmapped block, SQLite's share beside it)
# and VmRSS right after start-up, at the start, with every session live, once all are
# evicted (one sweep after the last eviction, whose sweep trims the heap again), and after
# malloc_trim(0) (also called by gdb), which hands the heap's free pages back to the system:
# what a trim would still give back. The sweeps' trims, with what each took and the resident
# set before and after it, are printed from the server's log. gdb is installed with apt-get
# when missing; attaching needs root or ptrace permission.
#
# STORE=postgres runs the same against PostgreSQL: a throwaway server that postgres.sh starts
# in the temporary directory on 127.0.0.1:$PG_PORT (FlowService --postgres), stopped by the trap.
# `open` then also prints the database server's CPU time per open (its processes' /proc stat)
# and the transactions it committed per open (pg_stat_database, read after the /health run).
#
# Environment (defaults): PORT (18080), SESSIONS (1000 for open, 100000 for memory and evict),
# IDLE_TIMEOUT (evict: 120 seconds, longer than creating the sessions takes),
# EVICTION_INTERVAL (evict: 5 seconds), WARMUP (evict: 1000 sessions, one sweep's worth),
# DURATION (10s), THREADS (2), CONNECTIONS (32), STORE (sqlite; or postgres), PG_PORT (55433),
# ACCESS_LOG (0: the server runs with --no-access-log; 1 keeps its access log, in the server's log),
# BINARY (a FlowService executable to test instead of building one, e.g. a copy kept from
# another commit).
# wrk is installed with apt-get when missing.
set -euo pipefail

mode=${1:-open}
case "$mode" in
  open) sessions=${SESSIONS:-1000} ;;
  memory | evict) sessions=${SESSIONS:-100000} ;;
  *) echo "usage: $0 [open|memory|evict]" >&2; exit 2 ;;
esac
port=${PORT:-18080}
duration=${DURATION:-10s}
threads=${THREADS:-2}
connections=${CONNECTIONS:-32}
store=${STORE:-sqlite}
pg_port=${PG_PORT:-55433}
[[ "$store" == sqlite || "$store" == postgres ]] || { echo "load-test.sh: STORE is sqlite or postgres" >&2; exit 2; }
scripts=$(cd "$(dirname "$0")" && pwd)
package=$(dirname "$scripts")
base="http://127.0.0.1:$port"

# wrk, from Debian, when it isn't there.
if ! command -v wrk >/dev/null 2>&1; then
  echo "load-test.sh: installing wrk with apt-get" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >&2 \
    || { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >&2; }
fi

# gdb, for `evict`, which reads the server's heap with it.
if [[ "$mode" == evict ]] && ! command -v gdb >/dev/null 2>&1; then
  echo "load-test.sh: installing gdb with apt-get" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y gdb >&2 \
    || { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y gdb >&2; }
fi

# The release executable (a few minutes the first time, seconds after), unless BINARY is given.
if [[ -n "${BINARY:-}" ]]; then
  binary=$BINARY
else
  echo "== swift build -c release --product FlowService" >&2
  swift build -c release --package-path "$package" --product FlowService >&2
  binary="$(swift build -c release --package-path "$package" --show-bin-path)/FlowService"
fi

# A temporary directory for the database and the server's log; the trap stops the server
# and removes it, however the script ends.
work=$(mktemp -d)
server=""
load=""
cleanup() {
  if [[ -n "$load" ]]; then kill -INT "$load" 2>/dev/null || true; fi
  if [[ -n "$server" ]]; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  if [[ "$store" == postgres ]]; then "$scripts/postgres.sh" stop "$work/pg" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Start the server on loopback with a random API key (not logged: it is given, not made);
# `memory` keeps every session in memory.
# No access log: a line per request would measure the log's writing (ACCESS_LOG=1 keeps it).
api_key=$(head -c 32 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')
arguments=(--hostname 127.0.0.1 --port "$port" --api-key "$api_key")
if [[ "${ACCESS_LOG:-0}" != 1 ]]; then arguments+=(--no-access-log); fi
if [[ "$store" == postgres ]]; then
  echo "== PostgreSQL on 127.0.0.1:$pg_port (postgres.sh)" >&2
  chmod 755 "$work" # the server runs as the postgres user, inside this directory
  arguments+=(--postgres "$("$scripts/postgres.sh" start "$work/pg" "$pg_port")?sslmode=disable")
else
  arguments+=(--database "$work/flow.sqlite")
fi
if [[ "$mode" == memory ]]; then arguments+=(--idle-timeout 0); fi
eviction_interval=${EVICTION_INTERVAL:-5}
warmup=${WARMUP:-1000}
if [[ "$mode" == evict ]]; then
  arguments+=(--idle-timeout "${IDLE_TIMEOUT:-120}" --eviction-interval "$eviction_interval")
fi
"$binary" "${arguments[@]}" 2>"$work/server.log" &
server=$!

# Wait until it answers /health (up to 10 s).
for _ in $(seq 100); do
  if curl -fs "$base/health" >/dev/null 2>&1; then break; fi
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
curl -fs "$base/health" >/dev/null || { echo "load-test.sh: no answer from $base" >&2; exit 1; }

# The resident set of the server, in bytes, from /proc.
rss() { awk '/^VmRSS:/ { print $2 * 1024 }' "/proc/$server/status"; }
# The server's CPU time so far (user + system), in clock ticks, from /proc.
cpu() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
# With PostgreSQL, the database server's CPU time so far, in clock ticks: its postmaster's
# (with what its ended children took) and each live child's (the backends, the WAL writer, ...).
db_cpu() {
  local postmaster
  postmaster=$(head -n 1 "$work/pg/data/postmaster.pid")
  {
    awk '{ print $14 + $15 + $16 + $17 }' "/proc/$postmaster/stat"
    for child in $(ps -o pid= --ppid "$postmaster"); do
      awk '{ print $14 + $15 }' "/proc/$child/stat" 2>/dev/null || true
    done
  } | awk '{ total += $1 } END { print total }'
}
# With PostgreSQL, the transactions the database committed so far (pg_stat_database).
db_commits() {
  psql -X -At -h 127.0.0.1 -p "$pg_port" -U postgres postgres \
    -c "SELECT pg_stat_force_next_flush(); SELECT xact_commit FROM pg_stat_database WHERE datname = 'postgres'" | tail -n 1
}
# The server's CPU time per request, in microseconds: TICKS_BEFORE, wrk's output file.
cpu_per_request() {
  local ticks=$(($(cpu) - $1)) requests
  requests=$(awk '/requests in/ { print $1 }' "$2")
  echo "$((ticks * 1000000 / $(getconf CLK_TCK) / requests))"
}

# The server's heap in use, in bytes, and SQLite's share of it: gdb calls malloc_stats() in
# the server, which writes its report to the server's standard error (the log; the last
# report's total "in use bytes"), and sqlite3_memory_used() (its page caches, up to 2 MiB a
# connection). Prints "HEAP SQLITE".
heap() {
  local sqlite
  sqlite=$(timeout 60 gdb -p "$server" -batch -ex 'call (void) malloc_stats()' \
    -ex 'print (long) sqlite3_memory_used()' 2>/dev/null | sed -n 's/^\$[0-9]* = //p' | tail -1)
  local total
  total=$(awk '/^Total \(incl. mmap\):/ { total = 1 } total && /^in use bytes/ { value = $NF; total = 0 } END { print value }' \
    "$work/server.log")
  # "?" when gdb can't bring a called function's value back (on some kernels it fails with
  # "Couldn't write extended state status"; malloc_stats' report, written as a side effect, is
  # still read).
  echo "$total ${sqlite:-?}"
}

# Gives the free pages of the server's heap back to the system: malloc_trim(0), called by gdb.
trim() { timeout 60 gdb -p "$server" -batch -ex 'call (int) malloc_trim(0)' >/dev/null 2>&1 || true; }

# wrk's CPU time per request, in microseconds: bash's `time` output ("user system" in
# seconds, TIMEFORMAT below), wrk's output file.
TIMEFORMAT='%U %S'
wrk_per_request() {
  local requests
  requests=$(awk '/requests in/ { print $1 }' "$2")
  awk -v requests="$requests" 'END { printf "%d\n", ($1 + $2) * 1000000 / requests }' "$1"
}

echo "== machine: $(nproc) cores, $(uname -sr), $(date -u +%FT%TZ); load: $(cut -d' ' -f1-3 /proc/loadavg); store: $store"

if [[ "$mode" == open ]]; then
  # $sessions sessions, one curl each; "id secret" one a line for open.lua.
  echo "== creating $sessions sessions with curl" >&2
  start=$(date +%s.%N)
  for _ in $(seq "$sessions"); do
    # The answer is {"id":"...","secret":"..."} without a newline (which sed would not add).
    curl -fs -X POST "$base/sessions" -w '\n' | sed -n 's/^{"id":"\([^"]*\)","secret":"\([^"]*\)"}$/\1 \2/p'
  done >"$work/ids"
  end=$(date +%s.%N)
  [[ $(wc -l <"$work/ids") -eq $sessions ]] || { echo "load-test.sh: sessions missing" >&2; exit 1; }
  echo "created $sessions sessions in $(echo "$end - $start" | bc) s (one curl process each)"

  # Deep links across those sessions: each request changes one and saves it.
  echo "== wrk -t$threads -c$connections -d$duration POST /sessions/{id}/open (open.lua, $sessions sessions); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  ticks=$(cpu)
  if [[ "$store" == postgres ]]; then
    db_ticks=$(db_cpu)
    commits=$(db_commits)
  fi
  { time wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$scripts/open.lua" "$base" \
    -- "$work/ids" "$threads" >"$work/open.out"; } 2>"$work/open.time"
  cat "$work/open.out"
  open_cpu=$(cpu_per_request "$ticks" "$work/open.out")
  if [[ "$store" == postgres ]]; then
    open_requests=$(awk '/requests in/ { print $1 }' "$work/open.out")
    open_db_cpu=$((($(db_cpu) - db_ticks) * 1000000 / $(getconf CLK_TCK) / open_requests))
  fi
  open_wrk=$(wrk_per_request "$work/open.time" "$work/open.out")

  # The same on GET /health: the HTTP server's own cost.
  echo "== wrk -t$threads -c$connections -d$duration GET /health; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  ticks=$(cpu)
  { time wrk -t"$threads" -c"$connections" -d"$duration" --latency "$base/health" >"$work/health.out"; } \
    2>"$work/health.time"
  cat "$work/health.out"
  health_cpu=$(cpu_per_request "$ticks" "$work/health.out")
  health_wrk=$(wrk_per_request "$work/health.time" "$work/health.out")
  opens=$(awk '/^Requests\/sec:/ { print $2 }' "$work/open.out")
  health=$(awk '/^Requests\/sec:/ { print $2 }' "$work/health.out")
  echo "== opens/s ÷ /health/s: $opens ÷ $health = $(echo "scale=1; 100 * $opens / $health" | bc)%; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "== server CPU per request: open $open_cpu µs, /health $health_cpu µs"
  echo "== wrk's CPU per request: open $open_wrk µs, /health $health_wrk µs"
  if [[ "$store" == postgres ]]; then
    # Read after the /health run, which makes none: by then every backend has reported its
    # counts (PostgreSQL reports them at most once a second, and when idle within 10 s).
    # Each open is one transaction when it takes the one-statement path; the query is one more.
    open_commits=$(echo "scale=2; ($(db_commits) - $commits - 1) / $open_requests" | bc)
    echo "== PostgreSQL per open: CPU $open_db_cpu µs, transactions committed $open_commits"
  fi
  # Both runs fill the same 2 cores, so the rates go roughly as the inverse of the CPU that
  # server and wrk spend per request; opens reach 30% of /health at this server CPU per open.
  echo "== server CPU per open for opens at 30% of /health: $(((health_cpu + health_wrk) * 10 / 3 - open_wrk)) µs"
  echo "== GET /metrics (the sessions and the requests)"
  curl -fs -H "Authorization: Bearer $api_key" "$base/metrics" | grep -E '^flow_(sessions|http_requests_total)'
else
  # Creates $1 sessions with wrk (create.lua), in the background with a 300 s bound, and stops
  # it with SIGINT (it prints its figures) once /metrics counts $1 live sessions or the count
  # stops moving: wrk's -d is a fixed duration, and a thread that stops itself doesn't end the
  # run. Sets `live`; wrk's figures are in $work/wrk.out.
  create_sessions() {
    wrk -t"$threads" -c"$connections" -d300s -s "$scripts/create.lua" "$base" \
      -- "$1" "$threads" >"$work/wrk.out" &
    load=$!
    live=0
    local previous
    while kill -0 "$load" 2>/dev/null; do
      sleep 0.5
      previous=$live
      live=$(live_sessions)
      if ((live >= $1 || (live > 0 && live == previous))); then break; fi
    done
    kill -INT "$load" 2>/dev/null || true
    wait "$load" || true
    load=""
  }
  # The sessions live in the server, from GET /metrics.
  live_sessions() {
    curl -fs -H "Authorization: Bearer $api_key" "$base/metrics" | sed -n 's/^flow_sessions_live \([0-9]*\).*/\1/p'
  }
  # Waits until the idle eviction has released every session (a look every second).
  wait_until_evicted() {
    while (($(live_sessions) > 0)); do sleep 1; done
  }

  if [[ "$mode" == evict ]]; then
    # The start: the server after start-up (SQLite open), then a first round of $warmup
    # sessions created and evicted, so that every path the measured round runs (HTTP, creating
    # and saving a session, an eviction sweep with its releases) has run once and paid its
    # one-time costs. The heap right after start-up is printed too.
    heap_fresh=$(heap)
    rss_fresh=$(rss)
    echo "== warm-up: $warmup sessions created, then evicted (--idle-timeout ${IDLE_TIMEOUT:-120})"
    create_sessions "$warmup"
    echo "created $live sessions"
    wait_until_evicted
    sleep $((eviction_interval + 2)) # past the sweep that trims again
  fi
  # Memory: RSS before and after $sessions sessions, all kept in memory.
  before=$(rss)
  if [[ "$mode" == evict ]]; then heap_before=$(heap); fi
  echo "== wrk -t$threads -c$connections creating $sessions sessions (create.lua, at most 300 s); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  start=$(date +%s.%N)
  create_sessions "$sessions"
  end=$(date +%s.%N)
  cat "$work/wrk.out"
  echo "created $live sessions in $(echo "$end - $start" | bc) s"
  # Let the last saves and frees settle before reading the resident set.
  sleep 2
  after=$(rss)
  metrics=$(curl -fs -H "Authorization: Bearer $api_key" "$base/metrics" | grep '^flow_sessions')
  live=$(echo "$metrics" | sed -n 's/^flow_sessions_live \([0-9]*\).*/\1/p')
  echo "== GET /metrics: $metrics"
  echo "VmRSS before: $before bytes; after: $after bytes; sessions in memory: $live"
  echo "per session: $(((after - before) / live)) bytes"
  if [[ "$mode" == evict ]]; then
    heap_live=$(heap)
    created=$live
    echo "== waiting for the idle eviction (--idle-timeout ${IDLE_TIMEOUT:-120}, a sweep every $eviction_interval s)"
    start=$(date +%s.%N)
    wait_until_evicted
    end=$(date +%s.%N)
    echo "all $created sessions evicted $(echo "$end - $start" | bc) s after the count stopped; load: $(cut -d' ' -f1-3 /proc/loadavg)"
    # The sweep after the one that evicted the last sessions trims the heap again (the host
    # holds no more sessions than after that trim): wait for it, then read.
    sleep $((eviction_interval + 2))
    echo "== the sweeps' trims (the server's log)"
    grep "Handed the heap's free pages back" "$work/server.log" || true
    rss_evicted=$(rss)
    heap_evicted=$(heap)
    trim
    rss_trimmed=$(rss)
    heap_trimmed=$(heap)
    echo "                        heap in use, SQLite's share    VmRSS"
    echo "after start-up:         $heap_fresh    $rss_fresh"
    echo "start ($warmup evicted): $heap_before    $before"
    echo "$created live:          $heap_live    $after"
    echo "all evicted:            $heap_evicted    $rss_evicted"
    echo "after malloc_trim(0):   $heap_trimmed    $rss_trimmed"
    read -r h0 s0 <<<"$heap_before"
    read -r hf sf <<<"$heap_fresh"
    read -r h1 s1 <<<"$heap_live"
    read -r h2 s2 <<<"$heap_evicted"
    echo "heap after eviction against the start: $(echo "scale=2; ($h2 - $h0) * 100 / $h0" | bc)%" \
      "($((h2 - h0)) bytes, $(((h2 - h0) / created)) a session; $(echo "scale=2; ($h1 - $h2) * 100 / ($h1 - $h0)" | bc)%" \
      "of what the sessions took came back); against the heap after start-up: $(echo "scale=2; ($h2 - $hf) * 100 / $hf" | bc)%"
    echo "VmRSS after eviction against the start: $(echo "scale=2; ($rss_evicted - $before) * 100 / $before" | bc)%"
  fi
fi
