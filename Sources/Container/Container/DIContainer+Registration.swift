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
        file: String = #fileID, line: Int = #line, filePath: String = #filePath
    ) -> DIComponentBuilder<T> {
        // Compiled once, in Tether, and never specialised where it is called: a registration costs its caller's
        // module one call and the compiler's conversion of `factory` to a function of the tuple of its
        // parameters (`Arguments`). See `FactoryParameters` and Benchmarks/README.md ("Fourth step").
        let parameters = FactoryParameters(Arguments.self)
        let size = MemoryLayout<Arguments>.size
        let alignment = MemoryLayout<Arguments>.alignment
        let thunk: FactoryThunk = { (reader, target) throws(DIError) in
            try withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: alignment) {
                (buffer) throws(DIError) in
                let arguments = buffer.baseAddress.unsafelyUnwrapped
                if parameters.count > 0 { try reader.read(parameters, into: arguments) }
                do {
                    // The instance is built straight into `target`, the arguments moved out of the buffer into
                    // the call: the factory consumes them, so the buffer holds nothing afterwards.
                    let instance = target.assumingMemoryBound(to: T.self)
                    try instance.initialize(to: factory(arguments.assumingMemoryBound(to: Arguments.self).move()))
                } catch {
                    throw reader.factoryFailure(error)
                }
            }
        }
        let id = add(
            Registration(
                info: DIComponentInfo(type: T.self, file: file, line: line, filePath: filePath), type: T.self,
                parameters: parameters.descriptors, factory: thunk))
        return DIComponentBuilder(container: self, id: id)
    }
}
