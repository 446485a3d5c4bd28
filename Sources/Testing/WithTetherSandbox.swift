@_spi(Testing) import Tether

/// Runs `body` with process-wide instances of its own: `perRun` and `single` registrations of the containers made
/// in `body` (or in tasks it starts) get instances nobody outside sees, dropped when `body` returns or throws.
/// Dropping them then, rather than with the last container, is what frees a `single` that holds a `Provider` or
/// `Lazy`: it holds its container, which holds the sandbox's instances. A container that outlives `body` builds
/// its instances again, still in this sandbox, on its next resolve.
///
/// The `.tetherSandbox` trait does this for a whole test; call this where no trait applies (an XCTest method, or
/// several sandboxes in one test). A container keeps the sandbox it was made in, so one made before `body` (or on
/// a thread or detached task that does not inherit task-locals) keeps using the process's instances, and so do
/// the registrations a child made in `body` inherits from such a parent.
public func withTetherSandbox<Value>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value
) async rethrows -> Value {
    let namespace = DIProcessWideNamespace()
    defer { namespace.dropInstances() }
    return try await DIProcessWideNamespace.$current.withValue(namespace, operation: body)
}
