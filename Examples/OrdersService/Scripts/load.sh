#!/usr/bin/env bash
# A bounded load run against a release build of orders-service on 127.0.0.1 (needs `wrk`, from
# Debian's packages). Prints wrk's report (requests/s, latency percentiles) for:
#   1. GET /health        — the HTTP stack alone (baseline: no store dispatch);
#   2. POST /actions      — a submit per request: decode, `try await store.send`, encode, and a
#                           payment effect started per order.
# Usage: Examples/OrdersService/Scripts/load.sh [seconds] [connections]   (defaults: 5 s, 32)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
connections=${2:-32}
swift build -c release --scratch-path .build-release --product orders-service >/dev/null
data=$(mktemp -d)
out=$(mktemp)
./.build-release/release/orders-service --port 0 --data-dir "$data" >"$out" 2>/dev/null &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data" "$out"' EXIT
for _ in $(seq 1 200); do grep -q '^listening on ' "$out" && break; sleep 0.05; done
base=$(sed -n 's/^listening on //p' "$out" | head -1)
[ -n "$base" ] || { echo "the server did not start"; exit 1; }
# Wait until the catalog is loaded (a submit before then is refused with 422).
for _ in $(seq 1 200); do curl -fs "$base/health" | grep -q '"catalog":"loaded"' && break; sleep 0.05; done
echo "== GET /health (baseline), ${seconds}s, ${connections} connections =="
wrk --latency -t2 -c"$connections" -d"${seconds}s" "$base/health"
echo "== POST /actions (submit), ${seconds}s, ${connections} connections =="
wrk --latency -t2 -c"$connections" -d"${seconds}s" -s Scripts/submit.lua "$base/actions"
