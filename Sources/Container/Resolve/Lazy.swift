/// A dependency resolved on first use and kept: take `Lazy<P>` to defer building `P`, or to break a cycle.
///
/// ```swift
/// final class Editor { init(spellChecker: Lazy<SpellChecker>) { ... } }
/// editor.spellChecker.value.check(text)
/// ```
/// The first access runs a top-level resolve of `P` on the container that made the `Lazy`, as registered then
/// (after `.replacing()`, the replacement; after `unregister`, `not-registered`); for an objectGraph `P`
/// that the resolve which made the `Lazy` built, the first access gives that instance while it lives, as the rest
/// of its graph has it. A value type whose
/// copies share the value once resolved, so that telling a `Lazy` parameter from a component at registration is a
/// comparison, not a protocol-conformance lookup (see `DependencyDescriptor`).
public struct Lazy<Value>: Sendable {
    private let box: LazyValue<Value>

    init(_ access: DeferredAccess<Value>) {
        box = LazyValue(access)
    }

    /// The value, resolved on first access; stops the program with the full error text if it cannot be built.
    public var value: Value {
        do {
            return try get()
        } catch {
            fatalError("\n" + error.description)
        }
    }

    /// The value, resolved on first access, or why it cannot be built; a failed access is retried next time. A
    /// `Lazy` asked for at top level with runtime arguments (`resolveOrThrow(Lazy<T>.self, arguments: ...)`)
    /// passes those.
    public func get() throws(DIError) -> Value {
        try box.get(arguments: nil)
    }

    /// The value, resolved on first access with `arguments` passed to the `DIArgument` parameters of its factory;
    /// later accesses return that value, whatever arguments they pass.
    public func get<each A>(arguments: repeat each A) throws(DIError) -> Value {
        try box.get(arguments: GivenArguments(repeat each arguments))
    }

    /// Releases the value, disposing nothing, so that the next access resolves it again (DITranquillity's
    /// `clear()`); every copy of this `Lazy` shares the value, and forgets it too. An instance its lifetime keeps
    /// (a singleton, say) stays kept there: the next access gets it back.
    ///
    /// ```swift
    /// gallery.thumbnailer.dropInstance()  // the next `.value` resolves a Thumbnailer again
    /// ```
    public func dropInstance() {
        box.clear()
    }
}

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
