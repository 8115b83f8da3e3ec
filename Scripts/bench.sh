#!/usr/bin/env bash
# Builds the benchmark suite (release) and runs it; the arguments go to `bench` (`--help` lists
# them). The primary figure is instructions per unit, counted with valgrind callgrind at two sizes
# and differenced; time and allocations are secondary columns (Docs/Benchmarks.md). Relative paths
# are taken from the directory you run this from, e.g. from the repository root:
#   Scripts/bench.sh --output Docs/benchmarks   # full run: results.md, .svg and .json (committed)
#   Scripts/bench.sh --only W9,W2               # some workloads, tables on stdout only
#   Scripts/bench.sh --quick --instructions-only --columns toolkit \
#     --check-instructions Benchmarks/instructions-reference.json   # the CI gate
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
swift build -c release --package-path "$root/Benchmarks"
exec "$root/Benchmarks/.build/release/bench" "$@"
