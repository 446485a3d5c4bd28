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
        try await buildSinglesAwaiting()
    }
}
