import BenchSupport
import Generated
import Swinject
import Tether

/// The single-threaded rows, in table order.
public let scenarios: [Scenario] = [s1, s2, s3, s4, w1, s5, v2Fresh, v2Warm, ch1]

let s1 = Scenario(id: "S1", title: "transient leaf", operationsPerCall: 1, minimumCallsPerBatch: 1_000) {
    let tether = makeTetherContainer(dLifetime: .prototype)
    let swinject = singleThreadResolver(makeSwinjectContainer(dScope: .transient))
    return [
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(Leaf()) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(tether.resolve() as Leaf) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(swinject.resolve(Leaf.self)!) } } },
    ]
}

let s2 = Scenario(
    id: "S2", title: "transient graph A(B(D,E),C(D,Z))", operationsPerCall: 1, minimumCallsPerBatch: 1_000
) {
    let tether = makeTetherContainer(dLifetime: .prototype)
    let swinject = singleThreadResolver(makeSwinjectContainer(dScope: .transient))
    verifyGraph(handWrittenS2(), shared: false, "hand-written S2")
    verifyGraph(tether.resolve() as A, shared: false, "Tether S2")
    verifyGraph(swinject.resolve(A.self)!, shared: false, "Swinject S2")
    return [
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(handWrittenS2()) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(tether.resolve() as A) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(swinject.resolve(A.self)!) } } },
    ]
}

let s3 = Scenario(id: "S3", title: "already-created singleton", operationsPerCall: 1, minimumCallsPerBatch: 1_000) {
    let root = CompositionRoot()
    let tether = makeTetherContainer(dLifetime: .prototype)  // calls initializeSingletonObjects()
    let swinject = singleThreadResolver(makeSwinjectContainer(dScope: .transient))
    verify((tether.resolve() as Single) === (tether.resolve() as Single), "Tether S3: one Single")
    verify(swinject.resolve(Single.self)! === swinject.resolve(Single.self)!, "Swinject S3: one Single")
    return [
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(root.get()) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(tether.resolve() as Single) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(swinject.resolve(Single.self)!) } } },
    ]
}

let s4 = Scenario(
    id: "S4", title: "S2 with D objectGraph (Swinject .graph)", operationsPerCall: 1, minimumCallsPerBatch: 1_000
) {
    let tether = makeTetherContainer(dLifetime: .objectGraph)
    let swinject = singleThreadResolver(makeSwinjectContainer(dScope: .graph))
    verifyGraph(handWrittenS4(), shared: true, "hand-written S4")
    verifyGraph(tether.resolve() as A, shared: true, "Tether S4")
    verifyGraph(swinject.resolve(A.self)!, shared: true, "Swinject S4")
    // One D per resolve, not one for ever.
    verify((tether.resolve() as A).b.d !== (tether.resolve() as A).b.d, "Tether S4: a new D per resolve")
    verify(swinject.resolve(A.self)!.b.d !== swinject.resolve(A.self)!.b.d, "Swinject S4: a new D per resolve")
    return [
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(handWrittenS4()) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(tether.resolve() as A) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(swinject.resolve(A.self)!) } } },
    ]
}

/// W1: what a property wrapper adds to a resolve (S1's leaf, through `@Injected` and the ambient container).
struct LeafScreen {
    @Injected var leaf: Leaf
}

/// The same screen written by hand, and with Swinject's resolve.
struct HandLeafScreen {
    let leaf = Leaf()
}

let w1 = Scenario(
    id: "W1", title: "S1 through @Injected (ambient container)", operationsPerCall: 1, minimumCallsPerBatch: 1_000
) {
    let tether = makeTetherContainer(dLifetime: .prototype)
    DIContainer.setAmbient(tether)
    let swinject = singleThreadResolver(makeSwinjectContainer(dScope: .transient))
    verify(LeafScreen().leaf !== LeafScreen().leaf, "Tether W1: a new Leaf per screen")
    return [
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(HandLeafScreen().leaf) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(LeafScreen().leaf) } } },
        { calls, meter in meter.measure { for _ in 0..<calls { blackHole(swinject.resolve(Leaf.self)!) } } },
    ]
}

let s5 = Scenario(
    id: "S5", title: "fresh container: register 1,000, resolve each once", operationsPerCall: Components.count,
    minimumCallsPerBatch: 1
) {
    [
        { calls, meter in meter.measure { for _ in 0..<calls { Components.handWritten() } } },
        { calls, meter in
            meter.measure {
                for _ in 0..<calls {
                    let container = DIContainer()
                    Components.registerTether(container, lifetime: .prototype, line: #line)
                    Components.resolveTether(container)
                }
            }
        },
        { calls, meter in
            meter.measure {
                for _ in 0..<calls {
                    let container = Container()
                    Components.registerSwinject(container)
                    Components.resolveSwinject(singleThreadResolver(container))
                }
            }
        },
    ]
}

/// V2: 1,000 types, each registered ten times on its own registration line (see Scripts/generate.py).
let singletonCopies = 10
let singletonCount = Components.count * singletonCopies

/// V2 from a fresh container: `initializeSingletonObjects()` builds the plan, then 10,000 singletons.
let v2Fresh = Scenario(
    id: "V2", title: "initializeSingletonObjects(), 10,000 singletons, fresh container",
    operationsPerCall: singletonCount, minimumCallsPerBatch: 1
) {
    [
        handWrittenV2,
        { calls, meter in
            for _ in 0..<calls {
                let container = DIContainer()
                Components.registerTetherSingletons(container, copies: singletonCopies)
                DIContainer.dropAllProcessWideInstances()
                meter.measure { container.initializeSingletonObjects() }
            }
        },
        swinjectV2,
    ]
}

/// V2 again on a container whose plan is built: only the creation of the 10,000 singletons.
let v2Warm = Scenario(
    id: "V2w", title: "same, plan already built (after dropAllProcessWideInstances())",
    operationsPerCall: singletonCount, minimumCallsPerBatch: 1
) {
    let container = DIContainer()
    Components.registerTetherSingletons(container, copies: singletonCopies)
    container.initializeSingletonObjects()  // builds the plan
    return [
        handWrittenV2,
        { calls, meter in
            for _ in 0..<calls {
                DIContainer.dropAllProcessWideInstances()
                meter.measure { container.initializeSingletonObjects() }
            }
        },
        swinjectV2,
    ]
}

func handWrittenV2(_ calls: Int, _ meter: Meter) {
    for _ in 0..<calls {
        var storage: [AnyObject] = []
        storage.reserveCapacity(singletonCount)
        meter.measure { Components.handWrittenSingletons(copies: singletonCopies, into: &storage) }
        verify(storage.count == singletonCount, "hand-written V2 made \(storage.count) singletons")
    }
}

/// Swinject has no eager creation; resolving each `.container` component once creates it.
func swinjectV2(_ calls: Int, _ meter: Meter) {
    for _ in 0..<calls {
        let container = Container()
        Components.registerSwinjectSingletons(container, copies: singletonCopies)
        let resolver = singleThreadResolver(container)
        meter.measure { Components.resolveSwinjectSingletons(resolver, copies: singletonCopies) }
    }
}

/// Stops the run unless `a`'s two paths to `D` meet (`shared`) or do not, as the scenario requires.
public func verifyGraph(_ a: A, shared: Bool, _ what: String) {
    if shared {
        verify(a.b.d === a.c.d, "\(what): a.b.d === a.c.d (D must be one instance within the graph)")
    } else {
        verify(a.b.d !== a.c.d, "\(what): a.b.d !== a.c.d (D must be made anew for each use)")
    }
}

// MARK: Two threads

/// C2: S2 from two threads at once, each contender with one shared container.
public struct ConcurrentScenario: Sendable {
    public let id: String
    public let title: String
    /// Hand-written, Tether, Swinject: loops of `n` S2 resolves, safe to run on several threads at once.
    public let makeLoops: @Sendable () -> [@Sendable (Int) -> Void]
}

public let c2 = ConcurrentScenario(id: "C2", title: "S2 on two threads, one shared container") {
    let tether = makeTetherContainer(dLifetime: .prototype)
    let swinject = SharedResolver(makeSwinjectContainer(dScope: .transient))
    return [
        { n in for _ in 0..<n { blackHole(handWrittenS2()) } },
        { n in for _ in 0..<n { blackHole(tether.resolve() as A) } },
        { n in for _ in 0..<n { blackHole(swinject.resolver.resolve(A.self)!) } },
    ]
}

/// CH1: a child container per request, screen or test, over an app's container: its cost should follow what the
/// child registers and resolves, not the size of its parent.
let ch1 = Scenario(
    id: "CH1", title: "child of a 1,000-registration parent: make it, register one override, resolve once",
    operationsPerCall: 1, minimumCallsPerBatch: 100
) {
    let tetherParent = DIContainer()
    Components.registerTether(tetherParent, lifetime: .prototype, line: #line)
    let swinjectParent = Container()
    Components.registerSwinject(swinjectParent)
    return [
        { calls, meter in
            meter.measure {
                for _ in 0..<calls {
                    blackHole(Component0000())
                    blackHole(Component0999())
                }
            }
        },
        { calls, meter in
            meter.measure {
                for _ in 0..<calls {
                    let child = DIContainer(parent: tetherParent)
                    child.register { Component0000() }
                    blackHole(child.resolve() as Component0999)
                }
            }
        },
        { calls, meter in
            meter.measure {
                for _ in 0..<calls {
                    let child = Container(parent: swinjectParent)
                    child.register(Component0000.self) { _ in Component0000() }
                    blackHole(child.resolve(Component0999.self)!)
                }
            }
        },
    ]
}
