extension DIContainer {
    /// `shutdown()`'s work, with its time limit in nanoseconds (`nil`: none): one task however many callers.
    func shutdown(timeoutNanoseconds timeout: UInt64?) async -> DIShutdownReport {
        let task = shutdownTask {
            // Unstructured: a caller cancelled half-way must not leave the instances half-disposed, and a second
            // caller awaits the same work.
            Task { await self.disposeKeptInstances(timeout: timeout) }
        }
        return await task.value
    }

    /// The shutdown's work, once the container is closed.
    private func disposeKeptInstances(timeout: UInt64?) async -> DIShutdownReport {
        var report = DIShutdownReport()
        // Before the children are listed: a resolve running in a child may make the child's first instance to keep,
        // which lists it.
        if !(await InFlightResolves.end(for: serial, timeout: timeout)) { report.resolvesLeftRunning = true }
        for child in childrenKeepingInstances {
            report.append(await child.shutdown(timeoutNanoseconds: timeout))
        }
        return await disposeTaken(after: report, timeout: timeout) { levels in
            let owners = firstKeepers(levels)
            return strongCells.compactMap { id, cell in
                let storedAt = cell.storedAt.load()
                // An instance given to `registerInstance` is its owner's to dispose.
                guard !owners.given.contains(id), let instance = cell.takeForShutdown(),
                    owners.made(instance, storedAt: storedAt)
                else { return nil }
                return (id, storedAt, instance)
            }
        }
    }

    /// Who stored each object first, among every keeper that disposes what it keeps and that the registrations in
    /// `levels` reach: this container's and its ancestors' strong perContainer cells, the process-wide ones, the
    /// custom scopes; an instance given to `registerInstance` counts as stored before all (its owner disposes it).
    ///
    /// The keeper that stored an object first made it: a registration that only hands out another's instance
    /// (`{ (store: Store) -> any Reading in store }`) stores it after the registration that made it. So each
    /// shutdown disposes only the objects its own keepers made, and leaves the others to their makers, whichever
    /// runs first.
    private func firstKeepers(_ levels: [RegistrationLevel]) -> FirstKeepers {
        var owners = FirstKeepers(given: Set(levels.flatMap { $0.registrations.filter(\.isInstance).map(\.id) }))
        let containers = [self] + plan.ancestors
        for container in containers {
            for (id, cell) in container.strongCells {
                if let object = cell.strongInstance {
                    owners.note(object, storedAt: owners.given.contains(id) ? 0 : cell.storedAt.load())
                }
            }
        }
        var scopes: [DIScope] = []
        for (container, level) in zip(containers, levels.reversed()) {
            let processWide = level.registrations.filter { $0.lifetime.isProcessWide }
            for cell in ProcessWideCells.strongCells(of: processWide.map(\.info), in: container.processWideNamespace) {
                if let object = cell.strongInstance { owners.note(object, storedAt: cell.storedAt.load()) }
            }
            for registration in level.registrations {
                if case .custom(let scope) = registration.lifetime, !scopes.contains(scope) { scopes.append(scope) }
            }
        }
        for scope in scopes {
            for (object, savedAt) in scope.keptObjects() { owners.note(object, storedAt: savedAt) }
        }
        return owners
    }

    /// Takes the instances `take` picks from the registrations this container sees, and disposes them in
    /// `DisposalOrder`, adding to `report`.
    private func disposeTaken(
        after report: DIShutdownReport, timeout: UInt64?,
        taking take: ([RegistrationLevel]) -> [(registration: Int, storedAt: UInt, instance: AnyObject)]
    ) async -> DIShutdownReport {
        var report = report
        let levels = registrationsWithAncestors()
        await Self.dispose(take(levels), levels: levels, timeout: timeout, into: &report)
        return report
    }

    /// `shutdownProcessWideInstances()`'s work, with its time limit in nanoseconds (`nil`: none).
    func shutdownProcessWideInstances(timeoutNanoseconds timeout: UInt64?) async -> DIShutdownReport {
        // Unstructured, as `shutdown()`: a cancelled caller must not cancel the disposals.
        await Task { await disposeProcessWideInstances(timeout: timeout) }.value
    }

    private func disposeProcessWideInstances(timeout: UInt64?) async -> DIShutdownReport {
        let sandbox = DIProcessWideNamespace.current
        var report = DIShutdownReport()
        // Any container's resolve may be making one of them.
        if !(await InFlightResolves.end(for: nil, timeout: timeout)) { report.resolvesLeftRunning = true }
        return await disposeTaken(after: report, timeout: timeout) { levels in
            let owners = firstKeepers(levels)
            var kept: [(registration: Int, storedAt: UInt, instance: AnyObject)] = []
            for (container, level) in zip([self] + plan.ancestors, levels.reversed())
            where sandbox == nil || container.processWideNamespace === sandbox {
                let registrations = level.registrations.filter { $0.lifetime.isProcessWide }
                let cells = ProcessWideCells.strongCells(
                    of: registrations.map(\.info), in: container.processWideNamespace)
                for (registration, cell) in zip(registrations, cells) {
                    let storedAt = cell.storedAt.load()
                    guard let instance = cell.takeInstance(), owners.made(instance, storedAt: storedAt) else {
                        continue
                    }
                    kept.append((registration.id, storedAt, instance))
                }
            }
            return kept
        }
    }

    /// Disposes the disposable ones of `kept` (each made by its keeper, see `firstKeepers`) in `DisposalOrder`; the
    /// instances are released after.
    private static func dispose(
        _ kept: [(registration: Int, storedAt: UInt, instance: AnyObject)], levels: [RegistrationLevel],
        timeout: UInt64?, into report: inout DIShutdownReport
    ) async {
        var order = DisposalOrder(levels)
        let items = order.order(kept.map { ($0.registration, $0.storedAt, $0) }).compactMap {
            item -> Disposer.Item? in
            guard let registration = order.registration(item.registration),
                let disposable = registration.layout.erasedHeld(item.instance) as? any DIDisposable
            else { return nil }
            return Disposer.Item(component: registration.info, instance: disposable)
        }
        await Disposer.dispose(items, timeout: timeout, into: &report)
    }
}

/// The keeper that stored each object first, by when it stored it (see `DIContainer.firstKeepers`).
private struct FirstKeepers {
    /// The registrations of instances given to `registerInstance`, whose owner made them.
    let given: Set<Int>
    private var storedAt: [ObjectIdentifier: UInt] = [:]

    init(given: Set<Int>) {
        self.given = given
    }

    /// Notes that a keeper holds `object`, stored at `storedAt`.
    mutating func note(_ object: AnyObject, storedAt order: UInt) {
        let id = ObjectIdentifier(object)
        storedAt[id] = min(order, storedAt[id] ?? .max)
    }

    /// Whether the keeper that stored `object` at `storedAt` made it: no keeper stored it before.
    func made(_ object: AnyObject, storedAt: UInt) -> Bool {
        storedAt <= self.storedAt[ObjectIdentifier(object)] ?? .max
    }
}
