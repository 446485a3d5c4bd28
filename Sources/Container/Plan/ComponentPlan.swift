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
        let component = construction.component
        let onCycle = component.cycleSize > 0
        return Provision { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) -> Factory.Value in
            if onCycle { try CycleGuard.check(component, context) }
            if let existing = context.recall(construction.index) {
                context.observer?.didReuse(construction.step)
                return InstanceBox.value(existing, isClass: construction.isClass)
            }
            return try construction.make(&context)
        }
    }

    /// perContainer, perRun and single: one instance per cell, read without a lock once it exists.
    @inlinable
    static func cached<Factory>(_ construction: Construction<Factory>, in cell: InstanceCell) -> AnyProvision {
        typealias Value = Factory.Value
        let component = construction.component
        let (index, isClass, step) = (construction.index, construction.isClass, construction.step)
        let onCycle = component.cycleSize > 0
        return Provision { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) -> Value in
            if let existing = cell.load() {
                context.observer?.didReuse(step)
                return InstanceBox.value(existing, isClass: isClass)
            }
            if onCycle { try CycleGuard.check(component, context) }
            if construction.keepsInGraph, let existing = context.recall(index) {
                context.observer?.didReuse(step)
                return InstanceBox.value(existing, isClass: isClass)
            }
            return try cell.gate.run(
                reentry: { CycleGuard.reentry(step) },
                existing: { () throws(DIError) -> Value? in
                    guard let existing = cell.load() else { return nil }
                    context.observer?.didReuse(step)
                    return InstanceBox.value(existing, isClass: isClass)
                },
                create: { () throws(DIError) -> Value in
                    let made = try construction.make(&context)
                    cell.store(InstanceBox.object(made, isClass: isClass))
                    context.notePublished(cell)
                    DILogger.log(.verbose, "created \(step)")
                    return made
                })
        }
    }

    /// custom: kept in the scope's storage, which decides when an instance is reused.
    @inlinable
    static func scoped<Factory>(_ construction: Construction<Factory>, in scope: DIScope) -> AnyProvision {
        typealias Value = Factory.Value
        let component = construction.component
        let (index, isClass, step) = (construction.index, construction.isClass, construction.step)
        let info = component.info
        let gate = component.scopeGate!
        let onCycle = component.cycleSize > 0
        return Provision { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) -> Value in
            if onCycle { try CycleGuard.check(component, context) }
            if construction.keepsInGraph, let existing = context.recall(index) {
                context.observer?.didReuse(step)
                return InstanceBox.value(existing, isClass: isClass)
            }
            return try gate.run(
                reentry: { CycleGuard.reentry(step) },
                existing: { () throws(DIError) -> Value? in
                    guard let existing = try scope.fetch(info, as: Value.self) else { return nil }
                    context.observer?.didReuse(step)
                    return existing
                },
                create: { () throws(DIError) -> Value in
                    let made = try construction.make(&context)
                    scope.save(made, isClass: isClass, for: info)
                    return made
                })
        }
    }
}
