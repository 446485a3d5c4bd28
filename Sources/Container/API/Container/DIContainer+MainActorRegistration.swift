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
        file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath,
        isolation _: MainActor.Type = MainActor.self
    ) -> DIComponentBuilder<T> {
        let parameters = FactoryParameters(Arguments.self)
        // The outer thunk checks that this runs on the main actor before the inner one builds the arguments, on this
        // same thread, so nothing crosses an isolation boundary. Main-actor registrations pay two contexts more.
        let onMainActor: @Sendable (consuming Arguments) throws -> T = { arguments in
            let arguments = Handoff(value: arguments)
            return try MainActor.assumeIsolated { Handoff(value: try factory(arguments.value)) }.value
        }
        let build = Self.factoryThunk(parameters, onMainActor)
        let thunk: FactoryThunk = { (component, binding, context, target) throws(DIError) in
            // An instance an awaiting resolve found before it chose not to hop (see `AwaitedWork.existing`).
            if PremadeInstance.takePrepared(for: component, into: target) { return }
            try component.requireMainActor()
            try build(component, binding, &context, target)
        }
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .mainActor, file: file, line: line, filePath: filePath)
    }
}
