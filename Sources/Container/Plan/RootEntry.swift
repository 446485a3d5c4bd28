/// What a top-level request for one type (and name) finds: the provision to run, or why there is none.
///
/// A plain value of unretained references into the plan that holds it, so that reading one costs no reference
/// counting.
struct RootEntry: @unchecked Sendable {  // Points into an immutable plan that outlives every resolve of it.
    /// `nil` when the request is ambiguous; `failure` then says why.
    let provision: ProvisionRef?
    let component: Unmanaged<BoundComponent>?
    /// The size of the resolve's buffer of shared instances (see `GraphCapacity`).
    let graphCapacity: Int
    /// Whether the factory takes runtime arguments, which a request without them cannot give.
    let takesArguments: Bool
    /// The position of the error in the plan's `failures`, when `provision` is `nil`.
    let failure: Int
    /// The strong cell of a cached class instance provided as its own type, so that a request for an existing
    /// instance reads it without running the provision.
    let cell: Unmanaged<InstanceCell>?
    /// A provision and no runtime arguments expected: a request without arguments runs it as it is.
    let isReady: Bool

    init(provision: Provision, component: BoundComponent, asOwnType: Bool) {
        self.provision = ProvisionRef(provision)
        self.component = .passUnretained(component)
        self.cell = component.cell.flatMap {
            asOwnType && component.isClass && $0.policy == .strong ? .passUnretained($0) : nil
        }
        self.graphCapacity = component.graphCapacity
        self.takesArguments = !component.argumentTypes.isEmpty
        self.isReady = !takesArguments
        self.failure = -1
    }

    init(failure: Int) {
        self.provision = nil
        self.component = nil
        self.graphCapacity = 0
        self.takesArguments = false
        self.failure = failure
        self.cell = nil
        self.isReady = false
    }
}

/// A named request's key.
struct NamedKey: Hashable {
    let type: ObjectIdentifier
    let name: String
}
