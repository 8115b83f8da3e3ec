#!/usr/bin/env python3
"""Copies the compiled snippets of Tests/DocSnippetTests (and Examples/OrdersService/Sources) into the DocC articles.

Every ```swift block of a catalog's Markdown follows a `<!-- snippet: Name -->` comment; this
script replaces the block's lines with the region between `// snippet: Name` and `// end` in
Tests/DocSnippetTests/*.swift (indentation removed). DocSnippetTests fails when they differ, so
run this after editing a snippet, then check the articles' "It prints:" blocks with
`PRINT_DOC_SNIPPETS=1 swift test --filter printRunnableSnippets`.

Usage: Scripts/sync-doc-snippets.py
"""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def compiled_snippets():
    snippets = {}
    paths = []
    # Tests/DocSnippetTests, the SwiftUI article's code type-checked by Checks/SwiftUIGlue and its
    # tests (Tests/SwiftUIArticleTests, top level: Article/ holds links to the checked code).
    # Integrations/Tests/ReactiveToolkitPostgresTests: the PostgreSQL journal's set-up, run by that package's tests.
    # Integrations/Tests/ReactiveToolkitInspectorTests: the store inspector article's code, run there.
    for folder in [os.path.join(root, "Tests", "DocSnippetTests"), os.path.join(root, "Checks", "SwiftUIGlue", "Article"),
                   os.path.join(root, "Tests", "SwiftUIArticleTests"),
                   os.path.join(root, "Integrations", "Tests", "ReactiveToolkitPostgresTests"),
                   os.path.join(root, "Integrations", "Tests", "ReactiveToolkitInspectorTests")]:
        paths += [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".swift")]
    # The example service's sources hold the snippets of the service article.
    for base, _, names in os.walk(os.path.join(root, "Examples", "OrdersService", "Sources")):
        paths += [os.path.join(base, name) for name in sorted(names) if name.endswith(".swift")]
    for path in paths:
        current = None
        for line in open(path, encoding="utf-8").read().split("\n"):
            stripped = line.strip()
            if stripped.startswith("// snippet: "):
                current = (stripped[len("// snippet: "):], [])
            elif stripped == "// end" and current:
                lines = current[1]
                indent = min((len(l) - len(l.lstrip(" ")) for l in lines if l.strip()), default=0)
                snippets[current[0]] = [l[min(indent, len(l) - len(l.lstrip(" "))):] for l in lines]
                current = None
            elif current:
                current[1].append(line)
    return snippets


def main():
    snippets = compiled_snippets()
    missing = []
    # The root modules' catalogs and the Integrations package's.
    walks = [w for base in ("Sources", os.path.join("Integrations", "Sources")) for w in os.walk(os.path.join(root, base))]
    for folder, _, files in walks:
        if ".docc" not in folder:
            continue
        for name in files:
            if not name.endswith(".md"):
                continue
            path = os.path.join(folder, name)
            lines = open(path, encoding="utf-8").read().split("\n")
            out, i, changed = [], 0, False
            while i < len(lines):
                line = lines[i]
                out.append(line)
                match = re.match(r"\s*<!-- snippet: (\S+) -->\s*$", line)
                if match and i + 1 < len(lines) and lines[i + 1].strip() == "```swift":
                    snippet = match.group(1)
                    end = i + 2
                    while end < len(lines) and lines[end].strip() != "```":
                        end += 1
                    if snippet not in snippets:
                        missing.append(f"{os.path.relpath(path, root)}: {snippet}")
                        out.extend(lines[i + 1:end + 1])
                    else:
                        block = ["```swift"] + snippets[snippet] + ["```"]
                        changed |= block != lines[i + 1:end + 1]
                        out.extend(block)
                    i = end + 1
                    continue
                i += 1
            if changed:
                open(path, "w", encoding="utf-8").write("\n".join(out))
                print("updated", os.path.relpath(path, root))
    for entry in missing:
        print("no compiled snippet:", entry, file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
