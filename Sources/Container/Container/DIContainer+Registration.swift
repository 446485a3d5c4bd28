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
    @inlinable
    @discardableResult
    public func register<T, each P>(
        _ factory: @escaping @Sendable (consuming (repeat each P)) throws -> T,
        file: String = #fileID, line: Int = #line, filePath: String = #filePath
    ) -> DIComponentBuilder<T> {
        var parameters: [DependencyDescriptor] = []
        for parameter in repeat (each P).self { parameters.append(DependencyDescriptor(parameter)) }
        let info = DIComponentInfo(type: T.self, file: file, line: line, filePath: filePath)
        let registration = Registration(info: info, type: T.self, parameters: parameters) { component in
            ComponentPlan.provision(
                component, factory: FactoryCall(factory: factory, slots: SlotTable(component.slots), component: component))
        }
        return DIComponentBuilder(container: self, id: add(registration))
    }
}
