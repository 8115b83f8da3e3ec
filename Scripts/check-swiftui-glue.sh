#!/usr/bin/env bash
# Type-checks the `#if canImport(SwiftUI)` glue and the SwiftUI article's code against the
# stand-in SwiftUI module (Checks/SwiftUIGlue, Decision 0017). A typo in that code fails here.
#
# The root's modules must be compiled without the stand-in (their glue is compiled in the check's
# `Glue` target instead), so a stand-in module left by an earlier run is removed first; SwiftPM
# then builds the root modules before the stand-in, which depends on them.
set -euo pipefail
cd "$(dirname "$0")/../Checks/SwiftUIGlue"
find .build -path '*/Modules/SwiftUI.swiftmodule' -prune -exec rm -rf {} + 2>/dev/null || true
find .build -name 'SwiftUI.swiftmodule' -prune -exec rm -rf {} + 2>/dev/null || true
swift build -Xswiftc -warnings-as-errors
echo "SwiftUI glue and article code: type-checked against the stand-in"
