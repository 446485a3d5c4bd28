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
