#!/usr/bin/env python3
"""Type-checks the files of Tests/CompileChecks against the debug build's Tether module, and holds each to what it
says: a line marked `// expected-error: TEXT` must get an error containing TEXT, and no other line may get one.

What the compiler refuses is part of the API (a shared lifetime on a class that is not Sendable, a non-Sendable
instance registered from nonisolated code), and a test target cannot hold code that does not compile. Run after
`swift build`; exits non-zero on any difference, printing it.
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ROOT / ".build" / "debug" / "Modules"
MARK = re.compile(r"\S.*//\s*expected-error:\s*(.+?)\s*$")
ERROR = re.compile(r"^(?P<file>[^:\n]+\.swift):(?P<line>\d+):\d+: error: (?P<text>.+)$", re.M)


def check(path: pathlib.Path) -> list[str]:
    expected = {}
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        match = MARK.search(line)
        if match:
            expected[number] = match.group(1)
    result = subprocess.run(
        ["swiftc", "-typecheck", "-swift-version", "6", "-I", str(MODULES), str(path)],
        capture_output=True, text=True)
    errors: dict[int, list[str]] = {}
    for match in ERROR.finditer(result.stderr):
        if pathlib.Path(match.group("file")).resolve() == path.resolve():
            errors.setdefault(int(match.group("line")), []).append(match.group("text"))
    problems = []
    for number, text in expected.items():
        if not any(text in got for got in errors.get(number, [])):
            problems.append(f"{path.name}:{number}: expected an error containing {text!r}, got {errors.get(number)}")
    for number, texts in errors.items():
        if number not in expected:
            problems.append(f"{path.name}:{number}: unexpected error: {texts}")
    if not expected and result.returncode != 0 and not errors:
        problems.append(f"{path.name}: swiftc failed:\n{result.stderr}")
    print(f"check-compile-errors: {path.name}: {len(expected)} expected, {sum(map(len, errors.values()))} found")
    return problems


def main() -> int:
    if not (MODULES / "Tether.swiftmodule").exists():
        print(f"check-compile-errors: no Tether module in {MODULES}; run `swift build` first", file=sys.stderr)
        return 2
    problems = []
    for path in sorted((ROOT / "Tests" / "CompileChecks").glob("*.swift")):
        problems += check(path)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
