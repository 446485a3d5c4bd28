extension DIContainer {
    /// Registers a component whose factory is isolated to the main actor: the initializer of a `@MainActor` class
    /// (`register(SettingsViewController.init)`) or a `@MainActor` closure, as written.
    ///
    /// A synchronous resolve on the main thread builds it there; `resolveAsync` from anywhere hops to the main actor
    /// to build it; a synchronous resolve on another thread builds nothing and throws `main-actor-isolated`, naming
    /// the component. An instance already made (a `single`, say) is handed out on any thread, as the class itself
    /// is `Sendable`. Dependencies are built on the main actor too, in the same resolve.
    ///
    /// `isolation` only tells this overload from the plain one; leave it out.
    @discardableResult
    public func register<T, Arguments>(
        _ factory: @escaping @MainActor @Sendable (consuming Arguments) throws -> T,
        file: String = #fileID, line: Int = #line, filePath: String = #filePath,
        isolation _: MainActor.Type = MainActor.self
    ) -> DIComponentBuilder<T> {
        let parameters = FactoryParameters(Arguments.self)
        let thunk = Self.factoryThunk(parameters, of: Arguments.self, MainActorCall(factory: factory))
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .mainActor, file: file, line: line, filePath: filePath)
    }
}

/// A factory isolated to the main actor, called there.
private struct MainActorCall<T, Arguments>: FactoryCall {
    let factory: @MainActor @Sendable (consuming Arguments) throws -> T

    static var onMainActor: Bool { true }

    func callAsFunction(_ arguments: UnsafeMutableRawPointer, _ target: UnsafeMutableRawPointer) throws {
        // The thunk has checked that this runs on the main actor; the arguments were built and are moved in on this
        // same thread, so nothing crosses an isolation boundary.
        let memory = Handoff(value: (arguments, target))
        try MainActor.assumeIsolated {
            let (arguments, target) = memory.value
            try target.assumingMemoryBound(to: T.self).initialize(
                to: factory(arguments.assumingMemoryBound(to: Arguments.self).move()))
        }
    }
}
