#!/usr/bin/env bash
# Builds the benchmark suite (release) and runs it; the arguments go to `bench`. The full run
# writes Benchmarks/results/results.md and results.svg. Relative paths are taken from the
# directory you run this from, e.g. from the repository root:
#   Scripts/bench.sh                          # full run, report in Benchmarks/results/
#   Scripts/bench.sh --output Docs/benchmarks # full run, report into the committed docs
#   Scripts/bench.sh --quick --check-allocations
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift build -c release --package-path "$root/Benchmarks"
exec "$root/Benchmarks/.build/release/bench" "$@"
