#!/usr/bin/env python3
"""Holds the core's layout to what Docs/en/Architecture.md says: every public declaration of `Tether` is in
Sources/Container/API/, the folder a newcomer opens first, and the engine folders beside it declare nothing public
(`public`, `open`, or `@_spi(...) public`). Exits non-zero, naming each file and line, when one does.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORE = ROOT / "Sources" / "Container"
PUBLIC = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:public|open)\s")


def main() -> int:
    problems = []
    api_files = 0
    for path in sorted(CORE.rglob("*.swift")):
        relative = path.relative_to(CORE)
        if relative.parts[0] == "API":
            api_files += 1
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if PUBLIC.match(line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: a public declaration outside API/: {line.strip()}")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check-public-api: {api_files} files in Sources/Container/API/, {len(problems)} public declarations elsewhere")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
