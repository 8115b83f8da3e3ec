#!/usr/bin/env bash
# Builds the DocC documentation of every module into a static site, with the toolchain's own
# `docc` (no package plugin). Fails on any DocC warning.
# Usage: Scripts/build-docs.sh [output-folder]   (default: .build-docs/site)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-docs/site}
graphs=.build-docs/symbol-graphs
modules=(StreamCore StreamCoreTesting FeedbackLoop FeedbackLoopTesting StoreKitLite StoreKitLiteTesting LoadingState)
rm -rf "$graphs" && mkdir -p "$graphs" "$out"
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  # An up-to-date module is not recompiled and so emits no symbol graph: drop its build products.
  rm -rf ".build-docs/build/debug/$module.build"
  swift build --scratch-path .build-docs/build --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/$module" >/dev/null
  # Keep only this module's own symbol graphs (and its extensions of others).
  find "$graphs/$module" -name '*.symbols.json' ! -name "$module.symbols.json" ! -name "$module@*.symbols.json" -delete
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.reactivetoolkit.$module" \
    --output-path "$out/$module.doccarchive" \
    --transform-for-static-hosting --hosting-base-path "$module" \
    --warnings-as-errors
  echo "built $out/$module.doccarchive"
done
python3 Scripts/check-doc-coverage.py .build-docs/symbol-graphs
