/// Turns a bound component into its provision: the lifetime's caching around a factory that builds, shares and
/// injects one instance. Inlinable so that it is specialised for the component's type where it is registered.
@usableFromInline
enum ComponentPlan<Value> {
    @usableFromInline typealias Produce = @Sendable (inout ResolveContext) throws(DIError) -> Value

    /// The component's own provision, per its lifetime.
    @inlinable
    static func provision(_ component: BoundComponent, create: @escaping Produce) -> AnyProvision {
        let fresh = freshInstances(component, create: create)
        switch component.lifetime {
        case .prototype:
            return Provision(fresh)
        case .objectGraph:
            return sharedInGraph(component, fresh)
        case .perContainer, .perRun, .single:
            let cell = component.cell!
            if cell.policy == .weak && !component.isClass { return Provision(fresh) }
            return cached(component, in: cell, fresh)
        case .custom(let scope):
            if scope.policy == .weak && !component.isClass { return Provision(fresh) }
            return scoped(component, in: scope, fresh)
        }
    }

    /// Builds a new instance, shares it with the rest of the resolve where others may ask again, and injects its
    /// properties; errors gain this component as a step of their path.
    @inlinable
    static func freshInstances(_ component: BoundComponent, create: @escaping Produce) -> Produce {
        let step = component.step
        let injectors = component.injectors(as: Value.self)
        if injectors.isEmpty && component.cycleSize == 0 && !component.keepsInGraph {
            return { (context: inout ResolveContext) throws(DIError) -> Value in
                context.observer?.willBuild(step)
                do throws(DIError) {
                    let value = try create(&context)
                    context.observer?.didBuild(step, failed: false)
                    return value
                } catch {
                    context.observer?.didBuild(step, failed: true)
                    throw error.prepending(step)
                }
            }
        }
        let index = component.index
        let keep = component.keepsInGraph
        let isClass = component.isClass
        let slots = SlotTable(component.injectionSlots)
        return { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) -> Value in
            try CycleGuard.guarding(component, &context) { (context) throws(DIError) -> Value in
                context.observer?.willBuild(step)
                do throws(DIError) {
                    let value = try create(&context)
                    if keep { context.remember(index, object(value, isClass: isClass)) }
                    for (injector, position, cycle) in injectors {
                        let slot = slots.provisions[position]
                        if cycle {
                            context.enqueue(
                                DeferredInjection(owner: step, ownerIndex: index) { (context: inout ResolveContext) throws(DIError) in
                                    do throws(DIError) { try injector.apply(value, slot, &context) } catch {
                                        throw error.prepending(step)
                                    }
                                })
                        } else {
                            try injector.apply(value, slot, &context)
                        }
                    }
                    context.observer?.didBuild(step, failed: false)
                    return value
                } catch {
                    context.observer?.didBuild(step, failed: true)
                    throw error.prepending(step)
                }
            }
        }
    }

    /// objectGraph: one instance per top-level resolve.
    @inlinable
    static func sharedInGraph(_ component: BoundComponent, _ fresh: @escaping Produce) -> AnyProvision {
        let index = component.index
        let isClass = component.isClass
        let onCycle = component.cycleSize > 0
        return Provision { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) -> Value in
            if onCycle { try CycleGuard.check(component, context) }
            if let existing = context.recall(index) {
                context.observer?.didReuse(component.step)
                return value(existing, isClass: isClass)
            }
            return try fresh(&context)
        }
    }

    /// perContainer, perRun and single: one instance per cell, read without a lock once it exists.
    @inlinable
    static func cached(_ component: BoundComponent, in cell: InstanceCell, _ fresh: @escaping Produce) -> AnyProvision {
        let index = component.index
        let isClass = component.isClass
        let keep = component.keepsInGraph
        let step = component.step
        let onCycle = component.cycleSize > 0
        return Provision { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) -> Value in
            if let existing = cell.load() {
                context.observer?.didReuse(step)
                return value(existing, isClass: isClass)
            }
            if onCycle { try CycleGuard.check(component, context) }
            if keep, let existing = context.recall(index) {
                context.observer?.didReuse(step)
                return value(existing, isClass: isClass)
            }
            return try cell.gate.run(
                reentry: { CycleGuard.reentry(step) },
                existing: { () throws(DIError) -> Value? in
                    guard let existing = cell.load() else { return nil }
                    context.observer?.didReuse(step)
                    return value(existing, isClass: isClass)
                },
                create: { () throws(DIError) -> Value in
                    let made = try fresh(&context)
                    cell.store(object(made, isClass: isClass))
                    context.notePublished(cell)
                    DILogger.log(.verbose, "created \(step)")
                    return made
                })
        }
    }

    /// custom: kept in the scope's storage, which decides when an instance is reused.
    @inlinable
    static func scoped(_ component: BoundComponent, in scope: DIScope, _ fresh: @escaping Produce) -> AnyProvision {
        let index = component.index
        let isClass = component.isClass
        let keep = component.keepsInGraph
        let step = component.step
        let info = component.info
        let gate = component.scopeGate!
        let onCycle = component.cycleSize > 0
        return Provision { [unowned(unsafe) component] (context: inout ResolveContext) throws(DIError) -> Value in
            if onCycle { try CycleGuard.check(component, context) }
            if keep, let existing = context.recall(index) {
                context.observer?.didReuse(step)
                return value(existing, isClass: isClass)
            }
            return try gate.run(
                reentry: { CycleGuard.reentry(step) },
                existing: { () throws(DIError) -> Value? in
                    guard let existing = try scope.fetch(info, as: Value.self) else { return nil }
                    context.observer?.didReuse(step)
                    return existing
                },
                create: { () throws(DIError) -> Value in
                    let made = try fresh(&context)
                    scope.save(made, isClass: isClass, for: info)
                    return made
                })
        }
    }

    /// The instance as the caches store it: class instances as they are, values boxed.
    @inlinable
    static func object(_ value: Value, isClass: Bool) -> AnyObject {
        isClass ? unsafeBitCast(value, to: AnyObject.self) : Box(value)
    }

    /// The inverse of `object(_:isClass:)`.
    @inlinable
    static func value(_ object: AnyObject, isClass: Bool) -> Value {
        isClass ? unsafeBitCast(object, to: Value.self) : unsafeDowncast(object, to: Box<Value>.self).value
    }
}

extension DIError {
    /// The error as seen from the component that was building `step` when it passed through.
    @usableFromInline
    func prepending(_ step: DIResolutionStep) -> DIError {
        var copy = self
        copy.path.insert(step, at: 0)
        return copy
    }
}
