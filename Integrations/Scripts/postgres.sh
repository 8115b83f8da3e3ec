#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server for the ReactiveToolkitPostgres tests.
#
#   Integrations/Scripts/postgres.sh start   # initdb in a fresh temporary folder, start on 127.0.0.1
#   Integrations/Scripts/postgres.sh env     # the environment the tests read (eval "$(… env)")
#   Integrations/Scripts/postgres.sh stop    # stop the server, delete its folder
#   Integrations/Scripts/postgres.sh crash   # kill it as a crash would (-m immediate), keep its data
#   Integrations/Scripts/postgres.sh restart # start it again on its data (crash recovery)
#
# The server listens on loopback only, on a non-default port (RT_PG_PORT, default 55432), with
# its socket in /tmp, trust authentication for the local user `postgres`, and its data in a
# mktemp folder recorded in $RT_PG_STATE (default /tmp/rt-postgres-$RT_PG_PORT.state). It runs
# as the unprivileged `postgres` user when started by root (PostgreSQL refuses to run as root).
# Needs Debian's `postgresql` package (`apt-get install -y postgresql`). Start takes ~3 s.
# The tests run it with `fsync=off` (a throwaway server); RT_PG_FSYNC=on starts it durable
# (fsync and synchronous commit on, PostgreSQL's defaults), as the benchmark's durable row does.
# RT_PG_OPTIONS adds server options (`-c name=value …`), for start and restart alike.
set -euo pipefail

port="${RT_PG_PORT:-55432}"
fsync="${RT_PG_FSYNC:-off}"
case "$fsync" in on|off) ;; *) echo "postgres.sh: RT_PG_FSYNC must be on or off" >&2; exit 2 ;; esac
state="${RT_PG_STATE:-/tmp/rt-postgres-$port.state}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -n "$bin" ] || { echo "postgres.sh: PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# Starts the server on data folder $1. Descriptors the caller passed beyond 0-2 are closed first:
# the server would hold them open for its whole life (Foundation's `Process` watches one of them to
# see this script exit).
run_server() {
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd="${fd##*/}"
      case "$fd" in 0|1|2|255) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
    done
    as_owner "$bin/pg_ctl" -D "$1" -l "$1/server.log" -w -t 60 \
      -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=$fsync -c synchronous_commit=$fsync -c max_connections=200 ${RT_PG_OPTIONS:-}" start >/dev/null
  )
}

case "${1:-}" in
start)
  if [ -f "$state" ]; then "$0" stop || true; fi
  data="$(mktemp -d /tmp/rt-postgres-data.XXXXXX)"
  [ "$(id -u)" = 0 ] && chown postgres: "$data"
  echo "$data" > "$state"
  as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
  run_server "$data"
  echo "postgres.sh: PostgreSQL listening on 127.0.0.1:$port (data $data, fsync=$fsync)"
  ;;
crash)
  [ -f "$state" ] || { echo "postgres.sh: no server recorded in $state" >&2; exit 1; }
  as_owner "$bin/pg_ctl" -D "$(cat "$state")" -m immediate -w -t 60 stop >/dev/null
  echo "postgres.sh: crashed (data kept)"
  ;;
restart)
  [ -f "$state" ] || { echo "postgres.sh: no server recorded in $state" >&2; exit 1; }
  run_server "$(cat "$state")"
  echo "postgres.sh: PostgreSQL listening on 127.0.0.1:$port again (after crash recovery)"
  ;;
stop)
  if [ -f "$state" ]; then
    data="$(cat "$state")"
    as_owner "$bin/pg_ctl" -D "$data" -m immediate -w -t 60 stop >/dev/null 2>&1 || true
    rm -rf "$data" "$state"
    echo "postgres.sh: stopped"
  fi
  ;;
env)
  echo "export RT_PG_HOST=127.0.0.1 RT_PG_PORT=$port RT_PG_USER=postgres RT_PG_DATABASE=postgres"
  ;;
*)
  echo "usage: $0 start|stop|crash|restart|env" >&2
  exit 2
  ;;
esac
