/// Everything a registration recorded, without running user code: the snapshot, the validator and the plan
/// builder all read this.
///
/// A value, with its fields in one copy-on-write box: the container's state, its index, the binder's choices and
/// the plan's components each hold a copy, and a copy costs one retain instead of one per array and closure (a
/// tenth of start-up was those retains and releases).
@usableFromInline
@dynamicMemberLookup
struct Registration: Sendable {
    /// Unique in the process: the key of a container's cells and of a plan's components.
    let id: Int
    private var fields: CopyOnWrite<Fields>

    /// The fields, in registration order of the builder calls that change them.
    struct Fields: Sendable {
        /// Its site; the container sets which run of the site it is when it adds the registration.
        var info: DIComponentInfo
        /// How the engine holds the component's instances.
        let layout: InstanceLayout
        var lifetime: DILifeTime
        /// What makes sharing its instance sound, as the registration line said it (see `DISharing`).
        var sharing: DISharing
        // The one-byte fields side by side, in the padding after `lifetime`'s tag: each alone between words would
        // take a word.
        var isDefault = false
        var isRoot = false
        /// `.replacing()`: the earlier registrations of its container that provide a type it provides are removed.
        var replacesEarlier = false
        /// Taken out by `.replacing()` or `unregister`: it provides nothing, and the snapshot leaves it out.
        var isRemoved = false
        /// `registerInjections(into:)`: instances are made elsewhere, and the container only injects into them.
        var madeElsewhere = false
        /// `registerInstance`: one instance the registration holds, which only this container may hand out.
        var isInstance = false
        /// Whether its line gave the lifetime (`.lifetime(_:)`, or `registerInstance`'s own), rather than a default:
        /// only a lifetime from a default gives way to the lifetime of a registration it replaces.
        var lifetimeIsGiven = false
        /// Counts the builder calls made on it since it was published, so that a plan can tell a component made
        /// from an earlier version (whose change it has not dropped yet) from one made from this.
        var revision: UInt32 = 0
        /// How the factory must be called (`@MainActor`, `async`).
        let kind: DIFactoryKind
        var aliases: [Alias] = []
        /// The registration site's thunk around the factory.
        let factory: FactoryThunk
        /// What few registrations have, in a box of its own that most never allocate: every registration holds
        /// these fields for as long as it is registered, and an app has hundreds. Not reachable as
        /// `registration.rare`: set to `nil`, it would drop them all.
        fileprivate var rare: CopyOnWrite<RareFields>?
        /// Changed only by `.parameter(at:name:)`, `.parameter(at:tag:)` and `.argument(at:)`. Last: its tail is
        /// the box's, not padding before another field.
        var parameters: RegisteredParameters

        /// The rare fields, boxed on their first change.
        fileprivate var rareForChange: RareFields {
            _read { yield rare?.value ?? RareFields() }
            _modify {
                if rare == nil { rare = CopyOnWrite(RareFields()) }
                yield &rare!.value
            }
        }
    }

    /// The fields few registrations set.
    struct RareFields: Sendable {
        /// Tags of every type it provides (`.tag(_:)`), for `DITagged` dependencies.
        var tags: [any Any.Type] = []
        var injections: [InjectionDescriptor] = []
        var suppressions: [DISuppression] = []
        /// The registrations it replaced, for the snapshot.
        var replaced: [DIComponentInfo] = []
        /// Builder calls that contradict the factory (`.parameter(at:)` past its parameters): the registration
        /// builds nothing, resolving it throws `invalid-registration`, and validation reports each.
        var problems: [String] = []
        /// The factory of an `async` registration, which `resolveAsync` awaits; `factory` then only takes the
        /// instance it made (see `PremadeInstance`).
        var asyncFactory: AsyncFactory?
    }

    /// Records a registration of `T`; generic only through `T`'s metadata, so compiled once in Tether.
    init<T>(
        info: DIComponentInfo, type: T.Type, parameters: RegisteredParameters, factory: @escaping FactoryThunk,
        kind: DIFactoryKind = .synchronous, asyncFactory: AsyncFactory? = nil
    ) {
        self.id = RegistrationCounter.next()
        let module = ModuleInstallation.current
        let problems = parameters.problems
        self.fields = CopyOnWrite(
            Fields(
                info: module.map { info.installed(by: $0.path) } ?? info, layout: InstanceLayout.of(T.self),
                lifetime: module?.defaultLifetime ?? DISetting.Defaults.lifeTime,
                sharing: kind == .mainActor ? .mainActor : .unproven, kind: kind, factory: factory,
                rare: problems.isEmpty && asyncFactory == nil
                    ? nil : CopyOnWrite(RareFields(problems: problems, asyncFactory: asyncFactory)),
                parameters: parameters))
    }

    /// A field of `Fields`, read in the shared box and changed in place when no copy shares it (else in a new box):
    /// `registration.lifetime`, `registration.aliases`.
    subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        // Inlined, each key path is a field's address; out of line, a look-up in the runtime.
        @inline(__always) _read { yield fields.value[keyPath: field] }
        @inline(__always) _modify { yield &fields.value[keyPath: field] }
    }

    /// A field of `Fields` that never changes: `registration.kind`, `registration.factory`.
    subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value {
        @inline(__always) get { fields.value[keyPath: field] }
    }

    /// A field of `RareFields`: its default until the registration sets one, which boxes them (`rareForChange`).
    subscript<Value>(dynamicMember field: WritableKeyPath<RareFields, Value>) -> Value {
        // A getter, not a coroutine: one that yields on two branches is not inlined, and then every key path is a
        // look-up in the runtime (B2 +17% instructions). Inlined, the default made here is reduced to the one field.
        @inline(__always) get {
            guard let rare = fields.value.rare else { return RareFields()[keyPath: field] }
            return rare.value[keyPath: field]
        }
        @inline(__always) _modify { yield &fields.value.rareForChange[keyPath: field] }
    }

    /// The factory of an `async` registration; set only when it is made (a declared member, read-only, where the
    /// rare fields' subscript would let it be written).
    var asyncFactory: AsyncFactory? { fields.value.rare?.value.asyncFactory }

    /// Every parameter, described; a change describes them all, and is kept so.
    var parameters: [DependencyDescriptor] {
        get { fields.value.parameters.descriptors }
        _modify {
            var descriptors = fields.value.parameters.takeDescriptors()
            defer { fields.value.parameters.describe(descriptors) }
            yield &descriptors
        }
    }
    /// The parameters as registration recorded them.
    var parameterRecord: RegisteredParameters { fields.value.parameters }
    /// Parameter `index`, described, without describing the others.
    func parameter(at index: Int) -> DependencyDescriptor { fields.value.parameters[index] }
    var splitTuple: (any Any.Type)? { fields.value.parameters.splitTuple }

    var isClass: Bool { self.layout.isClass }

    /// Whether its instances are objects a weak lifetime can hold (see `InstanceLayout.holdsObject`).
    var holdsObject: Bool { self.layout.holdsObject }

    /// The runtime argument types: the factory's in parameter order, then the injections' in injection order.
    var argumentTypes: [any Any.Type] {
        // Appended in place: binding asks every component it makes, nearly all of which take none, and joining the
        // lists first was an allocation and a retain of each descriptor's metadata for each of them.
        var types = fields.value.parameters.argumentTypes
        for injection in self.injections {
            for dependency in injection.dependencies where dependency.kind == .argument {
                types.append(dependency.element)
            }
        }
        return types
    }

    /// Whether the component's own type is provided without a name (an `.as` of its own type with a name
    /// replaces that).
    var providesOwnTypeUnnamed: Bool {
        !self.aliases.contains { $0.type == self.info.type && $0.name != nil }
    }

    /// What the registration provides, each once, in order: its own type unless named away, then every alias, then
    /// each of those types, unnamed and under each of its names, under each tag and each combination of its tags;
    /// with the alias each comes through (`nil` for its own type). The provider index and the snapshot both read
    /// this.
    var provided: [ProvidedKey] {
        guard !self.isRemoved else { return [] }
        var result: [ProvidedKey] = []
        func add(_ type: any Any.Type, _ name: String?, alias: Int?) {
            guard !result.contains(where: { $0.type == type && $0.name == name }) else { return }
            result.append(ProvidedKey(type: type, name: name, tag: nil, alias: alias))
        }
        if providesOwnTypeUnnamed { add(self.info.type, nil, alias: nil) }
        for (index, alias) in self.aliases.enumerated() {
            add(alias.type, alias.name, alias: alias.type == self.info.type ? nil : index)
        }
        guard !self.tags.isEmpty else { return result }
        // Under each tag: each type unnamed, whatever names it is provided under (a tagged request need not know
        // them), and each named key under its name too (for a request that asks for both).
        var tagged: [ProvidedKey] = []
        for key in result where !tagged.contains(where: { $0.type == key.type }) {
            tagged.append(ProvidedKey(type: key.type, name: nil, tag: nil, alias: key.alias))
        }
        tagged += result.filter { $0.name != nil }
        // Under each tag, and under each combination of them for requests that name several.
        for tag in self.tags + Tags.combinations(of: self.tags) {
            result += tagged.map { ProvidedKey(type: $0.type, name: $0.name, tag: tag, alias: $0.alias) }
        }
        return result
    }

    /// Calls `body` with each key of `provided`, in its order, without making the list where the registration has no
    /// tag (nearly every one): the provider index asks for every registration, and a list is an allocation.
    @inline(__always)  // Out of line, as the optimizer left it once fields were read by key path: B2 +1.4%.
    func forEachProvided(_ body: (ProvidedKey) -> Void) {
        guard self.tags.isEmpty, !self.isRemoved else {
            for key in provided { body(key) }
            return
        }
        // Read out of the shared fields once each: every read of them is an access the runtime checks.
        let (ownUnnamed, type, aliases) = (providesOwnTypeUnnamed, self.info.type, self.aliases)
        if ownUnnamed { body(ProvidedKey(type: type, name: nil, tag: nil, alias: nil)) }
        for (index, alias) in aliases.enumerated() {
            // Once, as `provided` lists it: a key an earlier one gave is skipped.
            let given =
                (ownUnnamed && alias.name == nil && alias.type == type)
                || aliases[..<index].contains { $0.type == alias.type && $0.name == alias.name }
            if given { continue }
            body(
                ProvidedKey(type: alias.type, name: alias.name, tag: nil, alias: alias.type == type ? nil : index))
        }
    }

    /// The name of the first key that provides `type` without a tag (`nil` when that key is unnamed): what the
    /// provider index listed the registration under among `type`'s providers.
    func name(providing type: any Any.Type) -> String? {
        provided.first { $0.tag == nil && $0.type == type }?.name
    }

    /// Every dependency, parameters first, as the snapshot shows them.
    var dependencies: [DIDependency] {
        parameters.enumerated().map { $0.element.dependency(at: .parameter($0.offset)) }
            + self.injections.flatMap { injection in
                injection.dependencies.map { $0.dependency(at: injection.position) }
            }
    }

    /// Sets the lifetime a builder call gave, with what its spelling proved: a graph lifetime proves nothing and
    /// keeps what the registration knew; `lifetime(_:on:)` holds only for an instance of the main actor's.
    ///
    /// An instance's registration refuses a lifetime whose cells outlive the container (perRun, single, a custom
    /// scope): they are keyed by the registration's line, so the next container registered on that line would
    /// hand out this container's instance instead of its own.
    mutating func setLifetime(_ lifetime: DILifeTime, sharing: DISharing) {
        if self.kind == .requestInput, lifetime != .perRequest {
            self.problems.append(
                "registerRequestInput(_:) with .lifetime(.\(lifetime)): each request scope gives its own value; "
                    + "remove the lifetime")
            return
        }
        if self.isInstance, lifetime == .perRequest {
            self.problems.append(
                "registerInstance(_:) with .lifetime(.perRequest), which would hand this one instance to every request "
                    + "and dispose it when the first ends; remove the lifetime: the container keeps its instance")
            return
        }
        if self.isInstance, lifetime.outlivesContainer {
            self.problems.append(
                "registerInstance(_:) with .lifetime(.\(lifetime)), which would hand this instance to every container "
                    + "registered on this line; remove the lifetime: the container keeps its instance")
            return
        }
        self.lifetime = lifetime
        self.lifetimeIsGiven = true
        switch sharing {
        case .unproven:
            return
        case .mainActor where self.kind != .mainActor && self.sharing != .mainActor:
            self.problems.append(
                "lifetime(.\(lifetime), on: MainActor.self) needs a @MainActor factory or an instance registered on the "
                    + "main actor")
        default:
            self.sharing = sharing
        }
    }

    /// Takes the lifetime of the registrations `.replacing()` removed, when its own line gave none and they agree on
    /// one: a launch-time override of a shared service stays shared, as Factory's `register` keeps the scope. What
    /// the replaced line proved about sharing is not this type's: a shared lifetime taken over is unproven, so a
    /// resolve throws `shared-not-sendable` naming the line to write it on, rather than hand out a new instance each
    /// time.
    mutating func keepLifetime(of replaced: [DILifeTime]) {
        guard !self.lifetimeIsGiven, let first = replaced.first, replaced.allSatisfy({ $0 == first }),
            first != self.lifetime
        else { return }
        self.lifetime = first
    }

    /// Whether an instance outlives the resolve that made it, and so is handed to several callers, maybe on
    /// several threads: what needs `sharing` to be proven. Nothing is shared of what the container never makes.
    var sharesBeyondResolve: Bool { self.lifetime.outlivesResolve && !self.madeElsewhere }

    /// Whether its instance is shared and belongs to the main actor, so that it is handed out there only: what every
    /// resolve checks, and what validation reads (through the snapshot), so that the two agree.
    var handsOutOnMainActorOnly: Bool { sharesBeyondResolve && self.sharing == .mainActor }

    /// Adds an injection before the completion steps, or a completion step last; a completion is deferred when
    /// any injection is, so that it still runs after all of them.
    mutating func add(_ injection: InjectionDescriptor) {
        fields.value.rareForChange.add(injection)
    }
}

extension Registration.RareFields {
    fileprivate mutating func add(_ injection: InjectionDescriptor) {
        problems += injection.dependencies.compactMap(\.unsupported)
        if injection.isCompletion {
            injections.append(injection)
        } else {
            injections.insert(injection, at: injections.firstIndex(where: \.isCompletion) ?? injections.endIndex)
        }
        guard injections.contains(where: { !$0.isCompletion && $0.cycle }) else { return }
        for index in injections.indices where injections[index].isCompletion { injections[index].cycle = true }
    }
}

/// One key a registration provides, and the alias it comes through (`nil` for its own type).
struct ProvidedKey {
    let type: any Any.Type
    let name: String?
    /// Set on the copies of its keys that `.tag(_:)` adds; such a key is the same provision again, so
    /// `[P]` and near misses skip it.
    let tag: (any Any.Type)?
    let alias: Int?
}

/// A type a component is also provided as, with `.as(_:name:)`.
@usableFromInline
struct Alias: Sendable {
    let type: any Any.Type
    let name: String?
    /// The registration site's conversion of one instance to the alias type.
    let convert: AliasThunk

    @usableFromInline
    init(type: any Any.Type, name: String?, convert: @escaping AliasThunk) {
        self.type = type
        self.name = name
        self.convert = convert
    }
}

/// Hands out registration identities.
enum RegistrationCounter {
    private static let counter = AtomicWord(0)

    static func next() -> Int { Int(truncatingIfNeeded: counter.increment()) }
}
