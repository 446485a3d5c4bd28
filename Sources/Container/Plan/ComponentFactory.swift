/// Calls a component's factory with its bound dependencies during a resolve.
///
/// A protocol rather than a closure so that the plan's code calls the factory directly: `ComponentPlan` is
/// specialised for the conforming type where the component is registered, and one closure per component
/// remains where a closure per layer (lifetime, construction, factory call) would each cost a call.
@usableFromInline
protocol ComponentFactory: Sendable {
    /// The component's own type.
    associatedtype Value

    /// Resolves the factory's parameters from their slots and calls it.
    func build(_ context: inout ResolveContext) throws(DIError) -> Value
}
