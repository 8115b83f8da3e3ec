#!/usr/bin/env bash
# W11: ObservableStore invalidations and instructions per change at 10, 1,000, 10,000 and 100,000
# rows (bench-w11), with the rows in an IdentifiedArrayOf (the cell W11's target applies to) and in
# a plain array, against a hand-written @Observable model of the same rows mutated directly (the
# baseline), from the same build. See Docs/benchmarks/W11-observable-store.md.
#
#   Scripts/bench-w11.sh            the instruction table (callgrind), then the wall-time table
#   Scripts/bench-w11.sh --quick    10 and 1,000 rows only, no wall-time table (about 30 s)
#
# Instructions per change = (I(K2) - I(K1)) / (K2 - K1) for K1 = 20, K2 = 40 changes at the same
# row count, collected only inside `countedRegion` (the changes), so building the rows, the
# children and the readers cancels out. The counted copy is stripped of debug info (valgrind 3.19
# cannot read some DWARF 5; symbols stay).
set -euo pipefail
quick=0
[[ "${1:-}" == "--quick" ]] && quick=1
cd "$(dirname "$0")/../Benchmarks"
swift build -c release --product bench-w11 >/dev/null
command -v valgrind >/dev/null || { echo "bench-w11.sh: valgrind not found (apt-get install -y valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug .build/release/bench-w11 "$work/bench-w11"

# instructions ROWS CHANGES [--array | --baseline]: callgrind's total inside countedRegion.
instructions() {
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --toggle-collect='*countedRegion*' --log-file="$work/log" \
    "$work/bench-w11" --rows "$1" --changes "$2" ${3:-} >"$work/out"
  grep -q "invalidations $2\$" "$work/out" || { echo "bench-w11.sh: wrong invalidations: $(cat "$work/out")" >&2; exit 1; }
  sed -n 's/.*Collected : //p' "$work/log"
}

# per_change ROWS [FLAG]: instructions per change.
per_change() {
  echo $(( ($(instructions "$1" 40 ${2:-}) - $(instructions "$1" 20 ${2:-})) / 20 ))
}

sizes=(10 1000 10000 100000)
[[ $quick == 1 ]] && sizes=(10 1000)
echo "| Rows | IdentifiedArrayOf rows: instructions per change | Ratio | Array rows: instructions per change | Ratio | Baseline (@Observable model) | Readers invalidated per change |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for rows in "${sizes[@]}"; do
  identified=$(per_change "$rows")
  array=$(per_change "$rows" --array)
  baseline=$(per_change "$rows" --baseline)
  ratio() { awk -v s="$1" -v b="$baseline" 'BEGIN { printf "%.2f", s / b }'; }
  echo "| $rows | $identified | ×$(ratio "$identified") | $array | ×$(ratio "$array") | $baseline | 1 |"
done
if [[ $quick == 0 ]]; then
  echo
  uptime
  .build/release/bench-w11
fi
