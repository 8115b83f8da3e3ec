#!/usr/bin/env bash
# Type-checks the peers' one-liners (Tests/PeerIdiomTests) with a time budget per expression:
# an expression the type checker takes more than BUDGET_MS to solve is an error, and so is one it
# cannot solve at all (the snippets must compile). Run by .ci/run.
#
# Package.swift carries no unsafe flags (house rule; they also forbid use as a dependency), so
# the budget is not a target setting: the target is built normally with SwiftPM (which checks it
# compiles and builds the modules it imports), then its files are type-checked again by swiftc
# with -warn-long-expression-type-checking and -warnings-as-errors against those modules. Only
# the snippets are held to the budget, not the library's own sources.
#
#   Scripts/check-type-checking.sh              # the check (~1 min after a build, a few s of it swiftc)
#   Scripts/check-type-checking.sh --self-test  # proves the budget fails a deliberately slow expression
set -euo pipefail
cd "$(dirname "$0")/.."

BUDGET_MS=${BUDGET_MS:-200}
start=$SECONDS

typecheck() { # files...
  swiftc -typecheck -swift-version 6 -module-name PeerIdiomTypeCheck \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -I .build/debug/Modules \
    -Xfrontend -warn-long-expression-type-checking="$BUDGET_MS" -warnings-as-errors "$@"
}

if [ "${1:-}" = "--self-test" ]; then
  # Forty mixed Int/Double/Float terms: about a second to type-check here, five times the budget.
  slow=$(mktemp -d)/SlowExpression.swift
  terms=""
  for i in $(seq 0 39); do
    terms+="${terms:+ + }Int(x * $i) + Int(y / $((i + 1))) * $((i + 2)) - $((i + 3))"
  done
  printf 'func slow(x: Double, y: Float) -> Int {\n    let z = %s\n    return z\n}\n' "$terms" >"$slow"
  if output=$(swiftc -typecheck -Xfrontend -warn-long-expression-type-checking="$BUDGET_MS" -warnings-as-errors "$slow" 2>&1); then
    echo "self-test failed: a deliberately slow expression passed the ${BUDGET_MS} ms budget" >&2
    exit 1
  fi
  echo "$output" | grep -m1 -o "error: expression took [0-9]*ms to type-check (limit: ${BUDGET_MS}ms)" \
    || { echo "self-test failed: the slow expression failed for another reason:" >&2; echo "$output" >&2; exit 1; }
  echo "self-test passed: the budget rejects a slow expression"
  exit 0
fi

# The flags of .ci/run's first step, so that its build is reused.
swift build -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error --target PeerIdiomTests
typecheck Tests/PeerIdiomTests/*.swift
echo "Peer idioms type-checked within ${BUDGET_MS} ms per expression ($(ls Tests/PeerIdiomTests/*.swift | wc -l) files, $((SECONDS - start)) s)"
