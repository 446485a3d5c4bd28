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
# An access level among a declaration's modifiers, after any attributes: `public`, `open`, `final public`,
# `@available(*, deprecated, message: "...") public`, `nonisolated public`, `@_spi(Testing) public`. The attributes'
# arguments are dropped first (strings, then parentheses), so that a message holding `)` cannot end one early.
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
ATTRIBUTE_ARGUMENTS = re.compile(r"(@[A-Za-z_]+)\([^()]*\)")
MODIFIERS = r"(?:(?:final|static|class|override|nonisolated(?:\([a-z]+\))?|indirect|convenience|required|mutating|lazy|weak|unowned|dynamic|@[A-Za-z_]+)\s+)*"
PUBLIC = re.compile(r"^\s*" + MODIFIERS + r"(?:public|open)\s+(?!=)")


def declares_public(line: str) -> bool:
    stripped = STRING.sub('""', line)
    while True:
        shorter = ATTRIBUTE_ARGUMENTS.sub(r"\1", stripped)
        if shorter == stripped:
            break
        stripped = shorter
    return bool(PUBLIC.match(stripped))


def main() -> int:
    problems = []
    api_files = 0
    for path in sorted(CORE.rglob("*.swift")):
        relative = path.relative_to(CORE)
        if relative.parts[0] == "API":
            api_files += 1
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if declares_public(line):
                problems.append(f"{path.relative_to(ROOT)}:{number}: a public declaration outside API/: {line.strip()}")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check-public-api: {api_files} files in Sources/Container/API/, {len(problems)} public declarations elsewhere")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
