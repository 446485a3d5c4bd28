extension DIContainer {
    /// Calls `hook` with every instance a top-level request of this container, or of a child of it, hands out,
    /// once per hand-out (Resolver's `decorate`), for logging, tracing or checks in debug builds.
    ///
    /// ```swift
    /// container.decorate { instance, request in
    ///     print("resolved \(request.typeName): \(instance)")
    /// }
    /// ```
    /// It sees each instance a caller gets from `resolve`, `resolveOrThrow`, `resolveAsync` and a `Lazy` or
    /// `Provider`'s `get()`, cached or new, after the resolve is done and every lock is released, on the resolving
    /// thread (a resolve a factory makes calls them there, inside the resolve that runs the factory); not the
    /// dependencies built inside that resolve (an observer passed to `resolveOrThrow(_:name:
    /// observer:)` sees those). It cannot replace the instance, so a cached lifetime still hands out its one
    /// instance. Resolves the hook makes call no hook. A failed resolve calls none. Hooks cannot be removed; a
    /// child container made for a test adds its own. The container keeps its hooks, so a hook that uses the
    /// container captures it weakly.
    public func decorate(_ hook: @escaping @Sendable (_ instance: Any, _ request: DIRequest) -> Void) {
        addDecorationHook(hook)
        plan.markDecorating()
    }
}
