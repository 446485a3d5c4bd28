/// An unretained reference to a provision that the binding or entry holding it keeps alive (see `Reclamation`).
///
/// Slots and lookup tables hold these instead of strong references: a resolve then calls a provision without
/// retaining and releasing it, which on a shared plan is an atomic write to memory every resolving thread reads.
/// The owner is the binding (`Binding.slotOwners`) or the component (`BoundComponent.provision`), both kept by
/// their plan until the container goes; a resolve runs while its caller holds the container.
@usableFromInline
struct ProvisionRef: @unchecked Sendable {  // Points into an immutable plan that outlives every resolve of it.
    let raw: Unmanaged<Provision>
    /// The component, where the provision is a component as its own type (most slots): called directly, without
    /// the provision's dynamic dispatch in between. The same owner keeps it alive (a binding holds the provisions of its slots; a component, its own).
    let component: Unmanaged<BoundComponent>?
    /// Whether the slot's declared type is a class: its instance is then handed over as a reference.
    @usableFromInline let isObject: Bool

    init(_ provision: Provision, isObject: Bool = false) {
        raw = .passUnretained(provision)
        component = (provision as? ComponentProvision)?.component
        self.isObject = isObject
    }

    func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        if let component {
            return try component.withGuaranteed { (component) throws(DIError) in
                try component.produce(into: target, &context)
            }
        }
        try raw.withGuaranteed { (provision) throws(DIError) in try provision.produce(into: target, &context) }
    }

    func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        if let component {
            return try component.withGuaranteed { (component) throws(DIError) in try component.object(&context) }
        }
        return try raw.withGuaranteed { (provision) throws(DIError) in try provision.object(&context) }
    }
}
