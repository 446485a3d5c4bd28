// tether-floor: how close a container compiled once can come to hand-written code, beside Tether, in one process.
//
//   swift run -c release --package-path Benchmarks tether-floor            # S1, S2, S3 (about 20 seconds)
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

func floorContainer(pinned: Bool, hazard: Bool = false) -> FloorContainer {
    let container = FloorContainer(pinned: pinned, hazard: hazard)
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
let tether = makeTetherContainer(dLifetime: .prototype)
let root = CompositionRoot()
verifyGraph(floor.resolve(A.self), shared: false, "floor S2")
verifyGraph(pinned.resolve(A.self), shared: false, "floor, pinned, S2")
verifyGraph(guarded.resolve(A.self), shared: false, "floor, pinned, hazard, S2")
verifyGraph(tether.resolve() as A, shared: false, "Tether S2")
verify(pinned.resolve(Single.self) === pinned.resolve(Single.self), "floor S3: one Single")
verify(guarded.resolve(Single.self) === guarded.resolve(Single.self), "floor, hazard, S3: one Single")
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
            ("Tether", { blackHole(tether.resolve() as Leaf) }),
        ]
    ),
    (
        "S2",
        [
            ("hand-written", { blackHole(handWrittenS2()) }), ("floor", { blackHole(floor.resolve(A.self)) }),
            ("floor, pinned", { blackHole(pinned.resolve(A.self)) }),
            ("floor, pinned, hazard", { blackHole(guarded.resolve(A.self)) }),
            ("Tether", { blackHole(tether.resolve() as A) }),
        ]
    ),
    (
        "S3",
        [
            ("hand-written", { blackHole(root.get()) }), ("floor", { blackHole(floor.resolve(Single.self)) }),
            ("floor, pinned", { blackHole(pinned.resolve(Single.self)) }),
            ("floor, pinned, hazard", { blackHole(guarded.resolve(Single.self)) }),
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
