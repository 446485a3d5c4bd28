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
    @inlinable @inline(never)
    @discardableResult
    public func register<T, each P>(
        _ factory: @escaping @Sendable (consuming (repeat each P)) throws -> T,
        file: String = #fileID, line: Int = #line, filePath: String = #filePath
    ) -> DIComponentBuilder<T> {
        // The only code specialised for a registration: this function and its thunk (read the parameters, call the
        // factory, write the instance). Never inlined, so that an app's function of a thousand `register` calls
        // stays a thousand calls for the optimiser, not one body a thousand registrations long. The engine that
        // runs the thunk is compiled once in Tether (see Docs/en/Architecture.md).
        let thunk: FactoryThunk = { (reader, target) throws(DIError) in
            let instance: T
            do {
                instance = try factory((repeat try reader.next((each P).self)))
            } catch {
                throw reader.factoryFailure(error)
            }
            _ = target.initializeMemory(as: T.self, to: instance)
        }
        return DIComponentBuilder(
            container: self, id: record(T.self, parameters: repeat (each P).self, file: file, line: line, filePath: filePath, factory: thunk))
    }

    /// Records a registration; generic only through the types' metadata, so compiled once in Tether.
    @usableFromInline
    func record<T, each P>(
        _: T.Type, parameters: repeat (each P).Type, file: String, line: Int, filePath: String,
        factory: @escaping FactoryThunk
    ) -> Int {
        add(
            Registration(
                info: DIComponentInfo(type: T.self, file: file, line: line, filePath: filePath), type: T.self,
                parameters: DependencyDescriptor.list(repeat each parameters), factory: factory))
    }
}
