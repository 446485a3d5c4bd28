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
    /// The hooks `decorate(_:)` added, copied out of the lock: they run without it.
    var decorationHooks: [Decorators.Hook] {
        state.withLock { $0.decorationHooks }
    }

    /// Keeps `hook` with the container's registrations, for `decorate(_:)`.
    func addDecorationHook(_ hook: @escaping Decorators.Hook) {
        state.withLock { $0.decorationHooks.append(hook) }
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
