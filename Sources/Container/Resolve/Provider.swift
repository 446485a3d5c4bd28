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
    /// The component resolved; `nil` around a nested shape (`Provider<[P]>`). Kept alive by `container`, whose
    /// plan keeps it.
    private unowned(unsafe) let root: BoundComponent?

    init(container: DIContainer, provision: Provision, root: BoundComponent?) {
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
        try resolve(arguments: nil)
    }

    /// Resolves a value, passing `arguments` to the `DIArgument` parameters of its factory, in order, or throws
    /// why it cannot be built (`argument-mismatch` when they are not the ones it takes).
    ///
    /// ```swift
    /// final class OrderList { init(makeRow: Provider<OrderRow>) { ... } }  // OrderRow takes DIArgument<Order>
    /// let row = try makeRow.get(arguments: order)
    /// ```
    public func get<each A>(arguments: repeat each A) throws(DIError) -> Value {
        try resolve(arguments: GivenArguments(repeat each arguments))
    }

    /// Resolves a value with `arguments`; stops the program with the full error text if it cannot be built.
    public func callAsFunction<each A>(arguments: repeat each A) -> Value {
        do {
            return try get(arguments: repeat each arguments)
        } catch {
            fatalError("\n" + error.description)
        }
    }

    private func resolve(arguments: GivenArguments?) throws(DIError) -> Value {
        try DeferredResolutionStack.resolving(root) { () throws(DIError) -> Value in
            try container.runDeferred(provision, as: Value.self, root: root, arguments: arguments)
        }
    }
}

extension Provider: DependencyShape {
    static var shapeKind: DIDependency.Kind { .provider }
    static var element: any Any.Type { Value.self }

    static func provision(for target: SlotTarget) -> Provision {
        switch target {
        case .one(let provision, let component):
            make(provision, root: component, binder: nil)
        case .deferred(let provision, let binder):
            make(provision, root: nil, binder: binder)
        case .failure(let error), .absent(let error): FailingProvision(error)
        case .many, .argument: preconditionFailure("a Provider slot is bound to one provider")
        }
    }

    private static func make(_ provision: Provision, root: BoundComponent?, binder: RegistryPlan?) -> Provision {
        DeferredAccessProvision(provision, root: root, binder: binder) { container, provision, root, target, _ in
            target.initializeMemory(
                as: Provider.self, repeating: Provider(container: container, provision: provision, root: root), count: 1)
        }
    }
}

/// `Lazy<P>` and `Provider<P>`: a new accessor bound to the resolving container and `P`'s provision.
final class DeferredAccessProvision: Provision, @unchecked Sendable {  // Immutable.
    let target: Provision
    /// The component `target` resolves, `nil` for a nested shape (`Lazy<[P]>`); kept alive by the plan that holds
    /// this provision.
    unowned(unsafe) let root: BoundComponent?
    /// For a nested shape, the plan that bound it: it keeps the binding that holds this provision.
    unowned(unsafe) let binder: RegistryPlan?
    /// Writes a new accessor to the memory given, in the resolve that makes it.
    typealias Make = @Sendable (DIContainer, Provision, BoundComponent?, UnsafeMutableRawPointer, inout ResolveContext) -> Void
    let make: Make

    init(_ target: Provision, root: BoundComponent?, binder: RegistryPlan?, make: @escaping Make) {
        self.target = target
        self.root = root
        self.binder = binder
        self.make = make
    }

    override func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        // The container whose plan bound the target: a parent's process-wide component resolved through a child
        // gets a `Lazy` of the parent, as the parent would give it; around a nested shape, the container whose plan
        // bound it, for the same reason.
        make((root?.plan ?? binder.unsafelyUnwrapped).owner, self.target, root, target, &context)
    }
}
