extension DIContainer {
    /// The registration with identity `id`, as it is now.
    func registration(_ id: Int) -> Registration? {
        state.withLock { state in state.position(of: id).map { state.registrations[$0] } }
    }

    /// The registrations providing `key` here, in registration order, each as it is now: read together, so that
    /// a removal on another thread cannot come between the choice and what is made of it.
    func providers(of key: ProviderKey) -> [(entry: ProviderIndex.Entry, registration: Registration)] {
        state.withLock { state in
            state.index.providers(of: key).map { ($0, state.registrations[state.position(of: $0.registration)!]) }
        }
    }

    /// How many registrations provide `key` here, and the registration as it is now when one does.
    func providing(_ key: ProviderKey) -> Providing<(entry: ProviderIndex.Entry, registration: Registration)> {
        state.withLock { state in
            switch state.index.providing(key) {
            case .none: .none
            case .several: .several
            case .one(let entry): .one((entry, state.registrations[state.position(of: entry.registration)!]))
            }
        }
    }

    /// The registrations providing `type` here under any name, in registration order, each as it is now.
    func providers(ofType type: ObjectIdentifier) -> [(entry: ProviderIndex.Entry, registration: Registration)] {
        state.withLock { state in
            state.index.providers(ofType: type).map { ($0, state.registrations[state.position(of: $0.registration)!]) }
        }
    }

    /// What changed after the first `seen` changes, and how many changes there are now; `nil` types and
    /// registrations when some of those changes were let go (everything may have changed).
    func changes(after seen: Int) -> (
        types: Set<ObjectIdentifier>, registrations: [Int], names: [NamedKey], count: Int
    )? {
        state.withLock { state in
            // The second: a change let go at once and not yet published (a child made meanwhile drops all).
            guard seen >= state.changesLetGo, state.published >= state.changesLetGo else { return nil }
            // Up to what children have been shown: the plan has dropped what those changes touched.
            let end = state.published - state.changesLetGo
            let recent = state.changes[min(seen - state.changesLetGo, end)..<end]
            return (Set(recent.flatMap(\.types)), recent.map(\.registration), recent.flatMap(\.names), state.published)
        }
    }

    /// How many changes children have been shown.
    var changeCount: Int {
        state.withLock { $0.published }
    }

    /// Takes out this container's cells of ancestors' registrations (`ids`, or all when `nil`) that are gone from
    /// `ancestors` or no longer keep an instance per container with the cell's policy, for the caller to retire:
    /// a child's instance of a parent's registration goes with the registration, as the parent's own does.
    func takeCells(ofAncestorRegistrations ids: [Int]?, in ancestors: [DIContainer]) -> [InstanceCell] {
        // Under this container's state lock, then each ancestor's: no lock of an ancestor is ever held while a
        // child's is taken.
        state.withLock { state in
            var taken: [InstanceCell] = []
            for key in Array(state.cells.keys) {
                let id = key / 2
                guard state.position(of: id) == nil, ids?.contains(id) ?? true else { continue }
                let current = ancestors.lazy.compactMap { $0.registration(id) }.first
                let wanted: DIReferencePolicy? =
                    if case .perContainer(let policy)? = current?.lifetime { policy } else { nil }
                if wanted != (key % 2 == 1 ? .weak : .strong) { taken.append(state.cells.removeValue(forKey: key)!) }
            }
            return taken
        }
    }

    /// This container's cell for a `perContainer` registration, made on first use.
    func perContainerCell(for registration: Registration) -> InstanceCell {
        let policy: DIReferencePolicy =
            if case .perContainer(let policy) = registration.lifetime { policy } else { .strong }
        // Per policy too: a registration changed from strong to weak must stop holding its instance.
        let key = 2 * registration.id + (policy == .weak ? 1 : 0)
        let (cell, isNew) = state.withLock { state -> (InstanceCell, Bool) in
            if let cell = state.cells[key] { return (cell, false) }
            let cell = InstanceCell(policy: policy)
            state.cells[key] = cell
            return (cell, true)
        }
        if isNew { listInParent() }
        return cell
    }

    /// Lists this container in its parent's `children`, and the parent in its own, up to the root, so that a
    /// shutdown reaches every container below it that keeps instances, through ancestors that keep none. Each
    /// container's lock is taken alone.
    private func listInParent() {
        guard let parent else { return }
        let isNew = state.withLock { state -> Bool in
            defer { state.isListedByParent = true }
            return !state.isListedByParent
        }
        guard isNew else { return }
        parent.state.withLock { $0.children[ObjectIdentifier(self)] = WeakReference(self) }
        parent.listInParent()
    }
}
