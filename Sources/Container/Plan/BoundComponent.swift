/// A registration as one container's plan binds it: its slots point at the providers chosen for it.
///
/// Fields marked "set while building" are written only by the plan builder, before the plan is published with
/// a release store; resolves read them after an acquire load, so they are never written and read at once.
final class BoundComponent: @unchecked Sendable {
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

    /// The providers of the factory's parameters; the elements are set while building.
    let slots: UnsafeMutableBufferPointer<ProvisionRef>
    /// The providers of the injected properties, in injection order; the elements are set while building.
    let injectionSlots: UnsafeMutableBufferPointer<ProvisionRef>
    /// Set while building: keeps the provisions the slots point to alive.
    private var slotOwners: [Provision] = []
    /// Set while building: the component's own provision.
    var provision: Provision!
    /// Set while building: what the lifetime does on a request.
    var rule = LifetimeRule.everyTime
    /// Set while building: where a perContainer, perRun or single instance lives.
    var cell: InstanceCell?
    /// Set while building: the gate of a custom scope for this registration.
    var scopeGate: CreationGate?
    /// Set while building: components this one builds while it is being built (for the object-graph size).
    var constructionEdges: [Int] = []
    /// Set while building: whether the component is on a cycle that runs during construction, so that building
    /// it again in the same resolve is an error.
    var onCycle = false
    /// Set while building: whether instances are shared with the rest of the resolve that made them.
    var keepsInGraph = false
    /// Set while building: how many instances a resolve rooted here may share (see `GraphCapacity`).
    var graphCapacity = 0

    init(index: Int, registration: Registration, level: Int) {
        self.index = index
        self.registration = registration
        self.level = level
        self.layout = registration.layout
        self.lifetime = registration.lifetime
        self.factory = registration.factory
        self.injections = registration.injections
        self.argumentTypes = registration.argumentTypes.map { ObjectIdentifier($0) }
        self.slots = .allocate(capacity: registration.parameters.count)
        self.injectionSlots = .allocate(capacity: registration.injections.count)
        self.step = DIResolutionStep(
            requested: DIRequest(type: registration.info.type),
            component: registration.info, lifetime: registration.lifetime)
    }

    deinit {
        slots.deallocate()
        injectionSlots.deallocate()
    }

    var info: DIComponentInfo { registration.info }
    var isClass: Bool { layout.isClass }
    /// The scope of a custom lifetime.
    var scope: DIScope? {
        if case .custom(let scope) = lifetime { scope } else { nil }
    }

    func bind(slots parameterSlots: [Provision], injections injectionSlots: [Provision]) {
        precondition(
            slotOwners.isEmpty && parameterSlots.count == slots.count && injectionSlots.count == self.injectionSlots.count)
        _ = slots.initialize(
            from: zip(parameterSlots, registration.parameters).map { ProvisionRef($0, isObject: $1.isObject) })
        _ = self.injectionSlots.initialize(
            from: zip(injectionSlots, registration.injections).map {
                ProvisionRef($0, isObject: $1.dependency.isObject)
            })
        slotOwners = parameterSlots + injectionSlots
    }
}
