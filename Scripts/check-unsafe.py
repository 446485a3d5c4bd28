#!/usr/bin/env python3
"""Checks that Tether's unretained references, raw memory and unchecked sendability stay where they belong.

Every use of `Unmanaged`, `unowned(unsafe)`, `unsafeBitCast`, `unsafeDowncast`, an `Unsafe*Pointer`,
`@unchecked Sendable` or an `unsafe` mark (which strict memory safety asks for on every unsafe construct:
Scripts/check-memory-safety.py) in Sources/ must be in Sources/Container/Unsafe/, whose types follow one ownership rule
(Docs/en/Architecture.md, "Who owns what"), or be listed in Scripts/unsafe-allowlist.txt with a reason, at most as
many times as the list says. The list only shrinks. Exits 1, naming each file over its allowance and each entry
without a reason.

    python3 Scripts/check-unsafe.py
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIST = ROOT / "Scripts" / "unsafe-allowlist.txt"
FOLDER = "Sources/Container/Unsafe/"
PATTERN = re.compile(
    r"Unmanaged|unowned\(unsafe\)|unsafeBitCast|unsafeDowncast|Unsafe[A-Za-z]*Pointer|@unchecked Sendable"
    r"|(?<![\w.])unsafe\b")


def counts():
    found = {}
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        uses = sum(len(PATTERN.findall(line)) for line in path.read_text().splitlines()
                   if not line.lstrip().startswith("//"))
        if uses:
            found[str(path.relative_to(ROOT))] = uses
    return found


def allowed():
    """`count path -- reason` per line; `#` starts a comment line."""
    allowance, problems = {}, []
    for number, line in enumerate(LIST.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        entry, _, reason = line.partition(" -- ")
        count, path = entry.split(None, 1)
        if not reason.strip():
            problems.append(f"check-unsafe: {LIST.name}:{number}: {path.strip()} is listed without a reason")
        allowance[path.strip()] = int(count)
    return allowance, problems


def main():
    found = counts()
    allowance, problems = allowed()
    outside = {path: count for path, count in found.items() if not path.startswith(FOLDER)}
    for path, count in outside.items():
        limit = allowance.get(path, 0)
        if count > limit:
            problems.append(
                f"check-unsafe: {path} has {count} unsafe uses, {limit} allowed (put unretained references and "
                f"raw memory behind a type in {FOLDER}, or list the file with a reason in {LIST.name})")
    inside = sum(count for path, count in found.items() if path.startswith(FOLDER))
    print("\n".join(problems))
    print(f"check-unsafe: {inside} uses in {FOLDER}, {sum(outside.values())} allowed with reasons in "
          f"{len(outside)} other files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
