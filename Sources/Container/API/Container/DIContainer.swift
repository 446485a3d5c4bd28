/// A dependency-injection container: register components, then resolve them with their dependencies.
///
/// ```swift
/// let container = DIContainer()
/// container.register(Cat.init).lifetime(.perContainer(.strong)).as(Animal.self)
/// let cat: Cat = container.resolve()
/// ```
/// Registering and resolving are safe from any thread. A resolve reads the container's plan without a lock; only
/// the instance being created is locked while its factory runs, and the plan while it binds what it has not
/// bound yet.
public final class DIContainer: Sendable {
    /// The container whose registrations this one sees when it has none of its own for a request.
    public let parent: DIContainer?
    /// How this container resolves: bound lazily, kept up to date in place, as long as the container lives.
    let plan: RegistryPlan
    /// Names the container to the shutdowns that wait for its resolves; never reused, unlike its address, so that a
    /// thread may keep its last resolve's owners announced (`Reclamation.pinnedResolving(for:)`).
    let serial: UInt
    private static let serials = AtomicWord(1)
    /// Where this container's own `perRun` and `single` registrations keep their instances (`nil`: the
    /// process's), taken once when it is made so that resolving never reads the task-local.
    let processWideNamespace: DIProcessWideNamespace?
    /// The registry: registrations, their index, cells and change log (see `State`), changed under this lock. Taken
    /// only by the registry's own files (Container/), module installation, the `decorate` hooks and the shutdown's
    /// closing (Disposal/DIContainer+Closing.swift), and never held while user code runs.
    let state = Locked(State())

    /// Makes an empty container; with a `parent`, requests it cannot serve go to the parent, and its own
    /// registrations override the parent's (for tests and per-feature overrides). Made in a test sandbox
    /// (TetherTesting), it keeps its own `perRun` and `single` instances there.
    public init(parent: DIContainer? = nil) {
        self.parent = parent
        serial = Self.serials.increment()
        self.processWideNamespace = DIProcessWideNamespace.current
        // Before the plan reads the parent's version, so that every change after that is logged for it (see
        // `record` for one that let its record go meanwhile).
        parent?.state.withLock { $0.hadChild = true }
        self.plan = RegistryPlan(ancestors: Array(sequence(first: parent, next: { $0?.parent }).compactMap { $0 }))
        plan.owner = self
    }

    deinit {
        if let parent, state.withLock({ $0.isListedByParent }) {
            let id = ObjectIdentifier(self)
            parent.state.withLock { _ = $0.children.removeValue(forKey: id) }
        }
        // Its process-wide instances stay, one per run of the process, but its registrations no longer count as
        // their users: a later removal of the same site by another container releases them.
        let users = state.withLock { $0.processWideUsers }
        if !users.isEmpty { ProcessWideCells.forget(users.map { ($0.key, $0.value) }, in: processWideNamespace) }
    }

    /// Runs `changes` and publishes the registrations it makes in this container, with their builder calls and
    /// the registrations they replace, as one change when it returns: a resolve on another thread sees the
    /// container as it was before or as it is after, never in between.
    ///
    /// ```swift
    /// container.update { container in
    ///     container.register(StubPayments.init).replacing().as((any Payments).self).tag(Primary.self)
    ///     container.register(StubClock.init).replacing().as((any Clock).self)
    /// }
    /// ```
    /// Without it, each builder chain is published whole when it ends (see `RegistrationChain`), but not together
    /// with the others. Resolves inside `changes` see the container as it was. `unregister` and drops take effect
    /// at once; a module installed inside is published with the rest.
    public func update<Failure: Error>(_ changes: (DIContainer) throws(Failure) -> Void) throws(Failure) {
        try RegistrationBatch.collecting(into: self) { () throws(Failure) in try changes(self) }
    }
}
