/// A component's dependencies bound to their providers: what the plan decided for it, replaced as a whole.
final class Binding: Sendable {
    /// The providers of the factory's parameters, then those of the injected properties in injection order: one
    /// list, so that a component with both allocates it once.
    let slots: ContiguousArray<ProvisionRef>
    /// Where the injected properties' providers start in `slots`.
    let injectionStart: Int
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
        var end = 0
        var slots = ContiguousArray<ProvisionRef>()
        slots.reserveCapacity(parameters.count + injections.count)
        for (provision, parameter) in zip(parameters, registration.parameters) {
            let offset = FactoryParameters.place(parameter.declaredType, after: &end)
            slots.append(ProvisionRef(provision, isObject: parameter.isObject, offset: Int32(offset)))
        }
        injectionStart = slots.count
        if !injections.isEmpty {
            for (provision, dependency) in zip(injections, registration.injections.lazy.flatMap(\.dependencies)) {
                slots.append(ProvisionRef(provision, isObject: dependency.isObject))
            }
        }
        self.slots = slots
        // The parameters' own list when nothing is injected (most components): joining copied it into a new one.
        slotOwners = injections.isEmpty ? parameters : parameters + injections
        self.constructionTargets = constructionTargets
        self.deferredTargets = deferredTargets
        self.onCycle = onCycle
        self.graphCapacity = graphCapacity
    }
}
