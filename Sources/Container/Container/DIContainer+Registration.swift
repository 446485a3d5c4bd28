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
        // Compiled once, in Tether, and never specialised where it is called: a registration costs its caller's
        // module one call and the compiler's conversion of `factory` to a function of the tuple of its
        // parameters (`Arguments`). See `FactoryParameters` and Benchmarks/README.md ("Fourth step").
        let parameters = FactoryParameters(Arguments.self)
        let thunk = Self.factoryThunk(parameters, factory)
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .synchronous, file: file, line: line, filePath: filePath
        )
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
    /// let location = DefaultLocationService()  // a class that is not Sendable
    /// container.registerInstance(location).as((any LocationService).self)
    /// ```
    /// The instance is `sending`: the caller gives it to the container, so a class that is not `Sendable` can be
    /// registered from Swift 6 code as long as the caller keeps no other use of it. The container hands it to every
    /// resolve, on whatever thread asks; for a type that is not `Sendable`, resolve it only where it is used (its
    /// actor, or one thread). A main-actor class is `Sendable` and needs nothing more. It lives as long as the
    /// container keeps it: `perContainer(.strong)`, for validation as for resolving. Leave the lifetime as it is: a
    /// process-wide one would hand this instance to the next container registered on the same line, and a weak one
    /// changes nothing (the registration holds the instance). A test that registers a mock it cannot share resolves
    /// it back to inspect it.
    ///
    /// A name of its own, not a `register` overload: `register { ... }` with a trailing closure would otherwise match
    /// it too, and register the closure itself as the instance.
    @discardableResult
    public func registerInstance<T>(
        _ instance: sending T, file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        // The container's from here on (see above), and handed out as any instance it keeps is.
        let kept = Handoff(value: instance)
        let parameters = FactoryParameters(Void.self)
        let thunk = Self.factoryThunk(parameters) { (_: consuming Void) in kept.value }
        return register(
            T.self, parameters: parameters, thunk: thunk, kind: .synchronous, lifetime: .perContainer(.strong),
            file: file, line: line, filePath: filePath)
    }

    /// Records a registration of `T` made by `thunk` and returns its builder.
    func register<T>(
        _: T.Type, parameters: FactoryParameters, thunk: @escaping FactoryThunk, kind: DIFactoryKind,
        asyncFactory: AsyncFactory? = nil, lifetime: DILifeTime? = nil, madeElsewhere: Bool = false,
        file: StaticString, line: Int, filePath: StaticString
    ) -> DIComponentBuilder<T> {
        let site = SiteText.strings(file: file, filePath: filePath)
        var registration = Registration(
            info: DIComponentInfo(type: T.self, file: site.file, line: line, filePath: site.filePath), type: T.self,
            parameters: parameters.descriptors, factory: thunk, kind: kind, asyncFactory: asyncFactory)
        if let tuple = parameters.splitTuple { registration.splitTuple = tuple }
        if let lifetime { registration.lifetime = lifetime }
        registration.madeElsewhere = madeElsewhere
        let id = add(registration)
        return DIComponentBuilder(container: self, id: id)
    }
}
