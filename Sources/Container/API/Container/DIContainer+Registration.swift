extension DIContainer {
    /// Registers a component built by `factory`, an initializer (`Cat.init`, `A.init(b:c:)`) or a closure with
    /// typed parameters. Each parameter is resolved from the container when the component is built.
    ///
    /// ```swift
    /// container.register(CheckoutService.init)
    /// container.register { (api: API, log: Logger?) in Client(api: api, log: log) }
    /// ```
    /// A parameter may be `P`, `P?` (nil when nothing provides `P`), `[P]` (every provider of `P`), `Lazy<P>`,
    /// `Provider<P>`, or `DIArgument<P>` (passed with `resolve(arguments:)`). Registration records the types
    /// without running any of your code; validation and diagnostics read that record.
    ///
    /// `Arguments` is the tuple of the factory's parameters (a single parameter's type, or `()` for none), which
    /// the compiler infers. A single parameter that is itself a tuple is resolved element by element: where one
    /// parameter may be a tuple (a wrapper generic over it), use `register(taking:_:)`.
    @discardableResult
    public func register<T, Arguments>(
        _ factory: @escaping @Sendable (consuming Arguments) throws -> T,
        file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        register(factory, sharing: nil, file: file, line: line, filePath: filePath)
    }

    /// Registers a component of a `Sendable` type built by `factory`, as `register(_:)` does, recording that the
    /// compiler proved the type `Sendable` on this line: a shared lifetime that comes from a default (a module's
    /// `defaultLifetime`, `DISetting.Defaults.lifeTime`) or from the registration `.replacing()` replaces is then
    /// sound, and shares the instance. The compiler chooses it for every `Sendable` `T`; any other `T` takes
    /// `register(_:)`, whose shared lifetimes must be written on the line.
    @discardableResult
    public func register<T: Sendable, Arguments>(
        _ factory: @escaping @Sendable (consuming Arguments) throws -> T,
        file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        register(factory, sharing: .sendable, file: file, line: line, filePath: filePath)
    }

    /// Records a registration of `factory`, with what the overload the compiler chose proved about sharing it.
    /// Compiled once, in Tether, and never specialised where it is called: a registration costs its caller's module
    /// one call and the compiler's conversion of `factory` to a function of the tuple of its parameters
    /// (`Arguments`). See `FactoryParameters` and Benchmarks/README.md ("Fourth step").
    private func register<T, Arguments>(
        _ factory: @escaping @Sendable (consuming Arguments) throws -> T, sharing: DISharing?, file: StaticString,
        line: Int, filePath: StaticString
    ) -> DIComponentBuilder<T> {
        let parameters = FactoryParameters(Arguments.self)
        let thunk = Self.factoryThunk(parameters, factory)
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .synchronous, sharing: sharing, file: file, line: line,
            filePath: filePath)
    }

    /// Registers a component built by `factory` from one dependency of type `Argument`, whatever that type is, for
    /// generic code.
    ///
    /// ```swift
    /// func registerLogged<Input>(_ container: DIContainer, _: Input.Type) {
    ///     container.register(taking: Input.self) { input in Logged(input) }
    /// }
    /// ```
    /// `register(_:)` reads a factory whose one parameter is a tuple as a factory of the tuple's elements, since
    /// the tuple it receives is all it knows of the factory's parameters; so a wrapper generic over its factory's
    /// parameter would wire `registerLogged(c, (Int, String).self)` as two dependencies, `Int` and `String`, and
    /// any other `Input` as one. With this, every instantiation takes one dependency, a tuple one included.
    @discardableResult
    public func register<T, Argument>(
        taking _: Argument.Type, _ factory: @escaping @Sendable (consuming Argument) throws -> T,
        file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        let parameters = FactoryParameters(whole: Argument.self)
        let thunk = Self.factoryThunk(parameters, factory)
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .synchronous, file: file, line: line, filePath: filePath
        )
    }

    /// Registers an instance that already exists: every request for it gets this one instance (a launch-time
    /// override, a mock in a test, an object the system made).
    ///
    /// ```swift
    /// let clock = SystemClock()  // a Sendable type
    /// container.registerInstance(clock).as((any Clock).self)
    /// ```
    /// Every resolve, on whatever thread asks, gets this same object, and the caller keeps it too: so the type must
    /// be `Sendable`. An object that is not, made by main-actor code, is registered by the `@MainActor` overload and
    /// handed out on the main actor only; `registerInstance(uncheckedSendable:)` is the escape for code being
    /// migrated. It lives as long as the container keeps it: `perContainer(.strong)`, for validation as for
    /// resolving. Leave the lifetime as it is: one that outlives the container (perRun, single, a custom scope)
    /// would hand this instance to the next container registered on the same line, so the registration refuses it
    /// (`invalid-registration`), and a weak one changes nothing (the registration holds the instance).
    ///
    /// A name of its own, not a `register` overload: `register { ... }` with a trailing closure would otherwise match
    /// it too, and register the closure itself as the instance.
    @discardableResult
    public func registerInstance<T: Sendable>(
        _ instance: T, file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        register(instance: { instance }, sharing: .sendable, file: file, line: line, filePath: filePath)
    }

    /// Registers an object of the main actor's that is not `Sendable` (a manager the launch code made and keeps
    /// using): the container hands it out on the main actor only, and a resolve on another thread throws
    /// `main-actor-isolated`.
    ///
    /// ```swift
    /// @MainActor func launch(_ container: DIContainer) -> EntryManager {
    ///     let entries = EntryManager()  // not Sendable
    ///     container.registerInstance(entries)
    ///     return entries  // still the launch code's: nothing was sent
    /// }
    /// ```
    /// The compiler takes the `Sendable` overload wherever the type is `Sendable`, and this one for any other type
    /// on the main actor; from nonisolated code such a type does not compile ("call to main actor-isolated instance
    /// method 'registerInstance' in a synchronous nonisolated context").
    @MainActor
    @discardableResult
    public func registerInstance<T>(
        _ instance: T, file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        // Handed out only where this code runs (the main actor), which every resolve checks (see `DISharing`): the
        // compiler cannot see that check, so the instance travels unchecked.
        let kept = Handoff(value: instance)
        return register(instance: { kept.value }, sharing: .mainActor, file: file, line: line, filePath: filePath)
    }

    /// Registers an instance whose type is not `Sendable`, on the user's promise that sharing it between threads is
    /// safe, as `@unchecked Sendable` promises: the escape for code being migrated, spelled to be searched for.
    /// Validation lists each as an `unchecked-sendable` note. Prefer making the type `Sendable` (its state behind a
    /// `Mutex`), an actor, or registering it from main-actor code.
    @discardableResult
    public func registerInstance<T>(
        uncheckedSendable instance: T, file: StaticString = #fileID, line: Int = #line,
        filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        // The user's promise (see above).
        let kept = Handoff(value: instance)
        return register(instance: { kept.value }, sharing: .unchecked, file: file, line: line, filePath: filePath)
    }

    /// Records an instance registration; what makes sharing `instance` sound is the caller's `sharing`.
    private func register<T>(
        instance: @escaping @Sendable () -> T, sharing: DISharing, file: StaticString, line: Int,
        filePath: StaticString
    ) -> DIComponentBuilder<T> {
        let parameters = FactoryParameters(Void.self)
        let thunk = Self.factoryThunk(parameters) { (_: consuming Void) in instance() }
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .synchronous, lifetime: .perContainer(.strong),
            sharing: sharing, isInstance: true, file: file, line: line, filePath: filePath)
    }
}
