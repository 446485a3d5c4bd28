#!/usr/bin/env python3
"""B1 and B2: what a user's build pays for registrations, and what start-up costs, beside Swinject.

Generates, in a scratch folder, a package of an app with N components: component i takes i % 4 earlier ones,
one in five is provided as a protocol (`.as` in Tether, the protocol as the service in Swinject), one in ten is
kept per container. The classes live in a module of their own (`Components`); three modules register or wire
them: `TetherApp` (the `register` calls), `SwinjectApp` (the same with Swinject's `register(_:factory:)`) and
`HandWritten` (a composition root). Each is compiled in release after its dependencies are built, and the script
prints the CPU time and peak memory of that compile and the object code per registration. B1w does the same for
`TetherWrappers`, a module of N structs holding one `@Injected` property each (of component i, as registered), as
an app written the way Factory and Resolver are holds them: a wrapper's resolve is compiled once in Tether, so a
property should cost its module what a stored property of a generic struct costs. Then the `startup`
executable prints B2: registering all N and resolving the last one, cold (first in the process) and warm.

The generated code is not committed: this script is, and `tether-bench`'s CI smoke runs it with a small N.

    python3 Benchmarks/Scripts/build-cost.py [--components 1000] [--group 100] [--scratch /tmp/tether-build-cost]
        [--swinject-scope transient|default]
"""
import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def component_plan(count):
    """(dependencies, as protocol, per container) of every component."""
    plan = []
    for i in range(count):
        dependencies = [i - k for k in range(1, i % 4 + 1) if i - k >= 0]
        plan.append((dependencies, i % 5 == 0, i % 10 == 0))
    return plan


def dependency_type(j, plan):
    return f"any P{j}" if plan[j][1] else f"C{j}"


def metatype(j, plan):
    return f"(any P{j}).self" if plan[j][1] else f"C{j}.self"


def split(calls, group, parameter):
    """`registerAll`'s body: the calls as they are, or, with `group`, in functions of `group` calls that it calls."""
    if not group:
        return [f"public func registerAll({parameter}) {{"] + calls + ["}"]
    lines, names = [], []
    for start in range(0, len(calls), group):
        names.append(f"register{start // group}")
        lines += [f"func {names[-1]}({parameter}) {{"] + calls[start:start + group] + ["}"]
    return lines + [f"public func registerAll({parameter}) {{"] + [f"    {name}(c)" for name in names] + ["}"]


def write_package(scratch, count, group=None, swinject_scope="transient"):
    plan = component_plan(count)
    sources = scratch / "Sources"
    if sources.exists():
        shutil.rmtree(sources)
    for name in ["Components", "TetherApp", "TetherWrappers", "SwinjectApp", "HandWritten", "startup"]:
        (sources / name).mkdir(parents=True)

    lines = []
    for i, (deps, as_protocol, _) in enumerate(plan):
        if as_protocol:
            lines.append(f"public protocol P{i}: AnyObject {{}}")
        params = ", ".join(f"d{k}: {dependency_type(j, plan)}" for k, j in enumerate(deps))
        # Sendable, as a class given a shared lifetime must be (the rest are too, as an app's immutable services).
        conformance = f": P{i}, Sendable" if as_protocol else ": Sendable"
        lines.append(f"public final class C{i}{conformance} {{ public init({params}) {{}} }}")
    (sources / "Components" / "Components.swift").write_text("\n".join(lines) + "\n")

    def labels(deps):
        return "".join(f"d{k}:" for k in range(len(deps)))

    calls = []
    for i, (deps, as_protocol, per_container) in enumerate(plan):
        initializer = f"C{i}.init({labels(deps)})" if deps else f"C{i}.init"
        call = f"    c.register({initializer})"
        if as_protocol:
            call += f".as((any P{i}).self)"
        if per_container:
            call += ".lifetime(.perContainer(.strong))"
        calls.append(call)
    tether = ["public import Tether", "import Components", ""] + split(calls, group, "_ c: DIContainer")
    tether += ["", f"public func resolveLast(_ c: DIContainer) -> AnyObject {{ c.resolve() as C{count - 1} }}"]
    (sources / "TetherApp" / "App.swift").write_text("\n".join(tether) + "\n")

    wrappers = ["public import Tether", "public import Components", ""]
    for i in range(count):
        property = f"@Injected public var c: {dependency_type(i, plan)}"
        wrappers.append(f"public struct Screen{i} {{ {property}; public init() {{}} }}")
    (sources / "TetherWrappers" / "Screens.swift").write_text("\n".join(wrappers) + "\n")

    calls = []
    for i, (deps, as_protocol, per_container) in enumerate(plan):
        service = f"(any P{i}).self" if as_protocol else f"C{i}.self"
        args = ", ".join(f"d{k}: r.resolve({metatype(j, plan)})!" for k, j in enumerate(deps))
        call = f"    c.register({service}) {{ r in C{i}({args}) }}"
        if per_container:
            call += ".inObjectScope(.container)"
        elif swinject_scope == "transient":
            call += ".inObjectScope(.transient)"
        calls.append(call)
    last = f"(any P{count - 1})" if plan[count - 1][1] else f"C{count - 1}"
    swinject = ["public import Swinject", "import Components", ""] + split(calls, group, "_ c: Container")
    swinject += ["", f"public func resolveLast(_ c: Container) -> AnyObject {{ c.resolve({last}.self)! }}"]
    (sources / "SwinjectApp" / "App.swift").write_text("\n".join(swinject) + "\n")

    hand = ["import Components", "", "@inline(never) public func composeAll() -> AnyObject {"]
    for i, (deps, _, _) in enumerate(plan):
        args = ", ".join(f"d{k}: c{j}" for k, j in enumerate(deps))
        hand.append(f"    let c{i} = C{i}({args})")
    hand += [f"    return c{count - 1}", "}"]
    (sources / "HandWritten" / "Root.swift").write_text("\n".join(hand) + "\n")

    (sources / "startup" / "main.swift").write_text(STARTUP)
    (scratch / "Package.swift").write_text(PACKAGE.replace("@TETHER@", str(ROOT)))


STARTUP = """import Foundation
import HandWritten
import Swinject
import SwinjectApp
import Tether
import TetherApp

/// Nanoseconds of `body`, run once.
func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// Prints the cold (first in the process) and warm (median of 20 more) nanoseconds of `body`.
func measure(_ name: String, _ body: () -> Void) {
    let cold = time(body)
    var warm: [Double] = []
    for _ in 0..<20 { warm.append(time(body)) }
    print("startup \(name) \(cold) \(warm.sorted()[warm.count / 2])")
}

// Each process measures one contender, so that each is cold once; the script runs it once per contender.
switch CommandLine.arguments.dropFirst().first ?? "tether" {
case "tether": measure("Tether") { let c = DIContainer(); TetherApp.registerAll(c); _ = TetherApp.resolveLast(c) }
case "swinject": measure("Swinject") { let c = Container(); SwinjectApp.registerAll(c); _ = SwinjectApp.resolveLast(c) }
default: measure("hand-written") { _ = composeAll() }
}
"""

PACKAGE = """// swift-tools-version:6.0
// Generated by Benchmarks/Scripts/build-cost.py; not committed.
import PackageDescription

let package = Package(
    name: "BuildCost",
    dependencies: [
        .package(name: "Tether", path: "@TETHER@"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        .target(name: "Components"),
        .target(name: "TetherApp", dependencies: ["Components", .product(name: "Tether", package: "Tether")]),
        .target(name: "TetherWrappers", dependencies: ["Components", .product(name: "Tether", package: "Tether")]),
        .target(name: "SwinjectApp", dependencies: ["Components", "Swinject"]),
        .target(name: "HandWritten", dependencies: ["Components"]),
        .executableTarget(name: "startup", dependencies: ["TetherApp", "SwinjectApp", "HandWritten"]),
    ],
    swiftLanguageModes: [.v6]
)
"""


def run(command, cwd):
    """CPU seconds (user + sys) and peak resident MB of `command` and the processes it starts."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{output[-4000:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output


def object_bytes(scratch, module):
    """Bytes of machine code and data in the module's object files (`size`'s text + data)."""
    objects = list((scratch / ".build" / "release" / f"{module}.build").glob("*.o"))
    output = subprocess.run(["size", *map(str, objects)], stdout=subprocess.PIPE, text=True).stdout.splitlines()[1:]
    return sum(int(line.split()[0]) + int(line.split()[1]) for line in output)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--components", type=int, default=1000)
    parser.add_argument("--scratch", default="/tmp/tether-build-cost")
    # One function of 1,000 calls is the issue's shape; apps split registrations into modules, and the compiler
    # spends time quadratic in a function's length (see Benchmarks/README.md), so the split is measured too.
    parser.add_argument("--group", type=int, help="registrations per function (default: all in one)")
    # `transient` names Swinject's scope on every registration, as Tether's prototypes are; `default` leaves it out,
    # as Swinject's README writes registrations (its default scope is `.graph`).
    parser.add_argument("--swinject-scope", choices=["transient", "default"], default="transient")
    options = parser.parse_args()
    scratch = Path(options.scratch)
    scratch.mkdir(parents=True, exist_ok=True)
    write_package(scratch, options.components, options.group, options.swinject_scope)

    build = ["swift", "build", "-c", "release"]
    # Dependencies first, so that each measured build compiles one module.
    for target in ["Components", "Tether", "Swinject"]:
        run(build + ["--target", target], scratch)
    rows = []
    for module, label in [("TetherApp", "Tether"), ("SwinjectApp", "Swinject"), ("HandWritten", "hand-written")]:
        cpu, rss, _ = run(build + ["--target", module], scratch)
        rows.append((label, cpu, rss, object_bytes(scratch, module) / options.components))
    n = options.components
    print(f"B1: release build of the module holding {n:,} registrations (CPU s of that compile, peak MB, "
          "object bytes per registration)")
    print("| contender | CPU s | peak MB | bytes / registration |")
    print("|---|---:|---:|---:|")
    for label, cpu, rss, per in rows:
        print(f"| {label} | {cpu:.1f} | {rss:.0f} | {per:.0f} |")
    tether, swinject = rows[0], rows[1]
    print(f"Tether / Swinject: CPU {tether[1] / swinject[1]:.2f}x, memory {tether[2] / swinject[2]:.2f}x, "
          f"code {tether[3] / swinject[3]:.2f}x")
    # The hand-written module's compile is what any module of this shape costs (the driver, imports, the
    # classes' metadata): what the registrations themselves cost is the rest.
    fixed = rows[2][1]
    if swinject[1] - fixed > 0.1:
        print(f"net of the hand-written module's {fixed:.1f} s: Tether {tether[1] - fixed:.2f} s, Swinject "
              f"{swinject[1] - fixed:.2f} s, {(tether[1] - fixed) / (swinject[1] - fixed):.2f}x")

    cpu, rss, _ = run(build + ["--target", "TetherWrappers"], scratch)
    print(f"B1w: release build of a module holding {n:,} `@Injected` properties, one per struct: {cpu:.1f} CPU s, "
          f"{rss:.0f} peak MB, {object_bytes(scratch, 'TetherWrappers') / n:.0f} object bytes per property "
          f"(the hand-written module: {fixed:.1f} s)")

    run(build + ["--product", "startup"], scratch)
    binary = scratch / ".build" / "release" / "startup"
    print(f"B2: start-up, register {n:,} and resolve the last one (ms; cold = first in a new process, warm = median "
          "of 20 more)")
    print("| contender | cold ms | warm ms |")
    print("|---|---:|---:|")
    for contender in ["tether", "swinject", "hand"]:
        colds, warms, name = [], [], contender
        for _ in range(5):
            line = subprocess.run([str(binary), contender], stdout=subprocess.PIPE, text=True).stdout.split()
            name, colds, warms = line[1], colds + [float(line[2])], warms + [float(line[3])]
        print(f"| {name} | {sorted(colds)[2] / 1e6:.3f} | {sorted(warms)[2] / 1e6:.3f} |")


if __name__ == "__main__":
    main()
