/// Turns a bound component into its provision: its lifetime's rule around its `Construction`. Inlinable so
/// that it is specialised for the component's factory where the component is registered.
@usableFromInline
enum ComponentPlan {
    /// The component's own provision, per its lifetime.
    @inlinable
    static func provision<Factory: ComponentFactory>(_ component: BoundComponent, factory: Factory) -> AnyProvision {
        let construction = Construction(component, factory: factory)
        switch component.lifetime {
        case .prototype:
            return provision(construction, EveryTime.self)
        case .objectGraph:
            return provision(construction, SharedInGraph.self)
        case .perContainer, .perRun, .single:
            // Nothing holds a value type weakly: a weak lifetime of one builds it every time.
            if component.cell!.policy == .weak && !component.isClass { return provision(construction, EveryTime.self) }
            return provision(construction, Cached.self)
        case .custom(let scope):
            if scope.policy == .weak && !component.isClass { return provision(construction, EveryTime.self) }
            return provision(construction, Scoped.self)
        }
    }

    /// A provision running `Rule` on `construction`. Each closure captures only the construction, so calling one
    /// runs the rule, specialised, with no thunk in between.
    @inlinable
    static func provision<Factory, Rule: LifetimeRule>(
        _ construction: Construction<Factory>, _: Rule.Type
    ) -> AnyProvision {
        typealias Value = Factory.Value
        let value = { @Sendable (context: inout ResolveContext) throws(DIError) -> Value in
            try Rule.produce(construction, &context)
        }
        guard Provision<Value>.carriesObjects else { return Provision(value) }
        return Provision(
            value: value,
            object: { (context: inout ResolveContext) throws(DIError) -> AnyObject in
                unsafeBitCast(try Rule.produce(construction, &context), to: AnyObject.self)
            })
    }
}
