// tether-floor: how close a container compiled once can come to hand-written code, beside Tether, in one process.
//
//   swift run -c release --package-path Benchmarks tether-floor            # S1-S3, then two threads (about 20 s)
//   swift run -c release --package-path Benchmarks tether-floor --quick    # a few iterations (CI)
//
// The floor (Sources/FloorEngine) keeps Tether's calling convention and drops its features, so its ratio is the
// least Tether's engine could reach without specialising registrations in the user's module; the gap between the
// two is what Tether's layers cost (Benchmarks/README.md, "Core, fifth step, seventh part").

import BenchSupport
import FloorEngine
import Scenarios
import Tether

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let quick = CommandLine.arguments.contains("--quick")

func floorContainer(pinned: Bool, hazard: Bool = false, locked: Bool = false) -> FloorContainer {
    let container = FloorContainer(pinned: pinned, hazard: hazard, locked: locked)
    container.register(Leaf.init)
    container.register(D.init)
    container.register(E.init)
    container.register(Z.init)
    container.register(B.init(d:e:), dependencies: [D.self, E.self])
    container.register(C.init(d:z:), dependencies: [D.self, Z.self])
    container.register(A.init(b:c:), dependencies: [B.self, C.self])
    container.register(Single.init)
    container.bind()
    container.cache(Single.self)
    return container
}

let floor = floorContainer(pinned: false)
let pinned = floorContainer(pinned: true)
let guarded = floorContainer(pinned: true, hazard: true)
let lockedFloor = floorContainer(pinned: false, locked: true)
let tether = makeTetherContainer(dLifetime: .prototype)
let root = CompositionRoot()
verifyGraph(floor.resolve(A.self), shared: false, "floor S2")
verifyGraph(pinned.resolve(A.self), shared: false, "floor, pinned, S2")
verifyGraph(guarded.resolve(A.self), shared: false, "floor, pinned, hazard, S2")
verifyGraph(lockedFloor.resolve(A.self), shared: false, "floor, locked, S2")
verifyGraph(tether.resolve() as A, shared: false, "Tether S2")
verify(pinned.resolve(Single.self) === pinned.resolve(Single.self), "floor S3: one Single")
verify(guarded.resolve(Single.self) === guarded.resolve(Single.self), "floor, hazard, S3: one Single")
verify(lockedFloor.resolve(Single.self) === lockedFloor.resolve(Single.self), "floor, locked, S3: one Single")
verify((tether.resolve() as Single) === (tether.resolve() as Single), "Tether S3: one Single")

/// The median, over `batches` batches of `calls` calls, of the thread CPU time per call, in ns.
func median(batches: Int, calls: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<batches {
        let start = threadCPUNanoseconds()
        for _ in 0..<calls { body() }
        samples.append(Double(threadCPUNanoseconds() - start) / Double(calls))
    }
    return samples.sorted()[batches / 2]
}

typealias Contender = (name: String, body: () -> Void)
let rows: [(id: String, contenders: [Contender])] = [
    (
        "S1",
        [
            ("hand-written", { blackHole(Leaf()) }), ("floor", { blackHole(floor.resolve(Leaf.self)) }),
            ("floor, pinned", { blackHole(pinned.resolve(Leaf.self)) }),
            ("floor, pinned, hazard", { blackHole(guarded.resolve(Leaf.self)) }),
            ("floor, locked", { blackHole(lockedFloor.resolve(Leaf.self)) }),
            ("Tether", { blackHole(tether.resolve() as Leaf) }),
        ]
    ),
    (
        "S2",
        [
            ("hand-written", { blackHole(handWrittenS2()) }), ("floor", { blackHole(floor.resolve(A.self)) }),
            ("floor, pinned", { blackHole(pinned.resolve(A.self)) }),
            ("floor, pinned, hazard", { blackHole(guarded.resolve(A.self)) }),
            ("floor, locked", { blackHole(lockedFloor.resolve(A.self)) }),
            ("Tether", { blackHole(tether.resolve() as A) }),
        ]
    ),
    (
        "S3",
        [
            ("hand-written", { blackHole(root.get()) }), ("floor", { blackHole(floor.resolve(Single.self)) }),
            ("floor, pinned", { blackHole(pinned.resolve(Single.self)) }),
            ("floor, pinned, hazard", { blackHole(guarded.resolve(Single.self)) }),
            ("floor, locked", { blackHole(lockedFloor.resolve(Single.self)) }),
            ("Tether", { blackHole(tether.resolve() as Single) }),
        ]
    ),
]

let (batches, calls) = quick ? (3, 10) : (31, 20_000)
print("tether-floor: thread CPU ns per resolve, median of \(batches) batches of \(calls); x = ratio to hand-written")
print("| Row | " + rows[0].contenders.map(\.name).joined(separator: " | ") + " |")
print("|---|" + String(repeating: "---:|", count: rows[0].contenders.count))
for row in rows {
    let times = row.contenders.map { median(batches: batches, calls: calls, $0.body) }
    let cells = times.enumerated().map { index, time in
        index == 0 ? format(time) : "\(format(time)) (\(format(time / times[0], digits: 2))x)"
    }
    print("| \(row.id) | " + cells.joined(separator: " | ") + " |")
}

func format(_ value: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let text = String(rounded)
    guard let dot = text.firstIndex(of: ".") else { return text }
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    return text + String(repeating: "0", count: max(0, digits - decimals))
}

/// What the threads of the two-thread rows read: the floor's containers are not `Sendable`, and are only read there.
final class Shared: @unchecked Sendable {
    let floor: FloorContainer
    let locked: FloorContainer
    let tether: DIContainer
    let root: CompositionRoot

    init(floor: FloorContainer, locked: FloorContainer, tether: DIContainer, root: CompositionRoot) {
        (self.floor, self.locked, self.tether, self.root) = (floor, locked, tether, root)
    }
}

let shared = Shared(floor: floor, locked: lockedFloor, tether: tether, root: root)
typealias Loop = @Sendable (Int) -> Void
let threadRows: [(id: String, loops: [(name: String, loop: Loop)])] = [
    (
        "S1",
        [
            ("hand-written", { n in for _ in 0..<n { blackHole(Leaf()) } }),
            ("floor", { n in for _ in 0..<n { blackHole(shared.floor.resolve(Leaf.self)) } }),
            ("floor, locked", { n in for _ in 0..<n { blackHole(shared.locked.resolve(Leaf.self)) } }),
            ("Tether", { n in for _ in 0..<n { blackHole(shared.tether.resolve() as Leaf) } }),
        ]
    ),
    (
        "S3",
        [
            ("hand-written", { n in for _ in 0..<n { blackHole(shared.root.get()) } }),
            ("floor", { n in for _ in 0..<n { blackHole(shared.floor.resolve(Single.self)) } }),
            ("floor, locked", { n in for _ in 0..<n { blackHole(shared.locked.resolve(Single.self)) } }),
            ("Tether", { n in for _ in 0..<n { blackHole(shared.tether.resolve() as Single) } }),
        ]
    ),
]

// Two threads on one container: the throughput of both over one thread's, median of turns (2.0 scales perfectly).
let (turns, operations) = quick ? (1, 1_000) : (7, 2_000_000)
print("")
print("Two threads on one container: throughput of two threads / one, median of \(turns) turns of \(operations) each")
print("| Row | " + threadRows[0].loops.map(\.name).joined(separator: " | ") + " |")
print("|---|" + String(repeating: "---:|", count: threadRows[0].loops.count))
for row in threadRows {
    let scaling = row.loops.map { contender in
        var samples: [Double] = []
        for _ in 0..<turns {
            let one = runConcurrently(threads: 1) { contender.loop(operations) }
            let both = runConcurrently(threads: 2) { contender.loop(operations) }
            samples.append(2 * Double(one) / Double(both))
        }
        return samples.sorted()[turns / 2]
    }
    print("| \(row.id) | " + scaling.map { format($0, digits: 2) }.joined(separator: " | ") + " |")
}
