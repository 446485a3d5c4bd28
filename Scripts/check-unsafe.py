#!/usr/bin/env python3
"""Checks where Tether's sources use unretained references, raw memory and unchecked sendability.

Every use of `Unmanaged`, `unowned(unsafe)`, `unsafeBitCast`, `unsafeDowncast`, an `Unsafe*Pointer` or
`@unchecked Sendable` in Sources/ must be in a file that Scripts/unsafe-allowlist.txt lists, at most as many times
as it says. The list only shrinks: the goal (issue 24) is one folder under one ownership rule, and until the code
is there, this keeps new unsafe code from spreading. Exits 1, naming each file over its allowance.

    python3 Scripts/check-unsafe.py            # check
    python3 Scripts/check-unsafe.py --write    # rewrite the list from the sources (after taking uses away)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIST = ROOT / "Scripts" / "unsafe-allowlist.txt"
PATTERN = re.compile(
    r"Unmanaged|unowned\(unsafe\)|unsafeBitCast|unsafeDowncast|Unsafe[A-Za-z]*Pointer|@unchecked Sendable")


def counts():
    found = {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        uses = sum(len(PATTERN.findall(line)) for line in path.read_text().splitlines()
                   if not line.lstrip().startswith("///") and not line.lstrip().startswith("//"))
        if uses:
            found[str(path.relative_to(ROOT))] = uses
    return found


def allowed():
    allowance = {}
    for line in LIST.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        count, path = line.split(None, 1)
        allowance[path.strip()] = int(count)
    return allowance


def main():
    found = counts()
    if "--write" in sys.argv:
        header = [line for line in LIST.read_text().splitlines() if line.startswith("#")] if LIST.exists() else []
        LIST.write_text("\n".join(header + [f"{count} {path}" for path, count in found.items()]) + "\n")
        print(f"check-unsafe: wrote {len(found)} files, {sum(found.values())} uses")
        return 0
    allowance = allowed()
    over = [(path, count, allowance.get(path, 0)) for path, count in found.items() if count > allowance.get(path, 0)]
    for path, count, limit in over:
        print(f"check-unsafe: {path} has {count} unsafe uses, {limit} allowed "
              "(put unretained references and raw memory where Scripts/unsafe-allowlist.txt allows them)")
    print(f"check-unsafe: {sum(found.values())} uses in {len(found)} files "
          f"(allowed {sum(allowance.values())} in {len(allowance)})")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
