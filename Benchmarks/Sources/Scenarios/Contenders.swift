import BenchSupport
import Swinject
import Tether

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// How each contender is set up for the S1-S4 graphs. Tether uses its default, thread-safe configuration;
// Swinject is used through `synchronize()`, its thread-safe configuration (a plain `Container` traps when
// resolved from two threads), so both pay for the same guarantee. `TETHER_BENCH_SWINJECT_UNSYNCHRONIZED=1`
// measures a plain Swinject `Container` instead in the single-threaded rows (C2 always synchronizes).

/// Whether the single-threaded rows use Swinject's plain, not thread-safe `Container`.
public let swinjectUnsynchronized = getenv("TETHER_BENCH_SWINJECT_UNSYNCHRONIZED").map { String(cString: $0) } == "1"

/// Tether with the S1-S4 registrations; D has `dLifetime` (prototype for S2, objectGraph for S4).
public func makeTetherContainer(dLifetime: DILifeTime) -> DIContainer {
    let container = DIContainer()
    container.register(Leaf.init).lifetime(.prototype)
    container.register(A.init(b:c:)).lifetime(.prototype)
    container.register(B.init(d:e:)).lifetime(.prototype)
    container.register(C.init(d:z:)).lifetime(.prototype)
    container.register(D.init).lifetime(dLifetime)
    container.register(E.init).lifetime(.prototype)
    container.register(Z.init).lifetime(.prototype)
    container.register(Single.init).lifetime(.single)
    container.initializeSingletonObjects()
    return container
}

/// Swinject with the same registrations; D in `dScope` (`.transient` for S2, `.graph` for S4).
///
/// Swinject's default scope is `.graph`, so every other registration names `.transient`.
public func makeSwinjectContainer(dScope: ObjectScope) -> Container {
    let container = Container()
    container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
    container.register(A.self) { r in A(b: r.resolve(B.self)!, c: r.resolve(C.self)!) }.inObjectScope(.transient)
    container.register(B.self) { r in B(d: r.resolve(D.self)!, e: r.resolve(E.self)!) }.inObjectScope(.transient)
    container.register(C.self) { r in C(d: r.resolve(D.self)!, z: r.resolve(Z.self)!) }.inObjectScope(.transient)
    container.register(D.self) { _ in D() }.inObjectScope(dScope)
    container.register(E.self) { _ in E() }.inObjectScope(.transient)
    container.register(Z.self) { _ in Z() }.inObjectScope(.transient)
    container.register(Single.self) { _ in Single() }.inObjectScope(.container)
    return container
}

/// Swinject's synchronized resolver, which is safe to share between threads (it locks every resolve).
public struct SharedResolver: @unchecked Sendable {  // `synchronize()` makes it safe to share.
    public let resolver: any Resolver
    public init(_ container: Container) { resolver = container.synchronize() }
}

/// The resolver the single-threaded rows use: synchronized unless `swinjectUnsynchronized`.
func singleThreadResolver(_ container: Container) -> any Resolver {
    swinjectUnsynchronized ? container : container.synchronize()
}

/// Hand-written S2: every dependency made anew.
@inline(__always)
public func handWrittenS2() -> A {
    A(b: B(d: D(), e: E()), c: C(d: D(), z: Z()))
}

/// Hand-written S4: one D shared within the graph.
@inline(__always)
public func handWrittenS4() -> A {
    let d = D()
    return A(b: B(d: d, e: E()), c: C(d: d, z: Z()))
}
