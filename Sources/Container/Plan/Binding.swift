/// A component's dependencies bound to their providers: what the plan decided for it, replaced as a whole.
@usableFromInline
final class Binding: Sendable {
    /// The providers of the factory's parameters, then those of the injected properties in injection order: one
    /// list, so that a component with both allocates it once. It owns them.
    let slots: InPlaceList<ProvisionSlot>
    /// Where the injected properties' providers start in `slots`.
    let injectionStart: Int
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
        var slots = InPlaceList<ProvisionSlot>(capacity: parameters.count + injections.count)
        // Plain loops over indices: `zip` and a lazy `flatMap` here were left unspecialised by one build's inlining
        // choices, whose generic iterators cost a late registration 1% (L1).
        for index in parameters.indices {
            let parameter = registration.parameter(at: index)
            let offset = FactoryParameters.place(parameter.declaredType, after: &end)
            slots.append(ProvisionSlot(parameters[index], isObject: parameter.isObject, offset: Int32(offset)))
        }
        injectionStart = slots.count
        for injection in registration.injections {
            for dependency in injection.dependencies {
                slots.append(ProvisionSlot(injections[slots.count - injectionStart], isObject: dependency.isObject))
            }
        }
        self.slots = slots
        self.constructionTargets = constructionTargets
        self.deferredTargets = deferredTargets
        self.onCycle = onCycle
        self.graphCapacity = graphCapacity
    }
}
