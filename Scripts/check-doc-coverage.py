#!/usr/bin/env python3
"""Fails when a public symbol of ours has no doc comment. Reads the symbol graphs that
Scripts/build-docs.sh emits. Symbols synthesized by the compiler or inherited from the standard
library (their doc comments live elsewhere) are not ours and are skipped."""
import json, pathlib, sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".build-docs/symbol-graphs")
missing = []
checked = 0
for path in sorted(root.rglob("*.symbols.json")):
    graph = json.loads(path.read_text())
    for symbol in graph.get("symbols", []):
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        location = symbol.get("location", {}).get("uri", "")
        if "/Sources/" not in location:
            continue  # synthesized or declared outside our sources
        checked += 1
        doc = symbol.get("docComment")
        if doc and any(line.get("text", "").strip() for line in doc.get("lines", [])):
            continue
        name = ".".join(symbol.get("pathComponents", []))
        missing.append(f"{location.split('/Sources/')[-1]}:{symbol.get('location', {}).get('position', {}).get('line', 0) + 1}: {name}")
if missing:
    print(f"{len(missing)} public symbol(s) without a doc comment:")
    print("\n".join(sorted(set(missing))))
    sys.exit(1)
print(f"doc coverage: every public symbol has a doc comment ({checked} checked)")
