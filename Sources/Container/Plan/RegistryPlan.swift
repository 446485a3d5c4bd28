/// How one container resolves: its entries for top-level requests and its components, bound to their providers.
///
/// A plan is made with its container and lives as long as it. It binds lazily: a request's entry, a component
/// and its dependencies are bound the first time a resolve needs them, so the cost follows what is resolved, not
/// what is registered (a child of a large container binds only what is resolved through it). A registration
/// change drops only what asked about the types it touched; a child's plan drops what its ancestors' changes
/// touched the next time it resolves.
///
/// Resolves read the plan without a lock and without retaining what they read, pinned (see `Reclamation`). The
/// plan owns its current components (which own their bindings) and its table's entries; what a change drops is
/// unlinked under the lock and retired once the lock is released, and released once no resolve that may read it
/// is running. So what the plan holds follows what is registered now and what was resolved since.
final class RegistryPlan: @unchecked Sendable {  // Mutable state only under `lock`; the table's slots are atomic.
    /// The container that owns this plan; set once, right after the plan is made, before it is shared. `unowned`,
    /// since the container owns the plan: read off the resolve's path (binding, a `Lazy` being made), where the
    /// check on each read costs nothing that matters.
    unowned var owner: DIContainer!
    /// The parent, grandparent and so on.
    let ancestors: [DIContainer]
    /// Their plans, for the check every resolve of a child makes: read where they lie, so reading one takes no
    /// count, where an element of an array would write the count of a plan every resolving thread shares.
    private let ancestorPlans: InPlaceList<RegistryPlan>
    /// Entries for requests without runtime arguments, read without a lock; unnamed and named ones in one table,
    /// since their keys never meet (see `TableKey`): a second table was two allocations more for every container.
    let entries = LookupTable<RootEntry>()
    /// What resolves of the container and its children read without a lock (see `Word`), in one allocation apart
    /// from the objects' reference counts (see `AtomicWord`): a word each was an allocation each, five more for
    /// every container a test or a request makes.
    let words: AtomicWords
    /// Guards everything below, and binding.
    let lock = PlatformLock()

    // Under `lock`:
    /// The entries of named requests: `entries` keys them by a hash, so a reader checks the entry's request, and
    /// this is what counts when two requests share a hash.
    var named: [NamedKey: RootEntry] = [:]
    /// How many bindings the plan has dropped: a component marked with an earlier count may have an unbound
    /// component below it (see `bindAll`).
    var bindingsDropped: UInt = 0
    /// How many components the last binding looked at, so that tests can tell that binding costs what it binds.
    var lastWalk = 0
    /// The components made so far, by registration.
    var components: [Int: BoundComponent] = [:]
    /// Components of an earlier version of a registration, replaced in `components` before the change reached the
    /// plan; retired when it does.
    var superseded: [Int: [BoundComponent]] = [:]
    /// The components whose binding asked about providers of a type, by identity.
    var dependents: [ObjectIdentifier: [ObjectIdentifier: BoundComponent]] = [:]
    /// The entries to drop when providers of a type change, but for a request's own entry of a type (most of them):
    /// `drop` drops an unnamed request's with its type, so that a plain first resolve allocates no set for it, and a
    /// named request's when a change names its key, so that a late registration under a new name leaves the
    /// entries of the type's other names be.
    var entriesByType: [ObjectIdentifier: Set<EntryKey>] = [:]
    /// Entries of requests whose runtime arguments chose among several registrations of their type, read through
    /// the lock: a request that needs one has no entry of its own that serves it. Owned here, as the table owns
    /// its: `drop` retires an entry it removes, so an entry lent to a pinned reader outlives the read.
    var argumentEntries: [EntryKey: RootEntry] = [:]
    /// What the lock's holder left for after it: the messages binding has to report (a log handler may resolve),
    /// what it unlinked (retired through `Reclamation`), and this container's cells of ancestors' registrations
    /// that are gone. One field, so that taking it is one access.
    var leftover = Aftermath()

    /// The key of an entry: a type, a name for a named request, and the types of the runtime arguments of a request
    /// that chose its provider by them.
    struct EntryKey: Hashable {
        let type: ObjectIdentifier
        let name: String?
        var arguments: [ObjectIdentifier]? = nil
    }

    /// The words of `words`.
    enum Word {
        /// How many of its container's registrations are drafts (`RegistrationChain`): while there are any, the
        /// plan is not current, and a resolve publishes those it may see before it reads.
        static let drafts = 0
        /// 1 once its container's `shutdown()` began: no entry is current, and a resolve that is not nested in one
        /// running already is refused.
        static let closed = 1
        /// Counts the times the plan dropped what a change touched: a `Lazy` or `Provider` made from an accessor
        /// bound at an earlier count looks its provision up again (see `DeferredAccessProvision.current`).
        static let generation = 2
        /// Counts its container's published registration changes, so that a child's plan notices them without a
        /// lock.
        static let version = 3
        /// 1 once its container has a `decorate(_:)` hook.
        static let decorating = 4
        /// How many changes of the ancestor `level` containers up (from 0) the plan has caught up with: word
        /// `seen + level`.
        static let seen = 5
    }

    init(ancestors: [DIContainer]) {
        self.ancestors = ancestors
        var plans = InPlaceList<RegistryPlan>(capacity: ancestors.count)
        for ancestor in ancestors { plans.append(ancestor.plan) }
        ancestorPlans = plans
        words = AtomicWords(count: Word.seen + ancestors.count)
        // Nothing is bound yet, so there is nothing for the ancestors' earlier changes to drop.
        for (level, ancestor) in ancestors.enumerated() { setSeen(ancestor.plan.version, at: level) }
    }

    /// How many of its container's registrations are drafts (see `Word.drafts`).
    var draftCount: UInt { words.load(Word.drafts) }

    func setDraftCount(_ count: UInt) { words.store(count, at: Word.drafts) }

    /// Whether its container's shutdown began (see `Word.closed`; `isClosed` asks the ancestors too).
    var closesItsContainer: Bool { words.load(Word.closed) != 0 }

    /// Marks its container's shutdown as begun.
    func close() { words.store(1, at: Word.closed) }

    /// See `Word.generation`.
    var generation: UInt { words.load(Word.generation) }

    /// See `Word.version`.
    var version: UInt { words.load(Word.version) }

    func setVersion(_ version: UInt) { words.store(version, at: Word.version) }

    /// Marks its container as having a `decorate(_:)` hook.
    func markDecorating() { words.store(1, at: Word.decorating) }

    private func seen(_ level: Int) -> UInt { words.load(Word.seen + level) }

    private func setSeen(_ count: UInt, at level: Int) { words.store(count, at: Word.seen + level) }

    deinit {
        // A binding may hold its own component (a `Provider` of itself): let go of each, so that neither keeps the
        // other. No resolve reaches a plan whose container is gone.
        for component in components.values { _ = component.detachBinding() }
        for component in superseded.values.joined() { _ = component.detachBinding() }
    }

    // MARK: Entries

    /// Whether no ancestor has changed since the plan caught up; a plan without ancestors always is.
    @inline(__always)
    var isCurrent: Bool {
        words.load(Word.drafts) == 0 && words.load(Word.closed) == 0 && (ancestors.isEmpty || ancestorsUnchanged())
    }

    /// Whether its container or an ancestor has a `decorate(_:)` hook: a container without ancestors pays one load.
    @inline(__always)  // On every resolve's path; out of line it cost S3 a call and 17 instructions.
    var decorates: Bool {
        words.load(Word.decorating) != 0 || (!ancestors.isEmpty && ancestorsDecorate())
    }

    /// Whether an ancestor has a `decorate` hook; read without retaining the ancestors, which every resolving
    /// thread shares.
    private func ancestorsDecorate() -> Bool {
        for level in 0..<ancestorPlans.count where ancestorPlans[level].words.load(Word.decorating) != 0 {
            return true
        }
        return false
    }

    private func ancestorsUnchanged() -> Bool {
        for level in 0..<ancestorPlans.count
        where ancestorPlans[level].words.load(Word.version) != seen(level)
            || ancestorPlans[level].words.load(Word.drafts) != 0 || ancestorPlans[level].words.load(Word.closed) != 0
        {
            return false
        }
        return true
    }

    /// Whether the shutdown of its container, or of an ancestor (which shuts its children down first), began.
    var isClosed: Bool {
        words.load(Word.closed) != 0 || (!ancestors.isEmpty && ancestorsClosed())
    }

    private func ancestorsClosed() -> Bool {
        for level in 0..<ancestorPlans.count where ancestorPlans[level].words.load(Word.closed) != 0 { return true }
        return false
    }

    /// Runs `body` with the entry for a top-level request, made now if needed, lent; `nil` without running it when
    /// nothing provides the request. The caller is pinned, so the entry outlives the call whatever a change drops
    /// meanwhile. `body` takes the entry as it is, not optional: an optional made of a lent reference retains it.
    @inline(__always)
    func withEntry<Result>(
        for type: any Any.Type, name: String?, _ body: (RootEntry) throws(DIError) -> Result
    ) throws(DIError) -> Result? {
        let id = ObjectIdentifier(type)
        let namedKey = name.map { NamedKey(type: id, name: $0) }
        if isCurrent, let result = try withCachedEntry(id, namedKey, { (entry) throws(DIError) in try body(entry) }) {
            return result
        }
        guard let made = madeEntry(for: type, name: name, namedKey: namedKey) else { return nil }
        return try body(made)
    }

    /// The entry for a request the table did not hold (or a child whose ancestors changed), found or made under the
    /// lock, retained: off the resolve's path.
    private func madeEntry(for type: any Any.Type, name: String?, namedKey: NamedKey?) -> RootEntry? {
        owner.publishDrafts()
        return locked { () -> RootEntry? in
            catchUp()
            let id = ObjectIdentifier(type)
            if let namedKey {
                if let entry = named[namedKey] { return entry }
            } else if let entry = entries.entry(TableKey.unnamed(id)) {
                return entry
            }
            guard let made = makeEntry(for: type, name: name) else { return nil }
            let key = EntryKey(type: id, name: name)
            // Not listed under its own type: `drop` drops an unnamed request's entry with the type, and a named
            // one's when a change names its key (a shape's, listed under the types it asked about, either way).
            for dependency in made.dependsOn { entriesByType[dependency, default: []].insert(key) }
            if let namedKey {
                named[namedKey] = made.entry
                entries.set(TableKey.named(namedKey), made.entry, retired: &leftover.retired)
            } else {
                entries.set(TableKey.unnamed(id), made.entry, retired: &leftover.retired)
            }
            return made.entry
        }
    }

    /// Runs `body` with the entry for a top-level request passing runtime arguments of types `arguments`, lent: the
    /// request's own entry when what it provides takes them (or is a shape, `T?` or `[T]`, that checks them per
    /// component), else the one the arguments choose among the registrations of the type (Swinject's rule), made now
    /// if needed; `nil` without running it when nothing provides the request. The caller is pinned.
    func withEntry<Result>(
        for type: any Any.Type, name: String?, arguments types: [any Any.Type],
        _ body: (RootEntry) throws(DIError) -> Result
    ) throws(DIError) -> Result? {
        let arguments = types.map(ObjectIdentifier.init)
        let servedByOwn = try withEntry(for: type, name: name) { (own) throws(DIError) -> Result? in
            guard own.component.map({ $0.argumentTypes == arguments }) ?? (own.provision != nil) else { return nil }
            return try body(own)
        }
        if let servedByOwn, let result = servedByOwn { return result }
        let key = EntryKey(type: ObjectIdentifier(type), name: name, arguments: arguments)
        let entry = locked { () -> RootEntry? in
            catchUp()
            if let entry = argumentEntries[key] { return entry }
            guard let made = makeEntry(for: type, name: name, arguments: types) else { return nil }
            for dependency in CollectionOfOne(key.type) + made.dependsOn {
                entriesByType[dependency, default: []].insert(key)
            }
            argumentEntries[key] = made.entry
            return made.entry
        }
        guard let entry else { return nil }
        return try body(entry)
    }

    /// Runs `body` with the entry the table holds ready to run (no runtime arguments) for an unnamed request, lent,
    /// read without the lock: the resolve's fast path. `nil` without running it where the table holds none. The
    /// caller is pinned.
    @inline(__always)
    func withReadyEntry<Result>(
        _ id: ObjectIdentifier, _ body: (RootEntry) throws(DIError) -> Result
    ) throws(DIError) -> Result? {
        try entries.withEntry(TableKey.unnamed(id)) { (entry) throws(DIError) in entry.isReady ? try body(entry) : nil }
    }

    /// Runs `body` with the entry the table holds for a request, lent, read without the lock; `nil` without running
    /// it where the table holds none. The caller is pinned.
    @inline(__always)
    private func withCachedEntry<Result>(
        _ id: ObjectIdentifier, _ namedKey: NamedKey?, _ body: (RootEntry) throws(DIError) -> Result?
    ) throws(DIError) -> Result? {
        guard let namedKey else { return try entries.withEntry(TableKey.unnamed(id), body) }
        // Two requests' names may share a hash: the entry's own request decides.
        return try entries.withEntry(TableKey.named(namedKey)) { (entry) throws(DIError) in
            entry.named == namedKey ? try body(entry) : nil
        }
    }

    /// What a locked step leaves for after the lock: messages to log, objects to retire.
    struct Aftermath {
        var logs: [(DILogLevel, String)] = []
        var retired: [AnyObject] = []
        /// Cells whose registration is gone, to retire.
        var cells: [InstanceCell] = []
    }

    /// Runs `body` under the lock, then logs what binding found and retires what it unlinked.
    func locked<Result>(_ body: () -> Result) -> Result {
        let (result, aftermath) = lockedQuietly(body)
        // Outside the lock: a log handler is user code, and may resolve from this container; so may the deinit of
        // an instance a retired component held.
        finish(aftermath)
        return result
    }

    /// Runs `body` under the lock and returns what is left for after it, for a caller that holds another plan's
    /// lock and must log and retire only once it has released that one too.
    func lockedQuietly<Result>(_ body: () -> Result) -> (Result, Aftermath) {
        lock.withLock { () -> (Result, Aftermath) in
            let result = body()
            var taken = Aftermath()
            swap(&taken, &leftover)
            return (result, taken)
        }
    }

    /// Runs `body` under the lock of another plan (an ancestor's), passing on what is left for after it.
    func nested<Result>(in plan: RegistryPlan, _ body: () -> Result) -> Result {
        let (result, aftermath) = plan.lockedQuietly(body)
        leftover.logs += aftermath.logs
        leftover.retired += aftermath.retired
        leftover.cells += aftermath.cells
        return result
    }

    // MARK: Changes

    /// Runs `change`, a change of this plan's container that returns the registration changes it made, then
    /// drops what they touched and runs `publish`, all under the lock; returns `change`'s result and what is left
    /// for after the lock (`finish`).
    func change<Result>(
        _ change: () -> (Result, RegistrationChange?, [RegistrationChange]), publish: () -> Void
    ) -> (Result, Aftermath) {
        lockedQuietly { () -> Result in
            let (result, first, more) = change()
            if let first {
                if holdsNothing {
                    // Registering before the first resolve (the common start-up): nothing to drop, and no list of
                    // what the change touched to make.
                    words.add(1, at: Word.generation)
                } else if more.isEmpty {
                    drop(types: first.types, registrations: CollectionOfOne(first.registration), names: first.names)
                } else {
                    drop(
                        types: Array(first.types) + more.flatMap(\.types),
                        registrations: [first.registration] + more.map(\.registration),
                        names: Array(first.names) + more.flatMap(\.names))
                }
            }
            publish()
            return result
        }
    }

    /// Logs and retires what a locked step left (see `locked`).
    func finish(_ aftermath: Aftermath) {
        for (level, message) in aftermath.logs { DILogger.log(level, message) }
        for cell in aftermath.cells { cell.retire() }
        Reclamation.retire(aftermath.retired)
    }

    /// Drops what the ancestors' changes since the last catch-up touched (under the lock).
    func catchUp() {
        for (level, ancestor) in ancestors.enumerated() where ancestor.plan.version != seen(level) {
            if let changes = ancestor.changes(after: Int(seen(level))) {
                drop(types: Array(changes.types), registrations: changes.registrations, names: changes.names)
                leftover.cells += owner.takeCells(ofAncestorRegistrations: changes.registrations, in: ancestors)
                setSeen(UInt(changes.count), at: level)
            } else {
                // So far behind that the ancestor let go of what changed: drop everything.
                let count = ancestor.changeCount
                dropAll()
                leftover.cells += owner.takeCells(ofAncestorRegistrations: nil, in: ancestors)
                setSeen(UInt(count), at: level)
            }
        }
    }

    /// Unpublishes a component's binding and retires it (under the lock); components marked as having every
    /// component below them bound are marked so no longer.
    private func retireBinding(of component: BoundComponent) {
        guard let binding = component.detachBinding() else { return }
        leftover.retired.append(binding)
        bindingsDropped &+= 1
    }

    /// Drops every entry and binding, and the components of the ancestors' registrations (under the lock). The
    /// components of this container's own registrations stay: their registrations did not change, and a child's
    /// entries may point at the process-wide ones.
    private func dropAll() {
        drop(
            types: Array(Set(entriesByType.keys).union(dependents.keys)),
            registrations: components.values.filter { $0.level > 0 }.map(\.registration.id), names: [NamedKey]())
        // The entries not listed under their own type (see `entriesByType`), unnamed and named.
        entries.dropAll(retired: &leftover.retired)
        named = [:]
        for component in components.values {
            retireBinding(of: component)
        }
    }

    /// Whether the plan has bound nothing and made no entry (under the lock), as before the first resolve.
    private var holdsNothing: Bool {
        // `named` too: a named entry whose table slot another key with its hash took is there alone.
        entriesByType.isEmpty && dependents.isEmpty && components.isEmpty && entries.isEmpty && named.isEmpty
    }

    /// Drops the entries and bindings that asked about `types`, the entries of the named requests `names`, and the
    /// components of `registrations` (under the lock). What is dropped is retired, not released: a resolve may still
    /// be reading it.
    private func drop(
        types: some Sequence<ObjectIdentifier>, registrations: some Collection<Int>, names: some Collection<NamedKey>
    ) {
        words.add(1, at: Word.generation)
        if holdsNothing { return }
        if !named.isEmpty {
            for key in names where named.removeValue(forKey: key) != nil {
                entries.drop(TableKey.named(key), retired: &leftover.retired)
            }
        }
        for type in types {
            entries.drop(TableKey.unnamed(type), retired: &leftover.retired)
            for key in entriesByType.removeValue(forKey: type) ?? [] {
                if key.arguments != nil {
                    if let entry = argumentEntries.removeValue(forKey: key) { leftover.retired.append(entry) }
                } else if let name = key.name {
                    let namedKey = NamedKey(type: key.type, name: name)
                    named[namedKey] = nil
                    entries.drop(TableKey.named(namedKey), retired: &leftover.retired)
                } else {
                    entries.drop(TableKey.unnamed(key.type), retired: &leftover.retired)
                }
            }
            for component in (dependents.removeValue(forKey: type) ?? [:]).values {
                retireBinding(of: component)
            }
        }
        func retire(_ component: BoundComponent) {
            retireBinding(of: component)
            // Listed nowhere any more, so that nothing keeps it once it is released.
            for type in component.askedTypes { dependents[type]?[ObjectIdentifier(component)] = nil }
            leftover.retired.append(component)
        }
        for registration in registrations {
            if let component = components.removeValue(forKey: registration) { retire(component) }
            for component in superseded.removeValue(forKey: registration) ?? [] { retire(component) }
        }
    }
}

/// The keys of a plan's lookup table (`LookupTable`): an unnamed request's is even and a named one's odd, so that one
/// table holds both and a named request never finds an unnamed one's entry.
enum TableKey {
    /// An unnamed request's: the address of its type's metadata, already well spread, and even (metadata is aligned
    /// to a pointer).
    @inline(__always)
    static func unnamed(_ type: ObjectIdentifier) -> UInt {
        UInt(bitPattern: type)
    }

    /// A named request's, a hash that the reader checks (`RootEntry.named`); never 0, which marks an empty slot.
    static func named(_ named: NamedKey) -> UInt {
        UInt(bitPattern: named.hashValue) | 1
    }
}
