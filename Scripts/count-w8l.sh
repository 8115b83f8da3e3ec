#!/usr/bin/env bash
# W8L (a store whose state holds a [Int: String] of N entries, one key set per dispatch) in
# instructions per dispatch, beside W8 (a store of Int) from the same build: valgrind callgrind
# counts the whole process at two dispatch counts, and the difference divided by the difference
# in dispatches is the per-dispatch figure (process start, building the N-entry state and the
# store's setup cancel out). Writes the table to stdout, or into FILE with --output FILE.
#   Scripts/count-w8l.sh --output Docs/benchmarks/w8l.md
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
output=""
if [ "${1:-}" = "--output" ]; then output="$2"; fi
swift build -c release --package-path "$root/Benchmarks" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/Benchmarks/.build/release/bench" "$work/bench"
objcopy --strip-debug "$work/bench" # valgrind 3.19 cannot read all DWARF 5 (../shared/PLATFORM.md)

count() { # cell entries dispatches -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/bench" --count-w8l "$@" 2>&1 \
    | awk '/Collected/ {print $4}'
}
per() { # cell entries small large -> instructions per dispatch
  local a b
  a=$(count "$1" "$2" "$3"); b=$(count "$1" "$2" "$4")
  python3 -c "print(f'{($b - $a) / ($4 - $3):.0f}')"
}

w8=$(per w8 1 20000 120000)
w8base=$(per w8-baseline 1 20000 120000)
declare -A tk base
tk[10000]=$(per toolkit 10000 20000 120000);     base[10000]=$(per baseline 10000 200 1200)
tk[100000]=$(per toolkit 100000 20000 120000);   base[100000]=$(per baseline 100000 20 120)
tk[1000000]=$(per toolkit 1000000 20000 120000); base[1000000]=$(per baseline 1000000 2 12)

report=$(python3 - "$w8" "$w8base" "${tk[10000]}" "${tk[100000]}" "${tk[1000000]}" \
  "${base[10000]}" "${base[100000]}" "${base[1000000]}" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(swift --version 2>/dev/null | head -1)" <<'PY'
import sys
w8, w8b, t10, t100, t1m, b10, b100, b1m = map(float, sys.argv[1:9])
date, swift = sys.argv[9], sys.argv[10]
def f(x): return f"{x:,.0f}"
print("# W8L: store dispatch with a large state, in instructions per dispatch\n")
print(f"- Date: {date}; {swift}; release build; valgrind callgrind, instructions per dispatch =")
print("  (I(D2) − I(D1)) / (D2 − D1) over two dispatch counts of one process each (toolkit: 20k and")
print("  120k dispatches; copy baseline: fewer, as it copies the dictionary on every dispatch).")
print("- Produced by `Scripts/count-w8l.sh --output Docs/benchmarks/w8l.md`.\n")
print("| workload | entries | toolkit | copy baseline (ReSwift's shape) | baseline / toolkit | toolkit / W8 |")
print("|---|---|---|---|---|---|")
print(f"| W8 store of Int, 0 middlewares | – | {f(w8)} | {f(w8b)} (loop) | {w8b/w8:.2f}× | 1.00× |")
for n, t, b in (("10k", t10, b10), ("100k", t100, b100), ("1M", t1m, b1m)):
    print(f"| W8L `[Int: String]`, one key set | {n} | {f(t)} | {f(b)} | {b/t:,.0f}× | {t/w8:.2f}× |")
print("\n## Growth factors (instructions per dispatch)\n")
print("| series | compared | ideal | copy baseline | ReactiveToolkit |")
print("|---|---|---|---|---|")
print(f"| W8L | 100k vs 10k | 1× | {b100/b10:.1f}× | {t100/t10:.3f}× |")
print(f"| W8L | 1M vs 10k | 1× | {b1m/b10:.1f}× | {t1m/t10:.3f}× |")
print("\nTargets (issue 13): toolkit W8L within 2× of W8 per dispatch, and ≤ 1.2× growth from 10k to 1M.")
print(f"Measured: {max(t10, t100, t1m)/w8:.2f}× of W8 at most; growth {t1m/t10:.3f}×.")
PY
)
if [ -n "$output" ]; then printf '%s\n' "$report" > "$output"; echo "wrote $output" >&2; else printf '%s\n' "$report"; fi
