extension DIContainer {
    /// Registers a component whose factory is `async`:
    /// `register { (db: Database) async throws in try await Session(db: db) }`, or an `async` initializer.
    ///
    /// Only `resolveAsync` and `initializeSingletonObjectsAsync()` await it; the lifetimes and their once-only
    /// guarantees are those of any registration. A synchronous resolve reuses an instance they made and kept
    /// (perContainer, perRun, single, custom) and throws `async-factory` when there is none. As a dependency of other
    /// components it needs such a lifetime, so that `resolveAsync` can make it before them; a prototype or
    /// objectGraph one can only be resolved itself. Its arguments are built in a resolve of their own before the
    /// factory is awaited, and its injections and completion after it returns, so an objectGraph instance is not
    /// shared between them. A factory isolated to a global actor (`@MainActor ... async`) runs there.
    @discardableResult
    public func register<T, Arguments>(
        _ factory: @escaping @Sendable (consuming Arguments) async throws -> T,
        file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        let parameters = FactoryParameters(Arguments.self)
        let asyncFactory = AsyncFactory(
            parameters: parameters, size: MemoryLayout<Arguments>.size, alignment: MemoryLayout<Arguments>.alignment,
            call: { memory in
                let made = try await factory(memory.arguments.move(Arguments.self))
                memory.instance.initialize(to: made)
            })
        // The engine's part: take the instance `resolveAsync` made for this registration, or say that it needs one.
        let thunk: FactoryThunk = { (component, _, _, target) throws(DIError) in
            guard PremadeInstance.take(T.self, for: component, into: target) else {
                throw DIError(
                    .asyncFactory(
                        component.info, lifetime: component.lifetime,
                        keepsInstances: component.keepsInstances || component.lifetime == .perRequest))
            }
        }
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .asynchronous, asyncFactory: asyncFactory, file: file,
            line: line, filePath: filePath)
    }
}
