#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ and runs each for a fixed time (default 25 s).
#
#   Scripts/fuzz.sh              # every fuzzer, 25 s each
#   Scripts/fuzz.sh 300 Decoders # one fuzzer, 5 minutes
#
# Each run starts from the committed seed corpus (Fuzz/Corpus/<name>) copied to a scratch folder,
# so the repository's corpus only changes when you copy new inputs back on purpose. A crash (an
# invariant failure, a trap, an uncaught error) stops the script with libFuzzer's report and the
# crashing input under Fuzz/.build/crashes/<name>/, to replay with
# `Fuzz/.build/debug/Fuzz<name> <input>`.
#
# Build shape: a separate package (Fuzz/) whose executable targets are built with
# `-sanitize=fuzzer` (the whole graph, so the toolkit's code is coverage-instrumented) and linked
# with lld (gold stops with an internal error). SwiftPM gives each executable its own entry point
# (main.swift), which hands over to libFuzzer with LLVMFuzzerRunDriver.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"

seconds=${1:-25}
shift || true
fuzzers=("$@")
[ ${#fuzzers[@]} -eq 0 ] && fuzzers=(Marbles Decoders StoreSubject)

swift build -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld 2>&1 | grep -v "Cannot export local symbol" | tail -3
bin=$(swift build -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld --show-bin-path)

for name in "${fuzzers[@]}"; do
  corpus=$(mktemp -d)
  cp Corpus/"$name"/* "$corpus"/
  crashes=.build/crashes/$name
  mkdir -p "$crashes"
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1
           -artifact_prefix="$crashes/")
  case $name in
    Decoders) options+=(-dict=json.dict) ;;
    Marbles) options+=(-dict=marbles.dict) ;;
  esac
  printf '\n== Fuzz%s, %s s ==\n' "$name" "$seconds"
  log=$(mktemp)
  set +e
  "$bin/Fuzz$name" "${options[@]}" "$corpus" >"$log" 2>&1
  status=$?
  set -e
  grep -E "^(#[0-9]+\s+DONE|stat::number_of_executed_units|stat::peak_rss_mb|INFO: seed corpus)" "$log" || true
  if [ "$status" -ne 0 ]; then
    echo "Fuzz$name failed (status $status):"
    grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse|RELOAD)|NEW_FUNC" "$log" | tail -60
    rm -rf "$corpus"
    exit 1
  fi
  rm -rf "$corpus" "$log"
done
echo "fuzzing: no crashes"
