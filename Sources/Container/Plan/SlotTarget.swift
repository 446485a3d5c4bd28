/// What a dependency slot was bound to when the plan was built.
enum SlotTarget {
    /// One provider of the looked-up type.
    case one(Provision, BoundComponent)
    /// Nothing provides it (fine for an Optional).
    case absent(DIError)
    /// Every provider, in registration order (for `[P]`).
    case many([Provision])
    /// The binding is broken; resolving the slot throws this.
    case failure(DIError)
    /// The runtime argument at this position.
    case argument(Int)
    /// A nested shape's provision with no single component (`[P]` in `Lazy<[P]>`, `P?` in `Lazy<P?>`), for a
    /// `Lazy` or `Provider` around it, and the plan that bound it, whose container the accessor resolves from.
    case deferred(Provision, binder: RegistryPlan)
}
