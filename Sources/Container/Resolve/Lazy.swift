
/// A dependency resolved on first use and kept: take `Lazy<P>` to defer building `P`, or to break a cycle.
///
/// ```swift
/// final class Editor { init(spellChecker: Lazy<SpellChecker>) { ... } }
/// editor.spellChecker.value.check(text)
/// ```
/// The first access runs a top-level resolve of `P` on the container that made the `Lazy`. A value type whose
/// copies share the value once resolved, so that telling a `Lazy` parameter from a component at registration is a
/// comparison, not a protocol-conformance lookup (see `DependencyDescriptor`).
public struct Lazy<Value>: Sendable {
    private let box: LazyValue<Value>

    init(container: DIContainer, provision: Provision, root: BoundComponent) {
        box = LazyValue(container: container, provision: provision, root: root)
    }

    /// The value, resolved on first access; stops the program with the full error text if it cannot be built.
    public var value: Value {
        do {
            return try get()
        } catch {
            fatalError("\n" + error.description)
        }
    }

    /// The value, resolved on first access, or why it cannot be built; a failed access is retried next time.
    public func get() throws(DIError) -> Value {
        try box.get()
    }
}

/// What a `Lazy` and its copies share: the way to resolve the value, and the value once resolved.
final class LazyValue<Value>: @unchecked Sendable {  // The value is guarded by `cache`.
    private let container: DIContainer
    private let provision: Provision
    private unowned(unsafe) let root: BoundComponent  // Kept alive by `container`, whose plan keeps it.
    private let cache = Locked<Handoff<Value>?>(nil)

    init(container: DIContainer, provision: Provision, root: BoundComponent) {
        self.container = container
        self.provision = provision
        self.root = root
    }

    /// The value, resolved on first access, or why it cannot be built.
    func get() throws(DIError) -> Value {
        if let cached = cache.withLock({ $0 }) { return cached.value }
        let made = Handoff(
            value: try DeferredResolutionStack.resolving(root) { () throws(DIError) -> Value in
                try container.runDeferred(provision, as: Value.self, graphCapacity: root.graphCapacity)
            })
        // Two threads may both resolve; the first to store wins, so every caller sees one instance.
        return cache.withLock { cached in
            if let cached { return cached }
            cached = made
            return made
        }.value
    }
}

extension Lazy: DependencyShape {
    static var shapeKind: DIDependency.Kind { .lazy }
    static var element: any Any.Type { Value.self }

    static func provision(for target: SlotTarget) -> Provision {
        switch target {
        case .one(let provision, let component):
            DeferredAccessProvision(provision, root: component) { container, provision, root, target in
                target.initializeMemory(
                    as: Lazy.self, repeating: Lazy(container: container, provision: provision, root: root), count: 1)
            }
        case .failure(let error), .absent(let error): FailingProvision(error)
        case .many, .argument: preconditionFailure("a Lazy slot is bound to one provider")
        }
    }
}
