/// A dependency resolved anew on every call, per the provided component's lifetime: take `Provider<P>` to make
/// several instances, or to reach a shorter-lived component from a longer-lived one.
///
/// ```swift
/// final class Downloader { init(makeTask: Provider<DownloadTask>) { ... } }
/// let task = makeTask()
/// ```
///
/// A value type (copies share what they resolve from), so that telling a `Provider` parameter from a component
/// at registration is a comparison, not a protocol-conformance lookup (see `DependencyDescriptor`).
public struct Provider<Value>: Sendable {
    private let container: DIContainer
    private let provision: Provision
    private unowned(unsafe) let root: BoundComponent  // Kept alive by `container`, whose plan keeps it.

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
            DeferredAccessProvision(provision, root: component) { container, provision, root, target in
                target.initializeMemory(
                    as: Provider.self, repeating: Provider(container: container, provision: provision, root: root), count: 1)
            }
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
    /// Writes a new accessor to the memory given.
    typealias Make = @Sendable (DIContainer, Provision, BoundComponent, UnsafeMutableRawPointer) -> Void
    let make: Make

    init(_ target: Provision, root: BoundComponent, make: @escaping Make) {
        self.target = target
        self.root = root
        self.make = make
    }

    override func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        // The container whose plan bound the target: a parent's process-wide component resolved through a child
        // gets a `Lazy` of the parent, as the parent would give it.
        make(root.plan.owner, self.target, root, target)
    }
}
