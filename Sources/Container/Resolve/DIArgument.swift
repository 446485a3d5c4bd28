/// A factory parameter passed by the caller at resolve time instead of resolved from the container.
///
/// ```swift
/// container.register { (id: DIArgument<UUID>, api: API) in OrderViewModel(id: id.value, api: api) }
/// let model: OrderViewModel = container.resolve(arguments: orderID)
/// ```
/// Arguments are matched by position among the `DIArgument` parameters. Such a component cannot be injected as
/// a plain dependency (nobody would pass its arguments), which validation reports.
public struct DIArgument<Value> {
    /// The value the caller passed.
    public let value: Value

    /// Wraps a value.
    public init(_ value: Value) {
        self.value = value
    }
}

extension DIArgument: Sendable where Value: Sendable {}

extension DIArgument: DependencyShape {
    static var shapeKind: DIDependency.Kind { .argument }
    static var element: any Any.Type { Value.self }

    static func provision(for target: SlotTarget) -> Provision {
        guard case .argument(let position) = target else { preconditionFailure("an argument slot has a position") }
        return ArgumentProvision<Value>(position: position)
    }
}

/// `DIArgument<P>`: the runtime argument at one position, which the top-level request checked.
final class ArgumentProvision<Value>: Provision, @unchecked Sendable {  // Immutable.
    let position: Int

    init(position: Int) {
        self.position = position
    }

    override func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        let argument = DIArgument(context.argument(position, as: Value.self))
        target.initializeMemory(as: DIArgument<Value>.self, repeating: argument, count: 1)
    }
}
