extension DIScope {
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
    func takeInstances() -> (Handoff<[DIComponentInfo: Any]>, [DIComponentInfo: UInt]) {
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
