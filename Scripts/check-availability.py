#!/usr/bin/env python3
"""Checks the package's Swift code against the Apple deployment targets declared in Package.swift.

Linux builds never enforce `@available`, so code that builds here can still fail on Apple
platforms ("'Atomic' is only available in macOS 15.0 or newer"). This script reads Apple's
availability from the toolchain's own interface files (Swift, _Concurrency, Synchronization,
Observation, _StringProcessing, RegexBuilder: the `.swiftinterface` files carry the annotations
on Linux too), adds the entries of a kept table (Scripts/availability/table.txt, for Apple-only
modules such as Foundation on Darwin), and fails when a source file uses a name whose
availability is newer than the declared floor, outside an `@available`/`#available` scope that
raises it.

How a use is matched: by identifier. A name counts as "new" only if *every* declaration of it
in those interfaces is newer than the floor (an older overload of the same name makes it safe),
and names the package declares itself are ignored (its own `load`, `state`...). This is
deliberately conservative towards no false alarms; it catches the types, functions and members
that exist only in newer SDKs (Atomic, Mutex, InlineArray, Span, withObservationTracking...).

Usage:
  Scripts/check-availability.py               check Sources/ and Tests/ against Package.swift
  Scripts/check-availability.py --self-test   prove the check fails on deliberate violations
  Scripts/check-availability.py --floor "macOS 14.0, iOS 17.0" FILE...   check files at a floor
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
MODULES = ["Swift", "_Concurrency", "Synchronization", "Observation", "_StringProcessing", "RegexBuilder"]
INTERFACE_DIRS = ["/opt/swift/usr/lib/swift/linux", "/opt/swift/usr/lib/swift_static/linux"]
DECL = re.compile(
    r"\b(?:struct|class|enum|protocol|actor|typealias|func|var|let|case|macro|associatedtype|subscript|init)\b"
    r"\s*(`?[A-Za-z_][A-Za-z0-9_]*`?)?"
)
AVAILABLE = re.compile(r"[@#]available\s*\(([^)]*)\)")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def version(text):
    return tuple(int(part) for part in text.split("."))


def parse_available(arguments):
    """Returns {platform: version} introduced by one @available(...) argument list ({} if none),
    or None when it marks the declaration unavailable on a platform we check."""
    result = {}
    parts = [p.strip() for p in arguments.split(",")]
    # Long form: @available(macOS, introduced: 13.0, deprecated: ...)
    if parts and parts[0] in PLATFORMS and len(parts) > 1:
        for part in parts[1:]:
            if part == "unavailable":
                return None
            match = re.match(r"introduced\s*:\s*([0-9.]+)", part)
            if match:
                result[parts[0]] = version(match.group(1))
        return result
    for part in parts:
        match = re.match(r"(macOS|iOS|tvOS|watchOS|visionOS|macCatalyst)\s+([0-9.]+)$", part)
        if match and match.group(1) in PLATFORMS:
            result[match.group(1)] = version(match.group(2))
    if "iOS" in result and "visionOS" not in result:
        # visionOS inherits iOS availability: iOS 17 and older APIs are in visionOS 1.
        ios = result["iOS"]
        result["visionOS"] = (max(1, ios[0] - 16),) + ios[1:]
    return result


def merge(outer, inner):
    merged = dict(outer)
    for platform, introduced in inner.items():
        merged[platform] = max(merged.get(platform, (0,)), introduced)
    return merged


def newer(availability, floor):
    """The platforms on which `availability` is newer than `floor`."""
    return [p for p in PLATFORMS if p in floor and availability.get(p, (0,)) > floor[p]]


def interface_table():
    """{name: availability} for names all of whose public declarations carry an availability."""
    oldest = {}
    for module in MODULES:
        path = None
        for folder in INTERFACE_DIRS:
            found = sorted(glob.glob(os.path.join(folder, module + ".swiftmodule", "*-linux-gnu.swiftinterface")))
            if found:
                path = found[0]
                break
        if path is None:
            sys.exit(f"check-availability: no interface file for {module} under {INTERFACE_DIRS}")
        stack, pending = [{}], {}
        for raw in open(path, encoding="utf-8"):
            line = raw.strip()
            if line.startswith("#"):
                continue  # #if compiler(...) blocks: both branches are read
            skip = False
            for match in AVAILABLE.finditer(line):
                parsed = parse_available(match.group(1))
                if parsed is None:
                    skip = True
                else:
                    pending = merge(pending, parsed)
            rest = AVAILABLE.sub("", line).strip()
            if not rest or rest.startswith("@") and not DECL.search(rest):
                if skip:
                    pending = {"unavailable": True}
                continue
            current = merge(stack[-1], {k: v for k, v in pending.items() if k != "unavailable"})
            unavailable = skip or "unavailable" in pending
            match = DECL.search(rest)
            if match and match.group(1) and not rest.startswith("extension") and not unavailable:
                name = match.group(1).strip("`")
                if not name.startswith("_"):
                    previous = oldest.get(name)
                    oldest[name] = current if previous is None else {
                        p: min(previous.get(p, (0,)), current.get(p, (0,))) for p in PLATFORMS
                    }
            opens, closes = rest.count("{"), rest.count("}")
            for _ in range(opens - closes):
                stack.append(current)
            for _ in range(closes - opens):
                if len(stack) > 1:
                    stack.pop()
            pending = {}
    return {name: a for name, a in oldest.items() if any(v > (0,) for v in a.values())}


def kept_table():
    table = {}
    path = os.path.join(ROOT, "Scripts", "availability", "table.txt")
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if line:
            name, arguments = line.split(":", 1)
            table[name.strip()] = parse_available(arguments.strip())
    return table


def declared_floor():
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    match = re.search(r"platforms:\s*\[(.*?)\]", text, re.S)
    if not match:
        sys.exit("check-availability: Package.swift declares no `platforms:`")
    floor = {}
    for platform, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", match.group(1)):
        floor[platform] = (int(major), int(minor or 0))
    missing = [p for p in PLATFORMS if p not in floor]
    if missing:
        sys.exit(f"check-availability: Package.swift's platforms miss {', '.join(missing)}")
    return floor


def strip_comments_and_strings(text):
    """Blanks comments and string literals, keeping line numbers."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif text.startswith('"""', i):
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def own_names(files):
    names = set()
    for path in files:
        text = strip_comments_and_strings(open(path, encoding="utf-8").read())
        for match in DECL.finditer(text):
            if match.group(1):
                names.add(match.group(1).strip("`"))
        # Parameter names and labels: `func f(label name: T)`.
        for match in re.finditer(r"[(,]\s*([A-Za-z_]\w*)(?:\s+[A-Za-z_]\w*)?\s*:", text):
            names.add(match.group(1))
    return names


def check(files, floor, table, ignored):
    """Returns one message per use of a name newer than the floor (as raised by @available)."""
    problems = []
    for path in files:
        text = strip_comments_and_strings(open(path, encoding="utf-8").read())
        stack, pending = [floor], None
        for number, line in enumerate(text.split("\n"), 1):
            tokens = re.finditer(r"[@#]available\s*\([^)]*\)|[{}]|[A-Za-z_][A-Za-z0-9_]*", line)
            for token in tokens:
                word = token.group(0)
                if word.startswith(("@available", "#available")):
                    parsed = parse_available(AVAILABLE.match(word).group(1)) or {}
                    pending = merge(pending or {}, parsed)
                elif word == "{":
                    stack.append(merge(stack[-1], pending or {}))
                    pending = None
                elif word == "}":
                    if len(stack) > 1:
                        stack.pop()
                elif word in table and word not in ignored:
                    current = merge(stack[-1], pending or {})
                    platforms = newer(table[word], current)
                    if platforms:
                        needed = ", ".join(f"{p} {'.'.join(map(str, table[word][p]))}" for p in platforms)
                        problems.append(f"{os.path.relpath(path, ROOT)}:{number}: '{word}' needs {needed}")
    return problems


def swift_files(*folders):
    files = []
    for folder in folders:
        for directory, _, names in os.walk(os.path.join(ROOT, folder)):
            files += [os.path.join(directory, n) for n in sorted(names) if n.endswith(".swift")]
    return files


def parse_floor(text):
    floor = {p: (0,) for p in PLATFORMS}
    floor.update(parse_available(text + ", *") or {})
    return floor


def self_test(table):
    """The check must fail on each deliberate violation and pass the gated and old uses."""
    folder = os.path.join(ROOT, "Scripts", "availability", "fixtures")
    floor = declared_floor()
    failures = []
    cases = [
        ("violation-atomic.swift", parse_floor("macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0"), 2),
        ("violation-new-sdk.swift", floor, 2),
        ("gated.swift", parse_floor("macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0"), 0),
        ("allowed.swift", floor, 0),
    ]
    for name, case_floor, expected in cases:
        problems = check([os.path.join(folder, name)], case_floor, table, set())
        status = "ok" if len(problems) == expected else "FAILED"
        print(f"self-test {name}: {len(problems)} finding(s), expected {expected}: {status}")
        for problem in problems:
            print("   ", problem)
        if len(problems) != expected:
            failures.append(name)
    return failures


def main():
    table = interface_table()
    table.update(kept_table())
    if "--self-test" in sys.argv:
        failures = self_test(table)
        if failures:
            sys.exit(f"check-availability self-test FAILED: {', '.join(failures)}")
        print("check-availability self-test: every violation fixture fails, the others pass")
        return
    if "--floor" in sys.argv:
        index = sys.argv.index("--floor")
        floor, files = parse_floor(sys.argv[index + 1]), [os.path.abspath(f) for f in sys.argv[index + 2:]]
        ignored = set()
    else:
        floor = declared_floor()
        files = swift_files("Sources", "Tests", "Checks")
        ignored = own_names(files)
    problems = check(files, floor, table, ignored)
    shown = ", ".join(f"{p} {'.'.join(map(str, v))}" for p, v in floor.items())
    if problems:
        print("\n".join(problems))
        sys.exit(f"check-availability: {len(problems)} use(s) newer than the declared floor ({shown})")
    print(f"check-availability: {len(files)} files, {len(table)} API names checked against {shown}: ok")


if __name__ == "__main__":
    main()
