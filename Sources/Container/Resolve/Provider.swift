/// A dependency resolved anew on every call, per the provided component's lifetime: take `Provider<P>` to make
/// several instances, or to reach a shorter-lived component from a longer-lived one.
///
/// ```swift
/// final class Downloader { init(makeTask: Provider<DownloadTask>) { ... } }
/// let task = makeTask()
/// ```
public final class Provider<Value>: Sendable {
    private let container: DIContainer
    private let provision: Provision<Value>
    private unowned(unsafe) let root: BoundComponent  // Kept alive by `container`, which keeps its plans.

    init(container: DIContainer, provision: Provision<Value>, root: BoundComponent) {
        self.container = container
        self.provision = provision
        self.root = root
    }

    /// Resolves a value; stops the program with the full error text if it cannot be built.
    public func callAsFunction() -> Value {
        do {
            return try get()
        } catch {
            fatalError("\n" + error.description)
        }
    }

    /// Resolves a value, or throws why it cannot be built.
    public func get() throws(DIError) -> Value {
        try DeferredResolutionStack.resolving(root) { () throws(DIError) -> Value in
            try container.run(
                ProvisionRef(provision), as: Value.self, graphCapacity: root.graphCapacity, arguments: nil)
        }
    }
}

extension Provider: DependencyShape {
    @usableFromInline static var shapeKind: DIDependency.Kind { .provider }
    @usableFromInline static var element: any Any.Type { Value.self }

    @usableFromInline
    static func provision(for target: SlotTarget) -> AnyProvision {
        switch target {
        case .one(let provision, let component):
            let typed = provision.typed(Value.self)
            return Provision<Provider<Value>> { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) in
                Provider(container: context.container, provision: typed, root: component)
            }
        case .failure(let error), .absent(let error):
            return Provision<Provider<Value>>.failing(error)
        case .many, .argument:
            preconditionFailure("a Provider slot is bound to one provider")
        }
    }
}
