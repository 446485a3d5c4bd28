/// A separate set of `perRun` and `single` instances, for tests that run in parallel in one process.
///
/// Process-wide instances are keyed by registration site, so containers set up by the same function share them:
/// two parallel tests would share their singletons. A container made while a namespace is `current` keeps its
/// own registrations' process-wide instances in that namespace instead; TetherTesting's `.tetherSandbox` trait
/// makes one per test. Whoever ends the namespace's use calls `dropInstances()`: an instance that holds a
/// `Provider` or `Lazy` holds its container, which holds the namespace, so the instances would otherwise keep
/// one another alive for good.
///
/// The container that registered a component decides where its instance lives: a child made inside a namespace
/// still shares the instances of its parent's registrations with wherever the parent was made, since the
/// parent's plan builds and owns those.
@_spi(Testing)
public final class DIProcessWideNamespace: Sendable {
    /// The namespace containers made in this task take; `nil` outside any, for the process's own instances.
    @TaskLocal public static var current: DIProcessWideNamespace?

    /// This namespace's cells, keyed as the process's own.
    let cells = ProcessWideCells.Table([:])
    /// The ambient container `DIContainer.setAmbient(_:)` set inside this namespace, in place of the process's, so
    /// that a test's launch code sets it for that test alone: `nil` until it is called, `.some(nil)` once a test
    /// set none, which must not let the process's show through.
    let ambient = Locked<DIContainer??>(nil)

    /// Makes an empty namespace.
    public init() {}

    /// Drops every instance kept here, as `DIContainer.dropAllProcessWideInstances()` does for the process's own, so
    /// that a cycle through a `Provider` or `Lazy` (instance → container → namespace → instance) is broken. A container
    /// made in the namespace that is still in use builds its instances again on the next resolve.
    public func dropInstances() {
        ProcessWideCells.reset(in: self)
        // A container set ambient here may hold the instances just dropped, and be held by them.
        ambient.withLock { if $0 != nil { $0 = .some(nil) } }
    }
}
