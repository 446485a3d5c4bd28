extension DIContainer {
    /// Resolves `T` (named, if `name` is given), awaiting what a synchronous resolve cannot build: components with
    /// `async` factories, and main-actor components when the caller is not on the main thread.
    ///
    /// ```swift
    /// container.register { (db: Database) async throws in try await Session(db: db) }.lifetime(.single)
    /// let feed: Feed = try await container.resolveAsync()
    /// ```
    /// Async components that `T` needs are made first, dependencies first, each once however many resolves ask at
    /// the same moment; main-actor components are built on the main actor. The shapes (`T?`, `[T]`, `Lazy<T>`, ...)
    /// resolve as with `resolveOrThrow`. Runtime arguments are not taken here.
    ///
    /// It runs on the caller's actor (`nonisolated(nonsending)`), so the instance it returns never crosses an
    /// isolation boundary: a cached one is shared with whoever else resolves it, as ever.
    public nonisolated(nonsending) func resolveAsync<T>(
        _ type: T.Type = T.self, name: String? = nil
    ) async throws(DIError) -> T {
        let room = Room.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { room.deallocate() }
        try await resolveAwaiting(T.self, name: name, into: room)
        let instance = room.move(T.self)
        if plan.decorates { decorated(instance, type: T.self, name: name) }
        return instance
    }

    /// Creates every `.single` component now, as `initializeSingletonObjectsOrThrow()` does, building each where it
    /// must be built: an async one by awaiting its factory, a main-actor one on the main actor.
    public nonisolated(nonsending) func initializeSingletonObjectsAsync() async throws(DIError) {
        for component in plan.singles() {
            try Reclamation.pinned { () throws(DIError) in try refuseAfterShutdown(component.info.type) }
            if !component.argumentTypes.isEmpty { throw DIError(.cachedArguments(component.info, lifetime: .single)) }
            let room = Room.allocate(byteCount: component.layout.size, alignment: component.layout.alignment)
            defer { room.deallocate() }
            // Read pinned: it reads the component's binding.
            let graphCapacity = Reclamation.pinned { component.graphCapacity }
            try await resolveAwaiting(
                component.provision, type: component.info.type, roots: [component], root: component,
                graphCapacity: graphCapacity, into: room)
            component.layout.destroy(room)
            DILogger.log(.info, "singleton \(component.step) is ready")
        }
    }

    /// `resolveAsync`, for `type` into `target`, untyped; on the caller's actor, as `resolveAsync` is.
    private nonisolated(nonsending) func resolveAwaiting(_ type: any Any.Type, name: String?, into target: Room)
        async throws(DIError)
    {
        do throws(DIError) {
            // Pinned while it takes its own references to what the entry points to, which it holds across awaits.
            let (provision, root, roots, graphCapacity) = try Reclamation.pinned { () throws(DIError) in
                try refuseAfterShutdown(type, name: name)
                let found = try plan.withEntry(for: type, name: name) { (entry) throws(DIError) in
                    let provision = try entry.withProvision { $0.provision }
                    if let component = entry.component, entry.takesArguments {
                        throw argumentMismatch(component, received: [])
                    }
                    let root = entry.component
                    let roots = root.map { [$0] } ?? entry.builds
                    return (provision, root, roots, entry.graphCapacity)
                }
                guard let found else { throw notRegistered(type, name: name) }
                return found
            }
            try await resolveAwaiting(
                provision, type: type, roots: roots, root: root, graphCapacity: graphCapacity, into: target)
        } catch {
            DILogger.log(.error, error.description)
            throw error
        }
    }
}
