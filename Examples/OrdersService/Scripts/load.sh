#!/usr/bin/env bash
# A bounded load run of orders-service on 127.0.0.1 with `wrk` (Debian's package), one server
# started with `--port 0` and stopped (SIGTERM) at the end, even on failure. Runs, in order:
#   1. GET /health                              the HTTP stack alone (baseline, no store dispatch);
#   2. POST /actions (submit), the full answer  decode, `try await store.send`, and the state the
#                                               action produced encoded (it grows with the orders);
#   3. POST /actions, Prefer: return=minimal    the same without the state (O(1) answer);
#   4. GET /state                               the whole state, at the size runs 2 and 3 left.
# Prints wrk's reports and a summary table (requests/s, p50, p99, errors, orders after the run).
#
# Usage:
#   Scripts/load.sh [seconds] [connections]   release build (in .build-release), 2 threads;
#                                             defaults: 5 s per run, 32 connections
#   Scripts/load.sh --smoke BINARY            CI: a 2 s submit run and a 1 s GET /state run against
#                                             BINARY (a debug build), 4 connections; fails if wrk
#                                             reports any error, a non-2xx answer or no request.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--smoke" ]; then
  smoke=1
  binary=${2:?usage: load.sh --smoke BINARY}
  seconds=2 connections=4 threads=1
else
  smoke=0
  seconds=${1:-5} connections=${2:-32} threads=2
  swift build -c release --scratch-path .build-release --product orders-service >/dev/null
  binary=./.build-release/release/orders-service
fi
command -v wrk >/dev/null || { echo "load.sh: wrk is not installed (apt-get install -y wrk)" >&2; exit 1; }

data=$(mktemp -d)
out=$(mktemp)
report=$(mktemp)
server=""
stop() {
  [ -n "$server" ] || return 0
  kill -TERM "$server" 2>/dev/null || true
  # The shutdown waits for payments in flight (50 ms each, deadline 10 s); then it is killed.
  for _ in $(seq 1 300); do kill -0 "$server" 2>/dev/null || break; sleep 0.05; done
  kill -KILL "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
}
trap 'stop; rm -rf "$data" "$out" "$report"' EXIT
fail() { echo "load.sh: $*" >&2; exit 1; }

"$binary" --port 0 --data-dir "$data" >"$out" 2>/dev/null &
server=$!
for _ in $(seq 1 600); do
  grep -q '^listening on ' "$out" && break
  kill -0 "$server" 2>/dev/null || fail "the server exited"
  sleep 0.05
done
base=$(sed -n 's/^listening on //p' "$out" | head -1)
[ -n "$base" ] || fail "the server did not print its address"
# Wait until the catalog is loaded (a submit before then is refused with 422).
for _ in $(seq 1 600); do curl -fs "$base/health" | grep -q '"catalog":"loaded"' && break; sleep 0.05; done
curl -fs "$base/health" | grep -q '"catalog":"loaded"' || fail "the catalog did not load"

summary="| run | requests | requests/s | p50 | p99 | errors | non-2xx | orders after |
|---|---:|---:|---:|---:|---:|---:|---:|"
# run NAME SECONDS WRK-ARGUMENTS...
run() {
  local name=$1 duration=$2
  shift 2
  wrk --latency --timeout 10s -t"$threads" -c"$connections" -d"${duration}s" "$@" >"$report"
  [ "$smoke" = 1 ] || { echo "== $name =="; cat "$report"; }
  local requests rps p50 p99 errors non2xx orders
  requests=$(awk '/ requests in /{print $1}' "$report")
  rps=$(awk '/^Requests\/sec:/{print $2}' "$report")
  p50=$(awk '$1=="50%"{print $2}' "$report")
  p99=$(awk '$1=="99%"{print $2}' "$report")
  errors=$(sed -n 's/.*Socket errors: connect \([0-9]*\), read \([0-9]*\), write \([0-9]*\), timeout \([0-9]*\).*/\1 \2 \3 \4/p' "$report" \
    | awk '{print $1+$2+$3+$4}')
  errors=${errors:-0}
  non2xx=$(sed -n 's/.*Non-2xx or 3xx responses: \([0-9]*\).*/\1/p' "$report")
  non2xx=${non2xx:-0}
  orders=$(curl -fs "$base/health" | sed -n 's/.*"orders":\([0-9]*\).*/\1/p')
  summary+=$'\n'"| $name | ${requests:-0} | ${rps:-0} | ${p50:-?} | ${p99:-?} | $errors | $non2xx | ${orders:-?} |"
  if [ "$smoke" = 1 ]; then
    [ "${requests:-0}" -gt 0 ] || fail "$name: wrk made no request"$'\n'"$(cat "$report")"
    [ "$errors" = 0 ] && [ "$non2xx" = 0 ] || fail "$name: $errors socket error(s), $non2xx non-2xx answer(s)"$'\n'"$(cat "$report")"
  fi
}

if [ "$smoke" = 1 ]; then
  run "POST /actions (submit)" "$seconds" -s Scripts/submit.lua "$base/actions"
  run "GET /state" 1 "$base/state"
else
  run "GET /health (baseline)" "$seconds" "$base/health"
  run "POST /actions (submit, answer with the state)" "$seconds" -s Scripts/submit.lua "$base/actions"
  run "POST /actions (submit, Prefer: return=minimal)" "$seconds" -s Scripts/submit.lua -H "Prefer: return=minimal" "$base/actions"
  run "GET /state" "$seconds" "$base/state"
fi
stop
echo "$summary"
grep -E '^(shutdown|stopped):' "$out" || true
