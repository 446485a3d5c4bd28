/// Hands instances to the hooks `DIContainer.decorate(_:)` added. A container keeps its hooks with its
/// registrations; whether it has any is its plan's `decorating` word, read without a lock on every top-level
/// resolve.
enum Decorators {
    typealias Hook = @Sendable (_ instance: Any, _ request: DIRequest) -> Void

    /// Runs the hooks of `containers` (a container, then its ancestors) with `instance`, unless this thread is
    /// already running hooks: a hook that resolves would otherwise be called for its own resolve, and again for
    /// that one's, without end.
    static func deliver(_ instance: Any, _ request: DIRequest, to containers: some Sequence<DIContainer>) {
        delivering.run {
            for container in containers where container.plan.words.load(RegistryPlan.Word.decorating) != 0 {
                for hook in container.decorationHooks { hook(instance, request) }
            }
        }
    }

    private static let delivering = UserCallGuard()
}

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

    /// Hands `instance`, resolved for `type` under `name`, to the hooks of this container and its ancestors.
    @inline(never)
    func decorated(_ instance: Any, type: any Any.Type, name: String?) {
        Decorators.deliver(instance, DIRequest(type: type, name: name), to: [self] + plan.ancestors)
    }

    /// `decorated(_:type:name:)` of the value in `room`, which is of type `type`.
    @inline(never)
    func decorated(in room: Room, type: any Any.Type, name: String?) {
        func open<T>(_: T.Type) -> Any { room.copy(T.self) }
        decorated(_openExistential(type, do: open), type: type, name: name)
    }
}
