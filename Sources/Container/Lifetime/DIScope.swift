/// A named cache for the `.custom` lifetime, backed by a `DIStorage` you choose.
///
/// ```swift
/// let session = DIScope(name: "session", storage: DICacheStorage())
/// container.register(UserManager.init).lifetime(.custom(session))
/// session.dropInstances()   // on logout: the next resolve builds new instances
/// ```
public final class DIScope: Sendable, Hashable, CustomStringConvertible {
    /// The name shown in errors and reports.
    public let name: String
    /// Whether the scope holds its instances strongly or only while someone else does.
    public let policy: DIReferencePolicy
    /// Reentrant, since a storage is user code and may resolve from the container, which reaches the scope again.
    private let storage: ReentrantLocked<Handoff<any DIStorage>>
    private let gates = Locked<[DIComponentInfo: CreationGate]>([:])
    /// When each stored instance was saved (see `CreationOrder`), so that `shutdown()` disposes the newer first.
    private let savedAt = Locked<[DIComponentInfo: UInt]>([:])

    /// Makes a scope over `storage`, which from now on is used only under the scope's lock.
    public init(name: String, storage: sending any DIStorage, policy: DIReferencePolicy = .strong) {
        self.name = name
        self.policy = policy
        self.storage = ReentrantLocked(Handoff(value: storage))
    }

    /// Resolver's `cached` scope: process-wide, strong, emptied by `dropInstances()` or `shutdown()`.
    public static let cached = DIScope(name: "cached", storage: DICacheStorage())

    /// Releases every instance the scope holds, disposing none; the next resolves build new ones. For instances
    /// that must be disposed (closed, flushed), `shutdown()`.
    ///
    /// ```swift
    /// session.dropInstances()  // on logout: the next resolve builds a new UserManager
    /// ```
    public func dropInstances() {
        // Released after this returns, with no lock held: a `deinit` is user code and may resolve from this scope.
        _ = takeInstances()
    }

    /// Releases every instance the scope holds, as `dropInstances()` does, before its first suspension, then
    /// disposes those that are `DIDisposable`, the newest first, and returns what happened. Unlike a container's,
    /// the scope stays usable: the next resolves build new instances, while the old ones are being disposed. A
    /// cancelled caller stops waiting; the disposal still runs to its end.
    ///
    /// ```swift
    /// let report = await session.shutdown()  // on sign-out: every instance disposed
    /// ```
    @discardableResult
    public nonisolated(nonsending) func shutdown() async -> DIShutdownReport {
        await disposal().value
    }

    /// Releases the instances now and disposes them in the task it returns: `shutdown()` for a caller that cannot
    /// wait.
    func disposal() -> Task<DIShutdownReport, Never> {
        let (dropped, order) = takeInstances()
        var items: [(item: Disposer.Item, object: AnyObject?, madeAt: UInt)] = []
        for (key, value) in dropped.value {
            // A weak scope's instance is its holders' to dispose: it may still be in use.
            guard !(value is WeakReference), let disposable = value as? any DIDisposable else { continue }
            let object = type(of: value) is AnyClass ? value as AnyObject : nil
            items.append((Disposer.Item(component: key, instance: disposable), object, order[key] ?? 0))
        }
        items.sort { $0.madeAt > $1.madeAt }
        // Two registrations of the scope may keep one object: one hands out the other's.
        let disposals = Disposer.onePerObject(items)
        return Task {
            var report = DIShutdownReport()
            await Disposer.dispose(disposals, timeout: nil, into: &report)
            return report
        }
    }

    /// Empties the storage, handing back what it held and when each was saved; the caller releases them, after
    /// the lock.
    private func takeInstances() -> (Handoff<[DIComponentInfo: Any]>, [DIComponentInfo: UInt]) {
        let dropped = storage.withLock { storage in
            let held = Handoff(value: storage.value.any)
            storage.value.clean()
            return held
        }
        let order = savedAt.withLock { savedAt in
            defer { savedAt.removeAll() }
            return savedAt
        }
        return (dropped, order)
    }

    /// The objects a strong scope keeps now, each with when it was saved (see `CreationOrder`): a shutdown leaves
    /// those the scope stored first to the scope's `shutdown()`. A weak scope disposes nothing, so it owns none.
    func keptObjects() -> [(object: AnyObject, savedAt: UInt)] {
        guard policy == .strong else { return [] }
        // Released after the lock, as in `takeInstances()`.
        let held = storage.withLock { Handoff(value: $0.value.any) }.value
        let order = savedAt.withLock { $0 }
        return held.compactMap { key, value in
            guard type(of: value) is AnyClass else { return nil }
            return (value as AnyObject, order[key] ?? 0)
        }
    }

    /// How many instances the storage holds now.
    public var count: Int {
        storage.withLock { $0.value.any.count }
    }

    /// The text reports and errors show.
    public var description: String { "DIScope(\(name), \(policy))" }

    /// The same scope object: two scopes of one name are still two scopes.
    public static func == (lhs: DIScope, rhs: DIScope) -> Bool { lhs === rhs }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The gate that makes building one registration's instance exactly-once in this scope.
    func gate(for key: DIComponentInfo) -> CreationGate {
        gates.withLock { gates in
            if let gate = gates[key] { return gate }
            let gate = CreationGate()
            gates[key] = gate
            return gate
        }
    }

    /// Reads the stored instance in the form the engine holds it, checking that the storage gave back an
    /// instance of the component's type.
    func fetch(_ key: DIComponentInfo, layout: InstanceLayout) throws(DIError) -> AnyObject? {
        let stored = storage.withLock { storage in Handoff(value: storage.value.fetch(key: key)) }.value
        guard var found = stored else { return nil }
        if policy == .weak, let reference = found as? WeakReference {
            guard let object = reference.object else { return nil }
            found = object
        }
        let typed = try layout.withRoom { (room) throws(DIError) -> AnyObject? in
            guard layout.cast(found, to: room) else { return nil }
            return layout.hold(movingFrom: room)
        }
        guard let typed else {
            throw DIError(.storageTypeMismatch(scope: name, component: key, found: typeName(Swift.type(of: found))))
        }
        return typed
    }

    /// Saves a newly built instance (as the engine holds it); a weak scope keeps only a weak reference, and never
    /// keeps a value type.
    func save(_ held: AnyObject, layout: InstanceLayout, for key: DIComponentInfo) {
        let order = CreationOrder.next()
        savedAt.withLock { $0[key] = order }
        if policy == .weak {
            guard layout.mayHoldObject else { return }
            let reference = WeakReference(held)
            storage.withLock { $0.value.save(object: reference, by: key) }
        } else {
            let object = Handoff(value: layout.erasedHeld(held))
            storage.withLock { $0.value.save(object: object.value, by: key) }
        }
    }
}
