@_spi(Testing) import Tether

/// Runs `body` with process-wide instances of its own: `perRun` and `single` registrations of the containers made
/// in `body` (or in tasks it starts) get instances nobody outside sees, released once `body` has returned and those
/// containers are gone.
///
/// The `.tetherSandbox` trait does this for a whole test; call this where no trait applies (an XCTest method, or
/// several sandboxes in one test). A container keeps the sandbox it was made in, so one made before `body` (or on
/// a thread or detached task that does not inherit task-locals) keeps using the process's instances, and so do
/// the registrations a child made in `body` inherits from such a parent.
public func withTetherSandbox<Value>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value
) async rethrows -> Value {
    try await DIProcessWideNamespace.$current.withValue(DIProcessWideNamespace(), operation: body)
}
