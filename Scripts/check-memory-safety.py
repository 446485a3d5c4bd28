#!/usr/bin/env python3
"""Builds the Tether module with strict memory safety (SE-0458) and checks what the compiler reports.

Every unsafe construct in the module must be marked `unsafe` (the compiler finds the unmarked ones, which a pattern
over spellings cannot: `unsafelyUnwrapped`, `_forEachField`, inferred `Unmanaged` values), and every mark is in
Sources/Container/Unsafe/ (Scripts/check-unsafe.py counts them). What the compiler may still report is a type in
that folder whose storage is unsafe and which Scripts/unsafe-types.txt lists with a reason; the list only shrinks.
It builds both configurations of the module: the toolchain's `Synchronization` (Linux, and Apple systems from iOS 18
and macOS 15) and the fallback that older Apple systems run (`-DTETHER_SYNCHRONIZATION_FALLBACK`), whose locks and
atomics are other code. Exits 1, printing each other diagnostic.

    python3 Scripts/check-memory-safety.py
"""
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIGURATIONS = [(ROOT / ".build-strict", []), (ROOT / ".build-strict-fallback", ["-DTETHER_SYNCHRONIZATION_FALLBACK"])]
LIST = ROOT / "Scripts" / "unsafe-types.txt"
FOLDER = str(ROOT / "Sources" / "Container" / "Unsafe") + "/"
DIAGNOSTIC = re.compile(r"^(/\S+?):(\d+):(\d+): (warning|error): (.*)$")
STORAGE = re.compile(r"^(?:generic )?(?:struct|class|enum) '(\w+)' has storage involving unsafe types")


def listed():
    names = {}
    for number, line in enumerate(LIST.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, _, reason = line.partition(" -- ")
        if not reason.strip():
            sys.exit(f"check-memory-safety: {LIST.name}:{number}: {name.strip()} is listed without a reason")
        names[name.strip()] = reason
    return names


def main():
    allowed = listed()
    seen, problems, output = set(), [], ""
    for scratch, flags in CONFIGURATIONS:
        # Warnings are printed only for files compiled now: compile the module afresh (it has no dependencies).
        shutil.rmtree(scratch, ignore_errors=True)
        command = ["swift", "build", "--target", "Tether", "--scratch-path", str(scratch), "-Xswiftc",
                   "-strict-memory-safety"]
        for flag in flags:
            command += ["-Xswiftc", flag]
        run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        output += run.stdout + run.stderr
        if run.returncode != 0:
            problems.append(f"check-memory-safety: the build {' '.join(flags) or '(default)'} failed")
    for line in output.splitlines():
        match = DIAGNOSTIC.match(line)
        if not match or (match.group(1), match.group(2), match.group(3)) in seen:
            continue
        seen.add((match.group(1), match.group(2), match.group(3)))
        path, message = match.group(1), match.group(5)
        storage = STORAGE.match(message)
        if path.startswith(FOLDER) and storage and storage.group(1) in allowed:
            allowed[storage.group(1)] = None
            continue
        problems.append(f"{line}\n  (mark it `unsafe` inside {FOLDER[len(str(ROOT)) + 1:]}, behind safe API)")
    stale = [name for name, reason in allowed.items() if reason is not None]
    for name in stale:
        problems.append(f"check-memory-safety: {name} is listed in {LIST.name} but no longer reported: remove it")
    if problems and not any(p.endswith("inside Sources/Container/Unsafe/, behind safe API)") for p in problems):
        problems.append(output)
    print("\n".join(problems))
    marks = sum(
        len(re.findall(r"(?<![\w.])unsafe\b", line))
        for path in pathlib.Path(FOLDER).glob("*.swift") for line in path.read_text().splitlines()
        if not line.lstrip().startswith("//"))
    print(f"check-memory-safety: {marks} `unsafe` marks, all in Unsafe/; {len(allowed) - len(stale)} types with unsafe "
          f"storage not yet marked; both configurations")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
