/// What a top-level request for one type (and name) finds: the provision to run, or why there is none.
///
/// Immutable; the plan replaces an entry rather than change it, and retires the one it replaces (see
/// `Reclamation`), so that a pinned resolve reads one without retaining it. It owns what it links to: read through an
/// entry that is borrowed, they take no count (Benchmarks/README.md, "eleventh part" and "twelfth part").
final class RootEntry: Sendable {
    /// `nil` when the request cannot be served; `failure` then says why.
    let provision: ProvisionSlot?
    let component: BoundComponent?
    /// The size of the resolve's buffer of shared instances (see `GraphCapacity`), as estimated when made.
    let graphCapacity: Int
    /// Whether the factory takes runtime arguments, which a request without them cannot give.
    let takesArguments: Bool
    /// Why `provision` is `nil`.
    let failure: DIError?
    /// The strong cell of a cached class instance provided as its own type, so that a request for an existing
    /// instance reads it without running the provision.
    let cell: InstanceCell?
    /// A provision and no runtime arguments expected: a request without arguments runs it as it is.
    let isReady: Bool
    /// For a request shape, the components it builds, each checked against the request's runtime arguments.
    let builds: [BoundComponent]
    /// The request of a named entry, which a reader of the plan's table checks: it keys a named request by a hash.
    let named: NamedKey?

    /// An entry for a component, as its own type when `asOwnType`, through `provision` otherwise.
    init(provision: Provision, component: BoundComponent, asOwnType: Bool, graphCapacity: Int, named: NamedKey?) {
        self.named = named
        self.provision = ProvisionSlot(provision)
        self.component = component
        // Not for an instance of the main actor's: the check that keeps it there is its provision's, which the
        // table's shortcut to the cell would skip.
        if let cell = component.cell, asOwnType, component.isClass, cell.policy == .strong,
            !component.handsOutOnMainActorOnly
        {
            self.cell = cell
        } else {
            self.cell = nil
        }
        self.graphCapacity = graphCapacity
        self.takesArguments = !component.argumentTypes.isEmpty
        self.isReady = !takesArguments
        self.builds = []
        self.failure = nil
    }

    /// An entry for a request shape (`P?`, `[P]`, `Lazy<P>`, ...) with no single root component; `builds` are the
    /// components it builds, whose runtime arguments (if any) the request passes on.
    init(shape provision: Provision, builds: [BoundComponent], graphCapacity: Int, named: NamedKey?) {
        self.named = named
        self.provision = ProvisionSlot(provision)
        self.component = nil
        self.cell = nil
        self.graphCapacity = graphCapacity
        self.builds = builds
        self.takesArguments = builds.contains { !$0.argumentTypes.isEmpty }
        self.isReady = !takesArguments
        self.failure = nil
    }

    init(failure: DIError, named: NamedKey?) {
        self.named = named
        self.provision = nil
        self.component = nil
        self.graphCapacity = 0
        self.takesArguments = false
        self.builds = []
        self.failure = failure
        self.cell = nil
        self.isReady = false
    }
}

extension RootEntry {
    /// Runs `body` with the entry's provision, lent where the entry keeps it; throws `failure` where there is none.
    @inline(__always)
    func withProvision<Result>(
        _ body: (borrowing ProvisionSlot) throws(DIError) -> Result
    ) throws(DIError) -> Result {
        switch provision {
        case .some(let provision): return try body(provision)
        case .none: throw failure!
        }
    }
}

/// A named request's key.
struct NamedKey: Hashable {
    let type: ObjectIdentifier
    let name: String
}
