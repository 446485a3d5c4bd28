/// A registration as one container's plan binds it: its slots point at the providers chosen for it.
///
/// Fields marked "set while building" are written only by the plan builder, before the plan is published with
/// a release store; resolves read them after an acquire load, so they are never written and read at once.
@usableFromInline
final class BoundComponent: @unchecked Sendable {
    @usableFromInline let index: Int
    let registration: Registration
    /// 0 for the container that owns the plan, 1 for its parent, and so on.
    let level: Int
    @usableFromInline let step: DIResolutionStep
    @usableFromInline let isClass: Bool
    @usableFromInline let lifetime: DILifeTime
    /// The types of the runtime arguments the factory takes, in order.
    @usableFromInline let argumentTypes: [ObjectIdentifier]

    /// The providers of the factory's parameters; the elements are set while building.
    @usableFromInline let slots: UnsafeMutableBufferPointer<ProvisionRef>
    /// The providers of the injected properties, in injection order; the elements are set while building.
    @usableFromInline let injectionSlots: UnsafeMutableBufferPointer<ProvisionRef>
    /// Set while building: keeps the provisions the slots point to alive.
    private var slotOwners: [AnyProvision] = []
    /// Set while building: the component's own provision.
    @usableFromInline var provision: AnyProvision!
    /// Set while building: where a perContainer, perRun or single instance lives.
    @usableFromInline var cell: InstanceCell?
    /// Set while building: the gate of a custom scope for this registration.
    @usableFromInline var scopeGate: CreationGate?
    /// Set while building: components this one builds while it is being built (for the object-graph size).
    var constructionEdges: [Int] = []
    /// Set while building: the size of its cycle if the component is on one that runs during construction.
    @usableFromInline var cycleSize = 0
    /// Set while building: whether instances are shared with the rest of the resolve that made them.
    @usableFromInline var keepsInGraph = false
    /// Set while building: how many instances a resolve rooted here may share (see `GraphCapacity`).
    @usableFromInline var graphCapacity = 0

    init(index: Int, registration: Registration, level: Int) {
        self.index = index
        self.registration = registration
        self.level = level
        self.isClass = registration.isClass
        self.lifetime = registration.lifetime
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

    @usableFromInline var info: DIComponentInfo { registration.info }

    func bind(slots parameterSlots: [AnyProvision], injections injectionSlots: [AnyProvision]) {
        precondition(
            slotOwners.isEmpty && parameterSlots.count == slots.count && injectionSlots.count == self.injectionSlots.count)
        _ = slots.initialize(from: parameterSlots.map(ProvisionRef.init))
        _ = self.injectionSlots.initialize(from: injectionSlots.map(ProvisionRef.init))
        slotOwners = parameterSlots + injectionSlots
    }

    /// The injectors of the registration, typed for the component's own type, with their slot positions.
    @usableFromInline
    func injectors<Owner>(as _: Owner.Type) -> [(injector: Injector<Owner>, slot: Int, cycle: Bool)] {
        registration.injections.enumerated().map {
            (unsafeDowncast($0.element.injector, to: Injector<Owner>.self), $0.offset, $0.element.cycle)
        }
    }
}
