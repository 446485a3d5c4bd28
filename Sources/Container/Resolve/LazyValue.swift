/// What a `Lazy` and its copies share: the way to resolve the value, and the value once resolved.
final class LazyValue<Value>: @unchecked Sendable {  // The value is guarded by `cache`.
    private let access: DeferredAccess<Value>
    private let cache = Locked<Handoff<Value>?>(nil)

    init(_ access: DeferredAccess<Value>) {
        self.access = access
    }

    /// The value, resolved on first access with `arguments` (the request's own when `nil`), or why it cannot be
    /// built.
    func get(arguments: GivenArguments?) throws(DIError) -> Value {
        if let cached = cache.withLock({ $0 }) { return cached.value }
        let made = Handoff(value: try access.resolve(arguments: arguments, handingOut: false))
        // Two threads may both resolve; the first to store wins, so every caller sees one instance, and only the
        // winner's is handed to the `decorate` hooks.
        let (kept, won) = cache.withLock { cached -> (Handoff<Value>, Bool) in
            if let cached { return (cached, false) }
            cached = made
            return (made, true)
        }
        if won { access.handOut(kept.value) }
        return kept.value
    }

    /// Forgets the value, and the instance of its graph it may have been given.
    func clear() {
        // Released after the lock: the value's `deinit` is user code, and may use this `Lazy`.
        let dropped = cache.withLock { cached in
            defer { cached = nil }
            return cached
        }
        access.forgetGraphInstance()
        withExtendedLifetime(dropped) {}
    }
}
