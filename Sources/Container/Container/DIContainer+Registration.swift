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
    /// the compiler infers; a wrapper of `register` is generic over it the same way. A single parameter that is
    /// itself a tuple is resolved element by element.
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
            T.self, parameters: parameters, thunk: thunk, kind: .synchronous, file: file, line: line, filePath: filePath)
    }

    /// Records a registration of `T` made by `thunk` and returns its builder.
    func register<T>(
        _: T.Type, parameters: FactoryParameters, thunk: @escaping FactoryThunk, kind: DIFactoryKind,
        asyncFactory: AsyncFactory? = nil, file: StaticString, line: Int, filePath: StaticString
    ) -> DIComponentBuilder<T> {
        let site = SiteText.strings(file: file, filePath: filePath)
        let id = add(
            Registration(
                info: DIComponentInfo(type: T.self, file: site.file, line: line, filePath: site.filePath), type: T.self,
                parameters: parameters.descriptors, factory: thunk, kind: kind, asyncFactory: asyncFactory))
        return DIComponentBuilder(container: self, id: id)
    }
}
