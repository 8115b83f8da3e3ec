#!/usr/bin/env bash
# Builds the DocC documentation of all thirteen modules — the root package's seven and the
# Integrations package's six — into one static site whose front page leads to every module,
# with the toolchain's own `docc` (no package plugin). Fails on any DocC warning, on a public
# symbol without a doc comment (Scripts/check-doc-coverage.py), and on a site that lacks a
# module's pages (Scripts/check-doc-site.py).
#
# Each module is converted into its own archive from its catalog and its own symbol graphs, then
# `docc merge` combines the archives under a synthesized front page (the package "ReactiveToolkit",
# its topics the thirteen modules) into one static site.
#
# The Integrations modules' symbol graphs come from the Integrations package's own build
# (Integrations/.build), which CI has already made by then; run alone, the script makes it, and
# its first run compiles postgres-nio, SwiftNIO, swift-nio-ssl and swift-crypto (tens of minutes
# on a 2-core machine).
#
# Usage: Scripts/build-docs.sh [output-folder]   (default: .build-docs/site)
#   DOCS_HOSTING_BASE_PATH: the site's base path on its server (default: none, the server's root).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-docs/site}
graphs=.build-docs/symbol-graphs
archives=.build-docs/archives
root_modules=(StreamCore StreamCoreTesting FeedbackLoop FeedbackLoopTesting StoreKitLite StoreKitLiteTesting LoadingState)
integrations_modules=(ReactiveToolkitLogging ReactiveToolkitServiceLifecycle ReactiveToolkitMetrics ReactiveToolkitPostgres
  ReactiveToolkitInspectorCore ReactiveToolkitInspector)
build_log=.build-docs/build.log  # a failed build's output is shown
rm -rf "$graphs" "$archives" "$out" && mkdir -p "$graphs" "$archives"
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")

# convert MODULE CATALOG: the module's archive, from its catalog and $graphs/MODULE.
convert() {
  "$docc" convert "$2" \
    --additional-symbol-graph-dir "$graphs/$1" \
    --fallback-display-name "$1" --fallback-bundle-identifier "org.reactivetoolkit.$1" \
    --output-path "$archives/$1.doccarchive" \
    --warnings-as-errors
  echo "built $archives/$1.doccarchive"
}

# keep MODULE FROM: copies the module's own symbol graphs (and its extensions of other modules)
# from FROM into $graphs/MODULE.
keep() {
  mkdir -p "$graphs/$1"
  find "$2" -maxdepth 1 \( -name "$1.symbols.json" -o -name "$1@*.symbols.json" \) -exec cp {} "$graphs/$1/" \;
  [ -f "$graphs/$1/$1.symbols.json" ] || { echo "build-docs.sh: no symbol graph for $1" >&2; exit 1; }
}

# The root package's modules, one build each, with one graph folder for all (the same flags on
# every build, so that a module's dependencies are not recompiled for it).
raw=$PWD/.build-docs/root-graphs
rm -rf "$raw" && mkdir -p "$raw"
for module in "${root_modules[@]}"; do
  # An up-to-date module emits no symbol graph: drop its module file, so that it is emitted
  # again. (Not its whole .build folder: SwiftPM writes the file lists in it only when the build
  # plan changes, and the flags here never change.)
  rm -f .build-docs/build/*/debug/Modules/"$module".swiftmodule
  swift build --scratch-path .build-docs/build --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$raw" >"$build_log" \
    || { tail -40 "$build_log"; exit 1; }
  keep "$module" "$raw"
  convert "$module" "Sources/$module/$module.docc"
done

# The Integrations package's modules: their symbol graphs come from the package's own build
# (Integrations/.build, with the flags CI's Integrations step builds it with), so that nothing is
# compiled twice: `swift package dump-symbol-graph` builds what is missing and extracts the
# graphs from the built modules.
integrations_graphs=$(
  cd Integrations
  # The tests too (as CI's Integrations step builds them; then nothing is left to do):
  # dump-symbol-graph fails on a test module that is not built.
  swift build --build-tests -Xswiftc -warnings-as-errors >"../$build_log" 2>&1 || { tail -40 "../$build_log" >&2; exit 1; }
  swift package -Xswiftc -warnings-as-errors dump-symbol-graph --minimum-access-level public >"../$build_log" 2>&1 || { tail -40 "../$build_log" >&2; exit 1; }
  sed -n 's/^Files written to //p' "../$build_log" | tail -1
)
[ -d "$integrations_graphs" ] || { echo "build-docs.sh: no Integrations symbol graphs" >&2; tail -40 "$build_log" >&2; exit 1; }
for module in "${integrations_modules[@]}"; do
  keep "$module" "$integrations_graphs"
  convert "$module" "Integrations/Sources/$module/$module.docc"
done

python3 Scripts/check-doc-coverage.py "$graphs"

# One site: the archives merged under a synthesized front page that lists every module. The
# merged archive is a static site for the server's root; DOCS_HOSTING_BASE_PATH moves it.
# `docc merge` has no --warnings-as-errors: any warning it prints fails the build here.
inputs=()
for module in "${root_modules[@]}" "${integrations_modules[@]}"; do inputs+=("$archives/$module.doccarchive"); done
log=$(mktemp)
"$docc" merge "${inputs[@]}" \
  --synthesized-landing-page-name ReactiveToolkit \
  --synthesized-landing-page-kind Package \
  --synthesized-landing-page-topics-style list \
  --output-path "$out" 2>&1 | tee "$log"
if grep -qi "warning" "$log"; then
  echo "build-docs.sh: docc merge printed warnings" >&2
  exit 1
fi
rm -f "$log"
if [ -n "${DOCS_HOSTING_BASE_PATH:-}" ]; then
  "$docc" process-archive transform-for-static-hosting "$out" --hosting-base-path "$DOCS_HOSTING_BASE_PATH"
fi
python3 Scripts/check-doc-site.py "$out" "${root_modules[@]}" "${integrations_modules[@]}"
echo "site: $out (front page: $out/documentation/index.html; serve the folder, say with python3 -m http.server)"
