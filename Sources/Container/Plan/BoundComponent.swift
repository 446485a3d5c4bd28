/// One registration as one container's plan resolves it: what the registration says (factory, lifetime, cell),
/// and its current `Binding` to the providers of its dependencies.
///
/// A component is made for a registration the first time the plan needs it and stays the same object until the
/// registration changes, so that slots, entries and `Lazy` values may point at it and at its provisions. Its
/// binding is made lazily and dropped when a registration it asked about changes. The plan owns its components
/// and each component its binding; what a change drops is retired (see `Reclamation`), so a resolve reads them
/// without retaining them.
final class BoundComponent: @unchecked Sendable {  // Immutable but for `bindingWord`, an atomic word.
    /// Unique in the process (see `nextIndex`): what a resolve's shared instances are keyed by.
    let index: Int
    let registration: Registration
    /// 0 for the container that owns the plan, 1 for its parent, and so on.
    let level: Int
    let step: DIResolutionStep
    let layout: InstanceLayout
    let lifetime: DILifeTime
    let factory: FactoryThunk
    /// The injected properties, in injection order.
    let injections: [InjectionDescriptor]
    /// The types of the runtime arguments the factory takes, in order.
    let argumentTypes: [ObjectIdentifier]
    /// What the lifetime does on a request.
    let rule: LifetimeRule
    /// Where a perContainer, perRun or single instance lives.
    let cell: InstanceCell?
    /// The gate of a custom scope for this registration.
    let scopeGate: CreationGate?
    /// Whether instances are shared with the rest of the resolve that made them: objectGraph members, and
    /// cached components whose property injection may lead back to them before they are published.
    let keepsInGraph: Bool
    /// The plan that made this component; it owns it, and a resolve that reads it holds the plan's container.
    unowned(unsafe) let plan: RegistryPlan
    /// The component as its own type, and through each alias (`nil` where the alias is the component's own type).
    private(set) var provision: Provision!
    private(set) var aliasProvisions: [Provision?] = []
    /// The current `Binding`, or 0 until the plan binds the component (again).
    let bindingWord = AtomicWord(0)
    /// The binding `bindingWord` points to, owned here (under the plan's lock).
    private var ownedBinding: Binding?
    /// The types the plan lists it under in `dependents`, so that it can be taken off when it goes (under the
    /// plan's lock).
    var askedTypes: Set<ObjectIdentifier> = []

    /// A number no other component in the process has. A resolve keeps the instances it shares under their
    /// components' numbers, and one resolve builds components of several plans (an ancestor's process-wide ones
    /// beside its child's): numbers per plan would let two of them meet under one number, and one be read as the
    /// other.
    static func nextIndex() -> Int {
        Int(truncatingIfNeeded: indices.increment())
    }

    private static let indices = AtomicWord(0)

    init(index: Int, registration: Registration, level: Int, cell: InstanceCell?, plan: RegistryPlan) {
        self.index = index
        self.registration = registration
        self.level = level
        self.layout = registration.layout
        self.lifetime = registration.lifetime
        self.factory = registration.factory
        self.injections = registration.injections
        self.argumentTypes = registration.argumentTypes.map { ObjectIdentifier($0) }
        self.step = DIResolutionStep(
            requested: DIRequest(type: registration.info.type),
            component: registration.info, lifetime: registration.lifetime)
        self.cell = cell
        self.scopeGate = if case .custom(let scope) = registration.lifetime { scope.gate(for: registration.info) } else { nil }
        self.keepsInGraph =
            registration.lifetime == .objectGraph || (registration.lifetime.isCaching && !registration.injections.isEmpty)
        self.rule = Self.rule(for: registration, cell: cell)
        self.plan = plan
        if let problem = registration.problems.first {
            // It builds nothing: every request of it, and every dependency on it, gets the error.
            let failing = FailingProvision(DIError(.invalidRegistration(registration.info, problem: problem)))
            self.provision = failing
            self.aliasProvisions = registration.aliases.map { _ in failing }
            return
        }
        self.provision = ComponentProvision(self)
        self.aliasProvisions = registration.aliases.map { alias in
            alias.type == registration.info.type ? nil : AliasProvision(self, alias: alias)
        }
    }

    /// What the lifetime does on a request. Nothing holds a value type weakly: a weak lifetime of one builds it
    /// every time.
    private static func rule(for registration: Registration, cell: InstanceCell?) -> LifetimeRule {
        switch registration.lifetime {
        case .prototype: .everyTime
        case .objectGraph: .sharedInGraph
        case .perContainer, .perRun, .single: cell!.policy == .weak && !registration.holdsObject ? .everyTime : .cached
        case .custom(let scope): scope.policy == .weak && !registration.holdsObject ? .everyTime : .scoped
        }
    }

    var info: DIComponentInfo { registration.info }
    var isClass: Bool { layout.isClass }
    /// The scope of a custom lifetime.
    var scope: DIScope? {
        if case .custom(let scope) = lifetime { scope } else { nil }
    }

    /// The current binding, made now if the component has none.
    @inline(__always)
    var binding: Unmanaged<Binding> {
        if let bound = AtomicWord.reference(bindingWord.load(), as: Binding.self) { return bound }
        return plan.bind(self)
    }

    /// Publishes `binding` as the current one (under the plan's lock).
    func own(_ binding: Binding) {
        ownedBinding = binding
        bindingWord.store(AtomicWord.word(Unmanaged.passUnretained(binding)))
    }

    /// Unpublishes the current binding and hands it over, for the plan to retire (under the plan's lock).
    func detachBinding() -> Binding? {
        bindingWord.store(0)
        defer { ownedBinding = nil }
        return ownedBinding
    }

    /// How many instances a resolve rooted here may share, as its current binding estimates it.
    var graphCapacity: Int {
        binding._withUnsafeGuaranteedRef { $0.graphCapacity }
    }

    /// The provision of this component as its own type (`alias == nil`) or through alias `alias`.
    func provision(alias: Int?) -> Provision {
        alias.flatMap { aliasProvisions[$0] } ?? provision
    }
}

/// A component's dependencies bound to their providers: what the plan decided for it, replaced as a whole.
final class Binding: @unchecked Sendable {  // Immutable once published.
    /// The providers of the factory's parameters.
    let slots: UnsafeMutableBufferPointer<ProvisionRef>
    /// The providers of the injected properties, in injection order.
    let injectionSlots: UnsafeMutableBufferPointer<ProvisionRef>
    /// Keeps the provisions the slots point to alive.
    private let slotOwners: [Provision]
    /// Whether the component is on a cycle that runs during construction, so that building it again in the same
    /// resolve is an error.
    let onCycle: Bool
    /// How many instances a resolve rooted here may share (see `GraphCapacity`).
    let graphCapacity: Int
    /// The components it builds while it is built, for the cycles and capacities of later bindings.
    let constructionTargets: [BoundComponent]
    /// The components its deferred injections build at the end of the resolve, for awaiting resolves, which make
    /// the async ones among them first.
    let deferredTargets: [BoundComponent]

    init(
        parameters: [Provision], injections: [Provision], of registration: Registration,
        constructionTargets: [BoundComponent], deferredTargets: [BoundComponent], onCycle: Bool, graphCapacity: Int
    ) {
        slots = .allocate(capacity: parameters.count)
        _ = slots.initialize(
            from: zip(parameters, registration.parameters).map { ProvisionRef($0, isObject: $1.isObject) })
        injectionSlots = .allocate(capacity: injections.count)
        _ = injectionSlots.initialize(
            from: zip(injections, registration.injections.flatMap(\.dependencies)).map {
                ProvisionRef($0, isObject: $1.isObject)
            })
        slotOwners = parameters + injections
        self.constructionTargets = constructionTargets
        self.deferredTargets = deferredTargets
        self.onCycle = onCycle
        self.graphCapacity = graphCapacity
    }

    deinit {
        slots.deallocate()
        injectionSlots.deallocate()
    }
}
