extension DIContainer {
    /// What a container changes as registrations come and go, kept under its `state` lock.
    struct State {
        /// The registrations, in registration order, which is the order of their identities; a removed one is
        /// taken out when the change that removed it ends (`compact`), so that memory follows what is registered
        /// now.
        var registrations: [Registration] = []
        /// How many registrations are marked removed and not yet taken out.
        var removedCount = 0
        var index = ProviderIndex()
        /// What the latest changes touched, in order: a child's plan catches up from here. The oldest are let go
        /// past `changeLogLimit`; a child that had not caught up with them drops all it bound.
        var changes: [RegistrationChange] = []
        /// How many changes were let go: from the front of `changes`, or at once before the first child.
        var changesLetGo = 0
        /// Whether a child was ever made of this container: until one is, no plan can need the log (a child's plan
        /// starts from the version it sees when it is made), so changes are let go at once.
        var hadChild = false
        /// How many changes children have been shown (the plan's `version` word): those whose plan drops are done.
        var published = 0
        /// How many registrations each site has made here, for the process-wide cells; 32 bits, as
        /// `DIComponentInfo` keeps the number (one entry per registration: 4 bytes less each).
        var runs: [RegistrationSite: UInt32] = [:]
        /// The perContainer cells, by registration and reference policy.
        var cells: [Int: InstanceCell] = [:]
        /// The modules installed here.
        var modules: Set<ObjectIdentifier> = []
        /// The registrations whose components use a process-wide cell, counted there as its users.
        var processWideUsers: [Int: DIComponentInfo] = [:]
        /// The hooks `decorate(_:)` added.
        var decorationHooks: [Decorators.Hook] = []
        /// Registrations made outside `update { }` whose builder chains are not published yet (`RegistrationChain`).
        var drafts: [Draft] = []
        /// The shutdown, once begun: a second call awaits the first's.
        var shutdown: Task<DIShutdownReport, Never>?
        /// Children that keep instances of their own, which a shutdown disposes first; a child that keeps none
        /// is not listed, and is closed through its ancestors.
        var children: [ObjectIdentifier: WeakReference] = [:]
        /// Whether this container is listed in its parent's `children`.
        var isListedByParent = false
        /// Lets one thread at a time install modules here (see `installationGate`); made by the first install, since
        /// most containers (a test's, a request's) install none.
        var installationGate: CreationGate?

        /// Where registration `id` is in `registrations`: a binary search of the identities, which saves every
        /// registration a hashed index of its own.
        func position(of id: Int) -> Int? {
            let position = insertionPoint(of: id)
            return position < registrations.count && registrations[position].id == id ? position : nil
        }

        /// Where a registration with identity `id` goes to keep `registrations` in order: at the end, unless
        /// another thread published a later one first.
        func insertionPoint(of id: Int) -> Int {
            if registrations.last.map({ $0.id < id }) ?? true { return registrations.count }
            var low = 0
            var high = registrations.count
            while low < high {
                let middle = (low + high) / 2
                if registrations[middle].id < id { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
