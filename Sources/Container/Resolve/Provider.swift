/// A dependency resolved anew on every call, per the provided component's lifetime: take `Provider<P>` to make
/// several instances, or to reach a shorter-lived component from a longer-lived one.
///
/// ```swift
/// final class Downloader { init(makeTask: Provider<DownloadTask>) { ... } }
/// let task = makeTask()
/// ```
public final class Provider<Value>: Sendable {
    private let container: DIContainer
    private let provision: Provision
    private unowned(unsafe) let root: BoundComponent  // Kept alive by `container`, which keeps its plans.

    init(container: DIContainer, provision: Provision, root: BoundComponent) {
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
            try container.runDeferred(provision, as: Value.self, graphCapacity: root.graphCapacity)
        }
    }
}

extension Provider: DependencyShape {
    static var shapeKind: DIDependency.Kind { .provider }
    static var element: any Any.Type { Value.self }

    static func provision(for target: SlotTarget) -> Provision {
        switch target {
        case .one(let provision, let component):
            DeferredAccessProvision(provision, root: component) { Provider(container: $0, provision: $1, root: $2) }
        case .failure(let error), .absent(let error): FailingProvision(error)
        case .many, .argument: preconditionFailure("a Provider slot is bound to one provider")
        }
    }
}

/// `Lazy<P>` and `Provider<P>`: a new accessor bound to the resolving container and `P`'s provision.
final class DeferredAccessProvision: Provision, @unchecked Sendable {  // Immutable.
    let target: Provision
    /// Kept alive by the plan that holds this provision.
    unowned(unsafe) let root: BoundComponent
    let make: @Sendable (DIContainer, Provision, BoundComponent) -> AnyObject

    init(_ target: Provision, root: BoundComponent, make: @escaping @Sendable (DIContainer, Provision, BoundComponent) -> AnyObject) {
        self.target = target
        self.root = root
        self.make = make
    }

    override func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        target.initializeMemory(as: AnyObject.self, repeating: try object(&context), count: 1)
    }

    override func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        // The container whose plan bound the target: a parent's process-wide component resolved through a child
        // gets a `Lazy` of the parent, as the parent would give it.
        make(root.plan.owner, self.target, root)
    }
}
