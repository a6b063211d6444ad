#!/usr/bin/env bash
# A throwaway local PostgreSQL for tests: one cluster in a directory of your choice, trust
# authentication, listening on 127.0.0.1 only, fsync off. Nothing in it is meant to last.
#
#   Service/scripts/postgres.sh start DIR [PORT]     # PORT defaults to 55432
#   Service/scripts/postgres.sh stop DIR
#   Service/scripts/postgres.sh run DIR [PORT] -- COMMAND...
#
# `start` prints the URL to connect with (postgres://postgres@127.0.0.1:PORT/postgres);
# `run` starts the cluster, runs COMMAND with FLOW_SERVICE_POSTGRES_URL exported, stops the
# cluster whatever happens, and exits with COMMAND's status.
#
# The Service's PostgreSQL tests run when FLOW_SERVICE_POSTGRES_URL is set, e.g.
#   Service/scripts/postgres.sh run /tmp/flow-pg -- swift test --package-path Service
# and a FlowService started with `--postgres "$FLOW_SERVICE_POSTGRES_URL"` keeps its sessions there.
#
# Run it as root (it runs the server as the `postgres` user) or as the `postgres` user.
set -euo pipefail

usage() {
  sed -n '5,7p' "$0" | sed 's/^#   //' >&2
  exit 2
}

# Finds initdb and pg_ctl: on PATH, else in Debian's versioned directory; installs the
# `postgresql` package with apt-get when neither has them.
find_postgres_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    PG_BIN=$(dirname "$(readlink -f "$(command -v pg_ctl)")")
    return 0
  fi
  local dir
  dir=$(find_debian_bin)
  if [[ -z "$dir" ]]; then
    echo "postgres.sh: initdb and pg_ctl are missing; installing postgresql with apt-get" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2 \
      || { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2; }
    dir=$(find_debian_bin)
  fi
  [[ -n "$dir" ]] || { echo "postgres.sh: no initdb/pg_ctl after installing postgresql" >&2; exit 1; }
  PG_BIN=$dir
}

# Prints the newest /usr/lib/postgresql/VERSION/bin that has pg_ctl, or nothing.
find_debian_bin() {
  local newest
  # The glob sorts 10 before 9, hence sort -V.
  newest=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if [[ -x "$newest/pg_ctl" ]]; then echo "$newest"; fi
}

# Runs a PostgreSQL tool as the postgres user (the server refuses to run as root).
as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# start DIR [PORT]: creates the cluster in DIR/data if it isn't there, starts it, and records
# the port in DIR/port (pg_ctl keeps the pid in DIR/data/postmaster.pid; a copy goes to DIR/pid).
start() {
  local dir=$1 port=${2:-55432}
  [[ "$port" =~ ^[0-9]+$ ]] || { echo "postgres.sh: '$port' is not a port" >&2; exit 2; }
  find_postgres_bin
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  # The server runs as postgres: it must own the directory (its socket and log go there).
  if [[ $(id -u) -eq 0 ]]; then chown postgres: "$dir"; fi
  # A new cluster: superuser postgres, trust authentication (no password, loopback only).
  if [[ ! -f "$dir/data/PG_VERSION" ]]; then
    as_postgres "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
  fi
  # Start it on 127.0.0.1:PORT with its Unix socket in DIR, without fsync; -w waits until
  # it accepts connections.
  as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >&2 \
    || { cat "$dir/log" >&2; exit 1; }
  echo "$port" >"$dir/port"
  head -n 1 "$dir/data/postmaster.pid" >"$dir/pid"
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

# stop DIR: stops the cluster fast (open connections are closed); quiet if it isn't running.
stop() {
  local dir=$1
  find_postgres_bin
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >&2
  fi
  rm -f "$dir/pid"
}

# run DIR [PORT] -- COMMAND...: start, run COMMAND with the URL exported, stop from a trap.
run() {
  RUN_DIR=$1
  local port=55432
  shift
  if [[ $# -gt 0 && "$1" != "--" ]]; then port=$1; shift; fi
  [[ $# -gt 1 && "$1" == "--" ]] || usage
  shift
  FLOW_SERVICE_POSTGRES_URL=$(start "$RUN_DIR" "$port")
  export FLOW_SERVICE_POSTGRES_URL
  # From here on, stop the cluster however the script ends: the command's status, an error,
  # or a signal (INT and TERM exit, which runs the EXIT trap). RUN_DIR is global because the
  # trap runs after run's locals are gone.
  trap 'stop "$RUN_DIR"' EXIT
  trap 'exit 130' INT TERM
  local status=0
  "$@" || status=$?
  exit "$status"
}

[[ $# -ge 2 ]] || usage
command=$1
shift
case "$command" in
  start) [[ $# -le 2 ]] || usage; start "$@" ;;
  stop) [[ $# -eq 1 ]] || usage; stop "$1" ;;
  run) run "$@" ;;
  *) usage ;;
esac
