
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
    let box: LazyValue<Value>

    init(
        container: DIContainer, access: DeferredAccessProvision, graph: GraphInstance<Value>?,
        arguments: GivenArguments?
    ) {
        box = LazyValue(container: container, access: access, graph: graph, arguments: arguments)
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
        try box.get(arguments: box.arguments)
    }

    /// The value, resolved on first access with `arguments` passed to the `DIArgument` parameters of its factory;
    /// later accesses return that value, whatever arguments they pass.
    public func get<each A>(arguments: repeat each A) throws(DIError) -> Value {
        try box.get(arguments: GivenArguments(repeat each arguments))
    }

    /// Forgets the value, so that the next access resolves it again (DITranquillity's `clear()`); every copy of
    /// this `Lazy` shares the value, and forgets it too.
    ///
    /// ```swift
    /// gallery.thumbnailer.clear()  // the next `.value` resolves a Thumbnailer again
    /// ```
    public func clear() {
        box.clear()
    }
}

/// What a `Lazy` and its copies share: the way to resolve the value, and the value once resolved.
final class LazyValue<Value>: @unchecked Sendable {  // The value is guarded by `cache`.
    /// The container that keeps alive what `access` points to (see `DeferredAccessProvision.keeper`), held as
    /// `ContainerHold` says.
    private let container: ContainerHold
    /// How to resolve the value, as bound when the `Lazy` was made, and again after the registry changed.
    private let access: DeferredAccessProvision
    private let cache = Locked<Handoff<Value>?>(nil)
    /// The instance of the objectGraph root that the resolve which made this `Lazy` built, if it may have.
    private let graph: GraphInstance<Value>?
    /// The runtime arguments of the top-level request that asked for this `Lazy`, which `get()` passes.
    let arguments: GivenArguments?

    init(
        container: DIContainer, access: DeferredAccessProvision, graph: GraphInstance<Value>?,
        arguments: GivenArguments?
    ) {
        self.container = ContainerHold(container, access: access)
        self.access = access
        self.graph = graph
        self.arguments = arguments
    }

    /// The value, resolved on first access, or why it cannot be built.
    func get(arguments: GivenArguments?) throws(DIError) -> Value {
        if let cached = cache.withLock({ $0 }) { return cached.value }
        let made: Handoff<Value>
        if arguments == nil, let instance = graph?.current {
            made = Handoff(value: instance)
        } else {
            // The container keeps what `access` points to; pinned for what the plan drops meanwhile.
            let keeper = try container.container(accessing: Value.self, as: "Lazy")
            made = Handoff(
                value: try withExtendedLifetime(keeper) { () throws(DIError) -> Value in
                    try Reclamation.pinned { () throws(DIError) -> Value in
                        let access = try self.access.current()
                        return try DeferredResolutionStack.resolving(access.root) { () throws(DIError) -> Value in
                            try access.container.runDeferred(
                                access.target, as: Value.self, root: access.root, builds: access.builds,
                                arguments: arguments)
                        }
                    }
                })
        }
        // Two threads may both resolve; the first to store wins, so every caller sees one instance.
        return cache.withLock { cached in
            if let cached { return cached }
            cached = made
            return made
        }.value
    }
}

extension LazyValue {
    /// Forgets the value, and the instance of its graph it may have been given.
    func clear() {
        cache.withLock { $0 = nil }
        graph?.clear()
    }
}
