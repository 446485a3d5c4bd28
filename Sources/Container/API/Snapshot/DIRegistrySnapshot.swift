/// A read-only copy of what a container and its ancestors registered: everything validation and diagnostics
/// need, taken without running a factory.
///
/// Read it for tools of your own, such as a list of what the app registers:
///
/// ```swift
/// let snapshot = AppContainer.make().registrySnapshot()  // AppContainer: the app's setup
/// for component in snapshot.components where component.containerLevel == 0 {  // not the parents'
///     print(component.typeName, component.lifetime, component.info.site)
/// }
/// ```
public struct DIRegistrySnapshot: Sendable {
    /// Every registration the container sees, ancestors' first, each in registration order.
    public let components: [DIComponentSnapshot]

    /// Takes the snapshot of `container`.
    public init(of container: DIContainer) {
        var components: [DIComponentSnapshot] = []
        // Apps register few types many times (under names, in child containers): each type's fields are read once.
        var wrappers = WrapperFields()
        for group in container.registrationsWithAncestors() {
            for registration in group.registrations {
                let held = wrappers.dependencies(of: registration.info.type)
                components.append(
                    DIComponentSnapshot(registration, wrappers: held, index: components.count, level: group.level))
            }
        }
        self.components = components
    }
}

/// One registration as the snapshot shows it.
///
/// A test can hold the app to a rule of its own that no validation check covers:
///
/// ```swift
/// @Test func asyncFactoriesAreMadeAtLaunch() {  // AppContainer: the app's setup
///     let components = AppContainer.make().registrySnapshot().components
///     let late = components.filter { $0.factoryKind == .asynchronous && $0.lifetime != .single }
///     #expect(late.isEmpty, "initializeSingletonObjectsAsync() does not make these: \(late)")
/// }
/// ```
public struct DIComponentSnapshot: Sendable, Identifiable, CustomStringConvertible {
    /// The position in `DIRegistrySnapshot.components`.
    public let id: Int
    /// The registered type and the line that registered it.
    public let info: DIComponentInfo
    /// How many parents up the registering container is: 0 for the container asked.
    public let containerLevel: Int
    /// The lifetime.
    public let lifetime: DILifeTime
    /// What makes sharing its instance sound, as its registration line said (see `DISharing`).
    public let sharing: DISharing
    /// Whether the registered type is a class or a class-bound existential (`any P` with `P: AnyObject`): weak
    /// lifetimes can hold only objects.
    public let isClass: Bool
    /// What requests it serves: its own type (unless named away) and every `.as` alias.
    public let provides: [DIProvidedType]
    /// Whether it is `.default()` among providers of the same type.
    public let isDefault: Bool
    /// Whether it is marked `.root()`.
    public let isRoot: Bool
    /// Its dependencies: factory parameters in order, then injected properties, then the property wrappers its type
    /// holds (`.wrapper` positions).
    public let dependencies: [DIDependency]
    /// Validation findings silenced on it.
    public let suppressions: [DISuppression]
    /// The registrations it took out with `.replacing()`.
    public let replaced: [DIComponentInfo]
    /// Builder calls that contradict its factory; validation reports each as `invalid-registration`.
    public let problems: [String]
    /// How its factory must be called: synchronously, on the main actor, or awaited.
    public let factoryKind: DIFactoryKind
    /// Whether it is registered with `registerInjections(into:)`: made outside the container, which only injects
    /// into its instances (`inject(into:)`), so nothing can depend on it.
    public let madeElsewhere: Bool
    /// Whether its instance outlives the resolve that made it (any lifetime but prototype and objectGraph, on
    /// what the container makes): what `sharing` must make sound.
    public var sharesBeyondResolve: Bool { lifetime.outlivesResolve && !madeElsewhere }
    /// Whether its instance is handed out on the main actor only, as every resolve decides it: validation's
    /// `main-actor-isolated` findings read this, so that they agree with the resolve's error.
    package let handsOutOnMainActorOnly: Bool
    /// Whether it is an instance given to `registerInstance`, which findings name as registered rather than built.
    package let isInstance: Bool
    /// Its lifetime as paths and graphs show it: `made elsewhere` for what the container never makes, whose
    /// internal lifetime would say something untrue.
    package var lifetimeLabel: String { madeElsewhere ? "made elsewhere" : lifetime.description }
    /// The tuple whose elements `register(_:)` took as the factory's parameters: the factory may have meant one
    /// parameter of that type (see `register(taking:_:)`).
    package let splitTuple: (any Any.Type)?

    init(_ registration: Registration, wrappers: [DIDependency], index: Int, level: Int) {
        id = index
        info = registration.info
        containerLevel = level
        lifetime = registration.lifetime
        sharing = registration.sharing
        isClass = registration.holdsObject
        provides = registration.provided.map { DIProvidedType(type: $0.type, name: $0.name, tag: $0.tag) }
        isDefault = registration.isDefault
        isRoot = registration.isRoot
        dependencies = registration.dependencies + wrappers
        suppressions = registration.suppressions
        replaced = registration.replaced
        problems = registration.problems
        factoryKind = registration.kind
        madeElsewhere = registration.madeElsewhere
        handsOutOnMainActorOnly = registration.handsOutOnMainActorOnly
        isInstance = registration.isInstance
        splitTuple = registration.splitTuple
    }

    /// A stand-in for a type named where nothing registers it (a root named in validation's options): `site` is
    /// that type and where it was named, so that a finding about it points there; `id` is -1, and it provides and
    /// needs nothing.
    package init(unregisteredAt site: DIComponentInfo) {
        id = -1
        info = site
        containerLevel = 0
        lifetime = .prototype
        sharing = .unproven
        isClass = false
        provides = []
        isDefault = false
        isRoot = false
        dependencies = []
        suppressions = []
        replaced = []
        problems = []
        factoryKind = .synchronous
        madeElsewhere = false
        handsOutOnMainActorOnly = false
        isInstance = false
        splitTuple = nil
    }

    /// The registered type's name.
    public var typeName: String { Tether.typeName(info.type) }

    /// The runtime arguments its factory takes.
    public var arguments: [DIDependency] { dependencies.filter { $0.kind == .argument } }

    /// The text reports and errors show.
    public var description: String { "\(typeName) (\(lifetime), \(info.site))" }
}

/// A type (and name) a registration is resolvable as.
public struct DIProvidedType: Sendable, Hashable, CustomStringConvertible {
    /// The type.
    public let type: any Any.Type
    /// The name, for named registrations.
    public let name: String?
    /// The tag, for the copy of an unnamed provided type that `.tag(_:)` adds.
    public let tag: (any Any.Type)?

    /// Describes a provided type.
    public init(type: any Any.Type, name: String?, tag: (any Any.Type)? = nil) {
        self.type = type
        self.name = name
        self.tag = tag
    }

    /// The type's name.
    public var typeName: String { Tether.typeName(type) }

    /// The text reports and errors show.
    public var description: String { typeName + qualifierDescription(name: name, tag: tag) }

    /// The same type under the same name and tag.
    public static func == (lhs: DIProvidedType, rhs: DIProvidedType) -> Bool {
        lhs.type == rhs.type && lhs.name == rhs.name
            && lhs.tag.map(ObjectIdentifier.init) == rhs.tag.map(ObjectIdentifier.init)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(name)
        hasher.combine(tag.map(ObjectIdentifier.init))
    }
}

extension DIContainer {
    /// What this container and its ancestors registered, for validation and diagnostics.
    public func registrySnapshot() -> DIRegistrySnapshot {
        DIRegistrySnapshot(of: self)
    }
}
