/// Turns a bound component into its provision: the lifetime's caching around its `Construction`. Inlinable so
/// that it is specialised for the component's factory where the component is registered.
@usableFromInline
enum ComponentPlan {
    /// The component's own provision, per its lifetime.
    @inlinable
    static func provision<Factory: ComponentFactory>(_ component: BoundComponent, factory: Factory) -> AnyProvision {
        let construction = Construction(component, factory: factory)
        switch component.lifetime {
        case .prototype:
            return everyTime(construction)
        case .objectGraph:
            return sharedInGraph(construction)
        case .perContainer, .perRun, .single:
            let cell = component.cell!
            if cell.policy == .weak && !component.isClass { return everyTime(construction) }
            return cached(construction, in: cell)
        case .custom(let scope):
            if scope.policy == .weak && !component.isClass { return everyTime(construction) }
            return scoped(construction, in: scope)
        }
    }

    /// prototype, and weak lifetimes of value types: a new instance for every request.
    @inlinable
    static func everyTime<Factory>(_ construction: Construction<Factory>) -> AnyProvision {
        Provision { (context: inout ResolveContext) throws(DIError) -> Factory.Value in try construction.make(&context) }
    }

    /// objectGraph: one instance per top-level resolve.
    @inlinable
    static func sharedInGraph<Factory>(_ construction: Construction<Factory>) -> AnyProvision {
        Provision { (context: inout ResolveContext) throws(DIError) -> Factory.Value in
            if construction.onCycle { try CycleGuard.check(construction.component, context) }
            if let existing = context.recall(construction.index) { return construction.reused(existing, context) }
            return try construction.make(&context)
        }
    }

    /// perContainer, perRun and single: one instance per cell, read without a lock once it exists.
    @inlinable
    static func cached<Factory>(_ construction: Construction<Factory>, in cell: InstanceCell) -> AnyProvision {
        typealias Value = Factory.Value
        return Provision { (context: inout ResolveContext) throws(DIError) -> Value in
            if let existing = cell.load() { return construction.reused(existing, context) }
            if construction.onCycle { try CycleGuard.check(construction.component, context) }
            if construction.keepsInGraph, let existing = context.recall(construction.index) {
                return construction.reused(existing, context)
            }
            return try cell.gate.run(
                reentry: { CycleGuard.reentry(construction.step) },
                existing: { () throws(DIError) -> Value? in
                    cell.load().map { construction.reused($0, context) }
                },
                create: { () throws(DIError) -> Value in
                    let made = try construction.make(&context)
                    cell.store(InstanceBox.object(made, isClass: construction.isClass))
                    context.notePublished(cell)
                    DILogger.log(.verbose, "created \(construction.step)")
                    return made
                })
        }
    }

    /// custom: kept in the scope's storage, which decides when an instance is reused.
    @inlinable
    static func scoped<Factory>(_ construction: Construction<Factory>, in scope: DIScope) -> AnyProvision {
        typealias Value = Factory.Value
        let info = construction.component.info
        let gate = construction.component.scopeGate!
        return Provision { (context: inout ResolveContext) throws(DIError) -> Value in
            if construction.onCycle { try CycleGuard.check(construction.component, context) }
            if construction.keepsInGraph, let existing = context.recall(construction.index) {
                return construction.reused(existing, context)
            }
            return try gate.run(
                reentry: { CycleGuard.reentry(construction.step) },
                existing: { () throws(DIError) -> Value? in
                    guard let existing = try scope.fetch(info, as: Value.self) else { return nil }
                    context.observer?.didReuse(construction.step)
                    return existing
                },
                create: { () throws(DIError) -> Value in
                    let made = try construction.make(&context)
                    scope.save(made, isClass: construction.isClass, for: info)
                    return made
                })
        }
    }
}
