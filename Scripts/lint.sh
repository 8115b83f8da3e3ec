#!/usr/bin/env bash
# Lints the Swift sources with the toolchain's swift-format and the repository's .swift-format
# (rules chosen to match the existing code). Every file in Sources/ and Tests/ is checked with
# --strict, except those listed in Scripts/lint-baseline.txt: the compiled copies of the guides'
# snippets (Tests/DocSnippetTests), whose comments stay aligned as the guides print them. A new
# file must pass. Only tracked files are checked: `git add` a new file before linting.
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
