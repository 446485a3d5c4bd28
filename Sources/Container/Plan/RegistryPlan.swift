/// One container's registrations bound into plans: the immutable snapshot a resolve reads.
///
/// A plan is rebuilt after any registration change and published atomically; resolving then does no
/// searching: one table probe for the requested type, and slots already bound to their providers.
final class RegistryPlan: Sendable {
    let components: [BoundComponent]
    let unnamed: TypeTable
    let named: [NamedKey: RootEntry]
    /// Why the entries without a provision have none, by their `failure`.
    let failures: [DIError]
    /// Chooses providers, for requests the tables do not hold (`[P]`, `Lazy<P>`, near misses).
    let binder: PlanBinder
    /// The parent container's plan this one was bound against, to notice when the parent changes.
    let parentPlan: UInt?

    init(binder: PlanBinder, parentPlan: UInt?) {
        self.binder = binder
        self.components = binder.components
        self.parentPlan = parentPlan
        var unnamed: [(ObjectIdentifier, RootEntry)] = []
        var named: [NamedKey: RootEntry] = [:]
        var failures: [DIError] = []
        for (key, choice) in binder.rootEntries() {
            let entry: RootEntry
            switch choice {
            case .success(let found):
                entry = found
            case .failure(let error):
                entry = RootEntry(failure: failures.count)
                failures.append(error)
            }
            if let name = key.name {
                named[NamedKey(type: key.type, name: name)] = entry
            } else {
                unnamed.append((key.type, entry))
            }
        }
        self.unnamed = TypeTable(unnamed)
        self.named = named
        self.failures = failures
    }

    deinit {
        unnamed.deallocate()
    }

    /// The entry for a top-level request.
    func entry(for type: ObjectIdentifier, name: String?) -> RootEntry? {
        if let name { return namedEntry(for: type, name: name) }
        return unnamed.find(type)
    }

    /// Why `entry` has no provision.
    func failure(of entry: RootEntry) -> DIError {
        failures[entry.failure]
    }

    func namedEntry(for type: ObjectIdentifier, name: String) -> RootEntry? {
        named[NamedKey(type: type, name: name)]
    }
}
