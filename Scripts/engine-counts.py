#!/usr/bin/env python3
"""Prints the engine rooms' counts that issue 34 bounds, and with --check fails past the limits.

What it counts in Sources/ (Swift files, comments included where they matter):
- files that call `compareExchange` (limit: the gate owner and the lock implementation, 3 files);
- `Unmanaged` / `_withUnsafeGuaranteedRef` outside the `_Unsafe…` types (limit 0);
- `@exclusivity(unchecked)` fields (limit 10);
- locking mechanisms: the lock and gate types declared in Sources/ (limit 3);
- manual `lock()` / `unlock()` call sites outside the lock implementations and APIs named unsafe;
- benchmark figures in comments (limit 0: a comment says why, not how many instructions);
- whether Apple builds use an owner-recording lock (`os_unfair_lock` or `Synchronization.Mutex`).

Usage: Scripts/engine-counts.py [--check]   (run from the repository root; CI runs it)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"

# The lock and gate devices a reader of the engines meets (issue 34 lists seven). A type counts as a
# mechanism when Sources/ declares it; a raw `pthread_mutex_t` outside the lock files counts as one more.
MECHANISMS = {
    "LockedState": r"\bstruct LockedState\b",
    "Lock": r"\bstruct Lock\b",
    "WordLock": r"\bstruct WordLock\b",
    "ParkingLock": r"\benum ParkingLock\b",
    "PThreadMutex": r"\bstruct PThreadMutex\b",
    "StateGate": r"\bclass StateGate\b",
    "RoleGate": r"\benum RoleGate\b",
    "SerialBox": r"\bclass SerialBox\b",
}
LOCK_FILES = {"Lock.swift", "ParkingLot.swift", "LockedState.swift", "StateGate.swift"}
FIGURE = re.compile(
    r"//.*(\bW\d+[A-Za-z0-9-]*\s*[−+-]\s*\d|\d[\d,]*\s*→\s*\d[\d,]*|\b\d[\d,]* instructions\b)"
)


def swift_files():
    return sorted(p for p in SOURCES.rglob("*.swift") if ".build" not in p.parts)


def main(check: bool) -> int:
    files = swift_files()
    texts = {p: p.read_text(encoding="utf-8") for p in files}
    rel = lambda p: str(p.relative_to(ROOT))

    cas_files = [rel(p) for p, t in texts.items() if "compareExchange" in t]
    unsafe_hits = [
        f"{rel(p)}:{i}"
        for p, t in texts.items()
        if not p.name.startswith("_Unsafe")
        for i, line in enumerate(t.splitlines(), 1)
        if re.search(r"\bUnmanaged\b|_withUnsafeGuaranteedRef", line) and not line.strip().startswith("//")
    ]
    exclusivity = sum(
        1 for t in texts.values() for line in t.splitlines() if "@exclusivity(unchecked)" in line and not line.strip().startswith("//")
    )
    mechanisms = sorted(name for name, pattern in MECHANISMS.items() if any(re.search(pattern, t) for t in texts.values()))
    raw_mutex = [rel(p) for p, t in texts.items() if "pthread_mutex_t" in t and p.name not in LOCK_FILES]
    manual = [
        f"{rel(p)}:{i}"
        for p, t in texts.items()
        if p.name not in LOCK_FILES
        for i, line in enumerate(t.splitlines(), 1)
        if re.search(r"\.(lock|unlock)\(\)", line) and not line.strip().startswith("//") and "unsafe" not in line.lower()
    ]
    figures = [
        f"{rel(p)}:{i}: {line.strip()}"
        for p, t in texts.items()
        for i, line in enumerate(t.splitlines(), 1)
        if FIGURE.search(line)
    ]
    apple_owner_lock = any(
        re.search(r"os_unfair_lock|Mutex<", t) and "canImport(Darwin)" in t for p, t in texts.items() if p.name in LOCK_FILES
    )

    limits = []

    def row(name, value, limit=None, detail=None):
        ok = limit is None or value <= limit
        mark = "" if limit is None else (" ok" if ok else f" OVER (limit {limit})")
        print(f"{name:<58} {value:>4}{mark}")
        for d in (detail or [])[:40]:
            print(f"    {d}")
        if not ok:
            limits.append(name)

    print("Engine rooms (issue 34), counted in Sources/:")
    row("files calling compareExchange", len(cas_files), 3, cas_files)
    row("Unmanaged / _withUnsafeGuaranteedRef outside _Unsafe types", len(unsafe_hits), 0, unsafe_hits)
    row("@exclusivity(unchecked) fields", exclusivity, 10)
    row("locking mechanisms declared", len(mechanisms) + (1 if raw_mutex else 0), 3, mechanisms + [f"raw pthread_mutex_t in {f}" for f in raw_mutex])
    row("manual lock()/unlock() sites outside lock files and unsafe APIs", len(manual), None)
    row("benchmark figures in comments", len(figures), 0, figures)
    print(f"{'Apple builds use an owner-recording lock':<58} {'yes' if apple_owner_lock else 'no'}{'' if apple_owner_lock else ' (required)'}")
    if not apple_owner_lock:
        limits.append("owner-recording lock on Apple platforms")
    if check and limits:
        print("\nengine-counts: over the limits: " + "; ".join(limits))
        return 1
    if not check and limits:
        print("\nengine-counts: report only (run with --check to enforce the limits)")
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
