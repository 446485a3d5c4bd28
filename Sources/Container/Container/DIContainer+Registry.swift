extension DIContainer {
    /// Adds a registration: inside `update(_:)` or a module's installation it is held back and published with the
    /// rest when that ends; otherwise it is a draft until its builder chain ends. Returns the chain its builder holds.
    func add(_ registration: consuming Registration) -> RegistrationChain {
        let id = registration.id
        if let batch = RegistrationBatch.current(for: self) {
            batch.add(registration)
            return RegistrationChain(container: self, id: id, isDraft: false)
        }
        // A thread registering without end (replacing a stub over and over) publishes what it made before, in
        // changes of a bounded size, rather than leave them all to one read.
        if plan.draftCount >= Self.draftLimit { publishDrafts() }
        let draft = Draft(registration: registration, thread: CurrentThread.id)
        state.withLock { state in
            state.drafts.append(draft)
            plan.setDraftCount(UInt(state.drafts.count))
        }
        return RegistrationChain(container: self, id: id, isDraft: true)
    }

    /// How many drafts a container holds before the registering thread publishes them: enough that registering
    /// an app's components at launch takes a few changes, not one each.
    static let draftLimit = 64

    /// Marks the draft `id`, if it is still one, as complete: the next read publishes it. Logged here, with the
    /// lifetime its chain gave it.
    func endChain(of id: Int) {
        let logged = state.withLock { state -> String? in
            guard let index = state.drafts.lastIndex(where: { $0.registration.id == id }) else { return nil }
            state.drafts[index].isOpen = false
            return DILogger.isEnabled(.verbose) ? Self.registeredMessage(state.drafts[index].registration) : nil
        }
        // After the lock: a log handler may resolve.
        if let logged { DILogger.log(.verbose, logged) }
    }

    /// Publishes, as one change, the drafts this thread may see: those whose chains ended, and its own. Every read
    /// of the registry runs it first, for this container and its ancestors.
    func publishDrafts() {
        publishOwnDrafts()
        for ancestor in plan.ancestors { ancestor.publishOwnDrafts() }
    }

    private func publishOwnDrafts() {
        guard plan.draftCount != 0 else { return }
        let reader = CurrentThread.id
        // Looked at first: another thread's open chain stays a draft, and needs no change.
        guard state.withLock({ $0.drafts.contains { $0.isPublished(by: reader) } }) else { return }
        // Logged when their chains ended, not again.
        changing { state, effects in
            var published: [Registration] = []
            state.drafts.removeAll { draft in
                guard draft.isPublished(by: reader) else { return false }
                published.append(draft.registration)
                return true
            }
            plan.setDraftCount(UInt(state.drafts.count))
            for registration in published { insert(registration, into: &state, &effects) }
        }
    }

    /// Applies a builder call to registration `id` if it is a draft; `false` when it is not.
    private func modifyDraft(_ id: Int, _ change: (inout Registration) -> Void) -> Bool {
        guard plan.draftCount != 0 else { return false }
        return state.withLock { state in
            guard let index = state.drafts.lastIndex(where: { $0.registration.id == id }) else { return false }
            change(&state.drafts[index].registration)
            return true
        }
    }

    /// Publishes `registrations` as one change: a resolve on another thread sees all of them, with every builder
    /// call made on them so far and the registrations they replace removed, or none of them.
    func publish(_ registrations: [Registration]) {
        guard !registrations.isEmpty else { return }
        // What this thread registered before is earlier: what these replace must be there to be replaced.
        publishDrafts()
        changing { state, effects in
            for registration in registrations { insert(registration, into: &state, &effects) }
        }
        if DILogger.isEnabled(.verbose) {
            for registration in registrations { DILogger.log(.verbose, Self.registeredMessage(registration)) }
        }
    }

    /// The verbose log line of a registration: its type, its lifetime as registered so far and its site.
    private static func registeredMessage(_ registration: Registration) -> String {
        "registered \(typeName(registration.info.type)) (\(registration.lifetime)) at \(registration.info.site)"
    }

    /// Adds `registration` to the state, its index and its change log (under the plan's lock).
    private func insert(
        _ registration: consuming Registration, into state: inout State, _ effects: inout ChangeEffects
    ) {
        let id = registration.id
        let position = state.insertionPoint(of: id)
        // One look-up of the site gives this run's number and counts the next.
        let run = Self.takeNumber(&state.runs[RegistrationSite(registration.info), default: 0])
        if run != 0 { registration.info = registration.info.run(Int(run)) }
        // Indexed before it is moved into the state: reading the stored one while `state` changes would copy it.
        let types = state.index.update(replacing: nil, with: registration)
        let names = RegistrationChange.names(of: registration)
        let replacesEarlier = registration.replacesEarlier
        state.registrations.insert(registration, at: position)
        effects.inserted.append(id)
        effects.note(RegistrationChange(types: types, registration: id, names: names), in: &state)
        if replacesEarlier { replaceEarlier(than: position, in: &state, &effects) }
    }

    /// What a change did besides changing the state: the registrations it changed, for the plan and the children,
    /// and what it took out, to release once every lock is released.
    struct ChangeEffects {
        /// The first change; most make one, which is kept without an array.
        var first: RegistrationChange?
        var more: [RegistrationChange] = []
        /// perContainer cells of removed registrations, and of registrations whose lifetime changed.
        var dropped: [InstanceCell] = []
        /// Registrations that no longer use their process-wide cell.
        var released: [(id: Int, info: DIComponentInfo)] = []
        /// The registrations this change added, in the order it added them.
        var inserted: [Int] = []

        /// Records `change` in the state's log, for this change's plan and children.
        mutating func note(_ change: RegistrationChange, in state: inout State) {
            DIContainer.record(change, in: &state)
            if first == nil { first = change } else { more.append(change) }
        }
    }

    /// Makes one change under the plan's lock, so that changes of this container happen one at a time and no
    /// binding of this plan sees the new state beside bindings of the old: `body` changes the state; the
    /// process-wide cells the change leaves unused leave their table (so that a component made afterwards gets a
    /// new cell, not the one being released); the plan drops what the change touched; children are shown the new
    /// version, so that one that sees it finds nothing of the old registrations left here to bind to. The
    /// instances go after every lock: their deinits may resolve or register.
    @discardableResult
    private func changing<Result>(_ body: (inout State, inout ChangeEffects) -> Result) -> Result {
        var effects = ChangeEffects()
        var unused: [InstanceCell] = []
        let (result, aftermath) = plan.change { () -> (Result, RegistrationChange?, [RegistrationChange]) in
            let result = state.withLock { state in
                defer { Self.compact(&state) }
                return body(&state, &effects)
            }
            if !effects.released.isEmpty {
                unused = ProcessWideCells.unlink(effects.released, in: processWideNamespace)
            }
            return (result, effects.first, effects.more)
        } publish: {
            state.withLock { state in
                state.published = state.changesLetGo + state.changes.count
                plan.setVersion(UInt(state.published))
                for (id, _) in effects.released { state.processWideUsers[id] = nil }
            }
        }
        for cell in effects.dropped { cell.retire() }
        for cell in unused { cell.retire() }
        plan.finish(aftermath)
        return result
    }

    /// `count`, which then counts one more.
    private static func takeNumber(_ count: inout UInt32) -> UInt32 {
        defer { count &+= 1 }
        return count
    }

    /// Adds an alias from a builder.
    @usableFromInline
    func addAlias(_ alias: Alias, to id: Int) {
        if let batch = RegistrationBatch.current(for: self), batch.modify(id, { $0.aliases.append(alias) }) { return }
        if modifyDraft(id, { $0.aliases.append(alias) }) { return }
        let indexed = changing { state, effects -> Bool in
            // A builder of a removed registration changes nothing: it must not provide again.
            guard let position = state.position(of: id), !state.registrations[position].isRemoved else { return true }
            // The usual `.as(Protocol.self)` adds one key and takes none away: index just that. An alias of the
            // component's own type, or one it already has, changes what else it provides: index it anew.
            // A Bool, not a copy of the aliases: a live copy would make the append below copy the array.
            let isNew = !state.registrations[position].aliases.contains {
                $0.type == alias.type && $0.name == alias.name
            }
            // A tagged registration provides the alias under each tag too, and a replacing one replaces what else
            // provides it: index it anew.
            guard alias.type != state.registrations[position].info.type, isNew,
                state.registrations[position].tags.isEmpty, !state.registrations[position].replacesEarlier
            else { return false }
            state.registrations[position].aliases.append(alias)
            state.registrations[position].revision &+= 1
            state.index.add(
                alias: alias, number: state.registrations[position].aliases.count - 1, of: id,
                isDefault: state.registrations[position].isDefault)
            // Every type it provides: the plan drops the component, so entries of its other types must go too.
            let types = ProviderIndex.types(providedBy: state.registrations[position])
            let names = RegistrationChange.names(of: state.registrations[position])
            effects.note(RegistrationChange(types: types, registration: id, names: names), in: &state)
            return true
        }
        if !indexed { modify(id, changesProvided: true) { $0.aliases.append(alias) } }
    }

    /// Adds an injection from a builder.
    @usableFromInline
    func addInjection(_ injection: InjectionDescriptor, to id: Int) {
        modify(id) { $0.add(injection) }
    }

    /// Changes a registration from its builder; `changesProvided` when the change may alter what it provides
    /// (its aliases, whether it is the default), which the index then learns anew. Returns whether the change was
    /// published now, and not made to a registration still held back, which is logged as a whole when published.
    @discardableResult
    func modify(_ id: Int, changesProvided: Bool = false, _ change: (inout Registration) -> Void) -> Bool {
        if let batch = RegistrationBatch.current(for: self), batch.modify(id, change) { return false }
        if modifyDraft(id, change) { return false }
        changing { state, effects in
            guard let position = state.position(of: id), !state.registrations[position].isRemoved else { return }
            let types: ChangedTypes
            let lifetime = state.registrations[position].lifetime
            state.registrations[position].revision &+= 1
            defer {
                // A lifetime changed after the first resolve takes effect for the instances made from now on: the
                // instance kept under the old one is released, not kept beside the new one.
                if state.registrations[position].lifetime != lifetime {
                    effects.dropped += Self.takeCells(of: CollectionOfOne(id), from: &state)
                    if lifetime.isProcessWide { effects.released.append((id, state.registrations[position].info)) }
                }
            }
            if changesProvided {
                let old = state.registrations[position]
                change(&state.registrations[position])
                types = state.index.update(replacing: old, with: state.registrations[position])
                var names = RegistrationChange.names(of: old)
                for key in RegistrationChange.names(of: state.registrations[position]) { names.append(key) }
                effects.note(RegistrationChange(types: types, registration: id, names: names), in: &state)
                if state.registrations[position].replacesEarlier {
                    replaceEarlier(than: position, in: &state, &effects)
                }
            } else {
                // Most builder calls (the lifetime, an injection): no copy of the registration, no index update.
                func provided(_ registration: Registration) -> (Int, Bool, Int) {
                    (registration.aliases.count, registration.isDefault, registration.tags.count)
                }
                var before: (Int, Bool, Int)?
                assert(
                    {
                        before = provided(state.registrations[position])
                        return true
                    }())  // Debug builds only.
                change(&state.registrations[position])
                assert(
                    before.map { $0 == provided(state.registrations[position]) } ?? true,
                    "a change of what a registration provides must pass changesProvided")
                types = ProviderIndex.types(providedBy: state.registrations[position])
                let names = RegistrationChange.names(of: state.registrations[position])
                effects.note(RegistrationChange(types: types, registration: id, names: names), in: &state)
            }
        }
        return true
    }

    /// Takes the perContainer cells of removed registrations out of the state, so that their instances can be
    /// released (after the lock, with `retire`, which also keeps a build in progress from storing there) and the
    /// cells do not outlive what they served.
    private static func takeCells(of removed: some Collection<Int>, from state: inout State) -> [InstanceCell] {
        removed.flatMap { id in [2 * id, 2 * id + 1].compactMap { state.cells.removeValue(forKey: $0) } }
    }

    /// Notes a removal: its changes, and the removed registrations' cells and process-wide cells to release.
    private static func noteRemoval(
        of removed: [RegistrationChange], in state: inout State, _ effects: inout ChangeEffects
    ) {
        for change in removed { effects.note(change, in: &state) }
        effects.dropped += takeCells(of: removed.map(\.registration), from: &state)
        for change in removed {
            let registration = state.registrations[state.position(of: change.registration)!]
            if registration.lifetime.isProcessWide { effects.released.append((change.registration, registration.info)) }
        }
    }

    /// Notes that registration `id` uses a process-wide cell (its plan made a component of it).
    func noteProcessWideUse(of id: Int, info: DIComponentInfo) {
        state.withLock { $0.processWideUsers[id] = info }
    }

    /// Removes the earlier registrations that provide a type (under a name) the registration at `position`
    /// provides, and notes them as replaced by it.
    private func replaceEarlier(than position: Int, in state: inout State, _ effects: inout ChangeEffects) {
        let keys = state.registrations[position].provided.filter { $0.tag == nil }
            .map { ProviderKey(type: ObjectIdentifier($0.type), name: $0.name) }
        // Earlier: before it in registration order, or, for one this change adds, published before the change:
        // another thread's registrations made while an `update { }` held this one back come after it in
        // registration order, and were there first.
        let own = state.registrations[position].id
        let addedNow = effects.inserted.contains(own)
        // Registrations taking other runtime arguments are others' to choose (see `ProviderChoice`): they stay.
        let arguments = state.registrations[position].argumentTypes.map(ObjectIdentifier.init)
        let removed = remove(in: &state) { earlier, registration in
            let isEarlier = earlier < position || (addedNow && !effects.inserted.contains(registration.id))
            return isEarlier && registration.id != own
                && registration.argumentTypes.map(ObjectIdentifier.init) == arguments
                && registration.provided.contains { provided in
                    provided.tag == nil
                        && keys.contains(ProviderKey(type: ObjectIdentifier(provided.type), name: provided.name))
                }
        }
        let replaced = removed.map { state.registrations[state.position(of: $0.registration)!] }
        state.registrations[position].replaced += replaced.map(\.info)
        state.registrations[position].keepLifetime(of: replaced.map(\.lifetime))
        Self.noteRemoval(of: removed, in: &state, &effects)
    }

    /// Removes the registrations `matches` picks (by position), recording each removal; they stay in the list,
    /// providing nothing, until the change ends (`changing` compacts), so that positions do not move meanwhile.
    private func remove(
        in state: inout State, where matches: (Int, Registration) -> Bool
    ) -> [RegistrationChange] {
        var changes: [RegistrationChange] = []
        for position in state.registrations.indices
        where !state.registrations[position].isRemoved && matches(position, state.registrations[position]) {
            let old = state.registrations[position]
            state.registrations[position].isRemoved = true
            state.removedCount += 1
            let types = state.index.update(replacing: old, with: state.registrations[position])
            changes.append(
                RegistrationChange(types: types, registration: old.id, names: RegistrationChange.names(of: old)))
        }
        return changes
    }

    /// Removes every registration here that provides `type` under `name`; returns how many.
    func removeRegistrations(providing type: any Any.Type, name: String?) -> Int {
        let key = ObjectIdentifier(type)
        publishDrafts()
        // Inside `update`, what it holds back goes too, so that it is not published after the removal.
        let drafts = RegistrationBatch.current(for: self)?.removeDrafts(providing: key, name: name) ?? 0
        return drafts
            + changing { state, effects in
                let removed = remove(in: &state) { _, registration in
                    registration.provided.contains {
                        $0.tag == nil && ObjectIdentifier($0.type) == key && $0.name == name
                    }
                }
                Self.noteRemoval(of: removed, in: &state, &effects)
                return removed.count
            }
    }

    /// This container's perContainer cells, for a reset.
    var perContainerCells: [InstanceCell] {
        state.withLock { Array($0.cells.values) }
    }

    /// Appends `change` to the log (or lets it go at once before the first child); children see it once the change
    /// publishes the version (`changing`).
    fileprivate static func record(_ change: RegistrationChange, in state: inout State) {
        // No child yet: let go at once. A child made meanwhile that read the version before this change was
        // published finds the change let go, and drops all it bound (`catchUp`): nothing yet, or what it bound since.
        guard state.hadChild else {
            state.changesLetGo += 1
            return
        }
        if state.changes.count >= changeLogLimit {
            // Only changes children have been shown are let go: `changes(after:)` reads up to `published`.
            let letGo = min(changeLogLimit / 2, state.published - state.changesLetGo)
            state.changes.removeFirst(letGo)
            state.changesLetGo += letGo
        }
        state.changes.append(change)
    }

    /// How many changes a container remembers for its children to catch up with.
    static let changeLogLimit = 256

    /// Takes the removed registrations out (under the lock), once the change that removed them has done with their
    /// positions: `changing` calls it at the end of every change.
    private static func compact(_ state: inout State) {
        guard state.removedCount > 0 else { return }
        state.registrations.removeAll(where: \.isRemoved)
        state.removedCount = 0
    }

    /// This container's registrations, in registration order, without those removed.
    var registrations: [Registration] {
        publishDrafts()
        return state.withLock { $0.registrations.filter { !$0.isRemoved } }
    }

    /// This container's and its ancestors' registrations, ancestors' first, each group with its distance from
    /// here (0 for this container).
    func registrationsWithAncestors() -> [RegistrationLevel] {
        // Each reads its own and publishes its drafts first.
        let levels = [registrations] + plan.ancestors.map(\.registrations)
        return levels.enumerated().reversed().map { RegistrationLevel(registrations: $1, level: $0) }
    }
}
