#!/usr/bin/env bash
# W11: ObservableStore invalidations and time per change at 10, 1,000 and 100,000 rows (bench-w11).
# Wall time, not instructions: under callgrind (valgrind 3.19) the async executable stops with
# "VALGRIND INTERNAL ERROR: Valgrind received a signal 11" in rt_sigsuspend (dispatch's main
# thread), so no instruction count is available yet. Docs/benchmarks/W11-observable-store.md
# holds a committed run; report the machine's load with the figures.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
swift build -c release --product bench-w11 >/dev/null
uptime
.build/release/bench-w11
