extension DIContainer {
    /// Creates every `.single` component this container (and its ancestors) can see, now, in registration order.
    ///
    /// Each is created once per process (or per test sandbox), however many containers call this. Stops the
    /// program with the full error text when one cannot be built; `initializeSingletonObjectsOrThrow()` throws
    /// instead.
    public func initializeSingletonObjects(file: StaticString = #fileID, line: UInt = #line) {
        do {
            try initializeSingletonObjectsOrThrow()
        } catch {
            fatalError("\n" + error.description, file: file, line: line)
        }
    }

    /// Creates every `.single` component now, throwing the first that cannot be built; `observer`, if given,
    /// is told of every instance built or reused (TetherDiagnostics' start-up profile uses it).
    public func initializeSingletonObjectsOrThrow(observer: (any DIResolutionObserver)? = nil) throws(DIError) {
        for component in plan.singles() {
            try Reclamation.pinned { () throws(DIError) in try refuseAfterShutdown(component.info.type) }
            if !component.argumentTypes.isEmpty { throw DIError(.cachedArguments(component.info, lifetime: .single)) }
            try component.layout.withRoom { (room) throws(DIError) in
                try withExtendedLifetime(observer) { () throws(DIError) in
                    try pinnedResolving { (pin) throws(DIError) in
                        try run(
                            ProvisionSlot(component.provision), type: component.info.type, into: room,
                            graphCapacity: component.graphCapacity, arguments: nil, observer: observer, pin: pin)
                    }
                }
                component.layout.destroy(room)
            }
            DILogger.log(.info, "singleton \(component.step) is ready")
        }
    }

    /// Drops every `perRun` and `single` instance in the process, so the next resolve creates new ones.
    ///
    /// Meant for tests and for resetting an app. A resolve running at the same moment may still hand out an
    /// instance from before the reset; the dropped instances are released before this returns, once no thread is
    /// still taking one of them from its cell. Inside a test sandbox (TetherTesting) it drops only the sandbox's
    /// instances: a test must not reset those of the tests running beside it. The sandbox is the calling task's,
    /// so a `Task.detached` or a thread started in a sandbox, which inherits no task-locals, resets the process's.
    public static func resetProcessWideInstances() {
        ProcessWideCells.reset(in: DIProcessWideNamespace.current)
    }

    /// Drops the `perRun` and `single` instances of the registrations this container sees, so the next resolve
    /// creates new ones; other registrations keep theirs. The same caveat as `resetProcessWideInstances()`.
    /// Outside a test sandbox each registration's instance is dropped where its container keeps it. Inside one,
    /// only the registrations of containers made in that sandbox are reset: a parent made outside it keeps its
    /// instances, which the tests running beside this one share.
    public func resetPerRunInstances() {
        resetProcessWide { _ in true }
    }

    /// Drops the instances this container keeps for registrations of exactly `lifetime`, so that the next resolves
    /// build new ones; the other lifetimes keep theirs (Swinject's `resetObjectScope`):
    ///
    /// - `perContainer(policy)`: this container's instances of that policy; children keep theirs.
    /// - `perRun(policy)` and `single`: the instances of the registrations this container sees with that
    ///   lifetime, as `resetPerRunInstances()` drops them (`single` and `perRun(.strong)` apart).
    /// - `custom(scope)`: `scope.clean()`, which empties the scope for every container that uses it.
    /// - `prototype` and `objectGraph` keep nothing: nothing happens.
    ///
    /// ```swift
    /// container.resetInstances(of: .perContainer(.weak))  // the strong ones stay
    /// ```
    public func resetInstances(of lifetime: DILifeTime) {
        switch lifetime {
        case .prototype, .objectGraph:
            return
        case .perContainer(let policy):
            // Outside the container's lock: releasing an instance runs its deinit, which may resolve.
            for cell in perContainerCells where cell.policy == policy { cell.reset() }
        case .perRun, .single:
            resetProcessWide { $0.lifetime == lifetime }
        case .custom(let scope):
            scope.clean()
        case .perRequest:
            return  // Each request scope's, which its `end()` disposes.
        }
    }

    /// Drops the process-wide instances of the registrations this container sees that `matches` picks (inside a
    /// test sandbox, only those of containers made in it).
    private func resetProcessWide(_ matches: (Registration) -> Bool) {
        let sandbox = DIProcessWideNamespace.current
        for container in [self] + plan.ancestors where sandbox == nil || container.processWideNamespace === sandbox {
            let infos = Set(container.registrations.filter(matches).map(\.info))
            ProcessWideCells.reset(infos, in: container.processWideNamespace)
        }
    }
}
