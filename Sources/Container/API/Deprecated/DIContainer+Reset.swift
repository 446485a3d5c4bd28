/// The ways to clear state before they were four (`drop…`, `unregister`, `shutdown…`, a request's `end()`), kept so
/// that code using them still compiles, each with a warning that names its replacement.
extension DIContainer {
    /// Releases this container's `perContainer` instances.
    @available(*, deprecated, message: "use dropInstances(of: .perContainer(.strong), .perContainer(.weak))")
    public func resetPerContainerInstances() {
        dropInstances(of: .perContainer(.strong), .perContainer(.weak))
    }

    /// Releases the `perRun` and `single` instances of the registrations this container sees.
    @available(*, deprecated, renamed: "dropProcessWideInstances()")
    public func resetPerRunInstances() {
        dropProcessWideInstances()
    }

    /// Releases every `perRun` and `single` instance in the process.
    @available(*, deprecated, renamed: "dropAllProcessWideInstances()")
    public static func resetProcessWideInstances() {
        dropAllProcessWideInstances()
    }

    /// Releases the instances of registrations of exactly `lifetime`; a custom scope's are disposed too.
    @available(
        *, deprecated,
        message: "use dropInstances(of:), which releases without disposing; for a custom scope's, scope.shutdown()"
    )
    public func resetInstances(of lifetime: DILifeTime) {
        if case .custom(let scope) = lifetime {
            _ = scope.disposal()
            return
        }
        dropInstances(of: lifetime)
    }
}

extension DIScope {
    /// Releases every instance the scope holds and disposes the `DIDisposable` ones, in the task it returns.
    @available(
        *, deprecated,
        message:
            "use dropInstances() to release, or await shutdown() to release and dispose (from synchronous code, in a Task)"
    )
    @discardableResult
    public func clean() -> Task<DIShutdownReport, Never> {
        disposal()
    }
}

extension Lazy {
    /// Forgets the value, so that the next access resolves it again.
    @available(*, deprecated, renamed: "dropInstance()")
    public func clear() {
        dropInstance()
    }
}
