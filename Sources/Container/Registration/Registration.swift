/// Everything a registration recorded, without running user code: the snapshot, the validator and the plan
/// builder all read this.
@usableFromInline
struct Registration: Sendable {
    /// Unique in the process, so that per-container caches survive plan rebuilds.
    let id: Int
    let info: DIComponentInfo
    let isClass: Bool
    var lifetime: DILifeTime
    var aliases: [Alias] = []
    var isDefault = false
    var isRoot = false
    let parameters: [DependencyDescriptor]
    var injections: [InjectionDescriptor] = []
    var suppressions: [DISuppression] = []
    /// Builds the component's own provision once its slots are bound.
    let make: @Sendable (BoundComponent) -> AnyProvision
    /// Resolves the component at top level from a container's plan, as `Any` (eager singletons, tools).
    let resolveErased: @Sendable (DIContainer, BoundComponent, (any DIResolutionObserver)?) throws(DIError) -> Any

    @usableFromInline
    init<T>(
        info: DIComponentInfo, type: T.Type, parameters: [DependencyDescriptor],
        make: @escaping @Sendable (BoundComponent) -> AnyProvision
    ) {
        self.id = RegistrationCounter.next()
        self.info = info
        self.isClass = T.self is AnyClass
        self.resolveErased = { (container, component, observer) throws(DIError) -> Any in
            try container.run(
                ProvisionRef(component.provision), as: T.self, graphCapacity: component.graphCapacity, arguments: nil,
                observer: observer)
        }
        self.lifetime = DISetting.Defaults.lifeTime
        self.parameters = parameters
        self.make = make
    }

    /// The runtime argument types, in parameter order.
    var argumentTypes: [any Any.Type] {
        parameters.filter { $0.kind == .argument }.map(\.element)
    }

    /// Whether the component's own type is provided without a name (an `.as` of its own type with a name
    /// replaces that).
    var providesOwnTypeUnnamed: Bool {
        !aliases.contains { $0.type == info.type && $0.name != nil }
    }

    /// Every dependency, parameters first, as the snapshot shows them.
    var dependencies: [DIDependency] {
        parameters.enumerated().map { $0.element.dependency(at: .parameter($0.offset)) }
            + injections.map { $0.dependency.dependency(at: .injection(property: $0.property, cycle: $0.cycle)) }
    }
}

/// A type a component is also provided as, with `.as(_:name:)`.
@usableFromInline
struct Alias: Sendable {
    let type: any Any.Type
    let name: String?
    /// Wraps the component's own provision into one of the alias type, casting each instance.
    let wrap: @Sendable (AnyProvision, DIComponentInfo) -> AnyProvision

    @usableFromInline
    init(type: any Any.Type, name: String?, wrap: @escaping @Sendable (AnyProvision, DIComponentInfo) -> AnyProvision) {
        self.type = type
        self.name = name
        self.wrap = wrap
    }
}

internal import Synchronization

/// Hands out registration identities.
enum RegistrationCounter {
    private static let counter = Atomic<Int>(0)

    static func next() -> Int { counter.add(1, ordering: .relaxed).newValue }
}
