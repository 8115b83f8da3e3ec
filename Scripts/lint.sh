#!/usr/bin/env bash
# Lints the Swift sources with the toolchain's swift-format and the repository's .swift-format
# (rules chosen to match the existing code). Every file in Sources/ and Tests/ is checked with
# --strict, except those listed in Scripts/lint-baseline.txt: files written before the
# configuration existed whose layout differs from swift-format's (mostly the indentation of a
# trailing closure inside an argument list). A new file must pass; to take a file off the list,
# run `swift format -i --configuration .swift-format FILE` and delete its line.
# About a minute on one core.
set -euo pipefail
cd "$(dirname "$0")/.."

baseline=Scripts/lint-baseline.txt
files=()
while IFS= read -r file; do
  files+=("$file")
done < <(git ls-files 'Sources/*.swift' 'Tests/*.swift' | grep -vxF -f "$baseline")

# A stale baseline line (a file renamed or removed) is an error too, so the list only shrinks.
while IFS= read -r listed; do
  [ -z "$listed" ] && continue
  if [ ! -f "$listed" ]; then
    echo "Scripts/lint-baseline.txt lists $listed, which does not exist" >&2
    exit 1
  fi
done < "$baseline"

echo "swift format lint --strict: ${#files[@]} files ($(grep -c . "$baseline") on the baseline)"
swift format lint --strict --configuration .swift-format "${files[@]}"
