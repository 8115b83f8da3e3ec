#!/usr/bin/env python3
"""Checks the one documentation site Scripts/build-docs.sh makes: its front page and its index
list every module given, and every module's pages exist (each symbol or article page's data and
its HTML page, and a page for each article of the module's catalog).

Usage: Scripts/check-doc-site.py SITE MODULE...
"""
import json, pathlib, sys

site = pathlib.Path(sys.argv[1])
modules = sys.argv[2:]
root = pathlib.Path(__file__).resolve().parent.parent
problems = []

index = json.loads((site / "index" / "index.json").read_text())
top = index["interfaceLanguages"]["swift"]
listed = {child.get("title") for node in top for child in node.get("children", []) if child.get("type") == "module"}
for module in modules:
    if module not in listed:
        problems.append(f"index/index.json does not list the module {module}")
front = json.loads((site / "data" / "documentation.json").read_text())
linked = {identifier.rsplit("/", 1)[-1] for section in front.get("topicSections", []) for identifier in section["identifiers"]}
for module in modules:
    if module not in linked:
        problems.append(f"the front page (data/documentation.json) does not link the module {module}")
if not (site / "documentation" / "index.html").is_file():
    problems.append("no front page documentation/index.html")

pages = 0
for module in modules:
    slug = module.lower()
    data = site / "data" / "documentation"
    if not (data / f"{slug}.json").is_file() or not (site / "documentation" / slug / "index.html").is_file():
        problems.append(f"{module}: no landing page")
        continue
    for page in (data / slug).rglob("*.json"):
        pages += 1
        html = site / "documentation" / page.relative_to(data).with_suffix("") / "index.html"
        if not html.is_file():
            problems.append(f"{module}: {page.relative_to(site)} has no page {html.relative_to(site)}")
    for base in (root / "Sources", root / "Integrations" / "Sources"):
        catalog = base / module / f"{module}.docc"
        for article in catalog.rglob("*.md") if catalog.is_dir() else []:
            if article.read_text(encoding="utf-8").startswith("# ``"):
                continue  # the landing page, or a symbol's extension file
            if not (site / "documentation" / slug / article.stem.lower() / "index.html").is_file():
                problems.append(f"{module}: no page for the article {article.relative_to(root)}")
if problems:
    print(f"{len(problems)} problem(s) in the site {site}:")
    print("\n".join(problems))
    sys.exit(1)
print(f"site: the front page and the index list all {len(modules)} modules; {pages} pages, each with its HTML")
