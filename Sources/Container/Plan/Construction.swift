/// Builds one new instance of a component: runs its factory, shares the instance with the rest of the resolve
/// where others may ask for it again, and sets its injected properties. Errors gain the component as a step.
///
/// The lifetime's closure captures it and calls it directly, so that building costs no call of its own; a class,
/// so that the closure reads the fields it needs instead of copying them all onto the stack on every call.
@usableFromInline
final class Construction<Factory: ComponentFactory>: @unchecked Sendable {  // Immutable; `component` outlives it.
    @usableFromInline typealias Value = Factory.Value

    @usableFromInline let factory: Factory
    @usableFromInline let step: DIResolutionStep
    @usableFromInline let index: Int
    @usableFromInline let isClass: Bool
    @usableFromInline let keepsInGraph: Bool
    /// Whether the component is on a construction cycle, so that building it again in this resolve is an error.
    @usableFromInline let onCycle: Bool
    /// No cycle guard and no injections: what most components need.
    @usableFromInline let isPlain: Bool
    @usableFromInline let injectors: [(injector: Injector<Value>, slot: Int, cycle: Bool)]
    @usableFromInline let injectionSlots: SlotTable
    @usableFromInline unowned(unsafe) let component: BoundComponent
    /// Where a perContainer, perRun or single instance is kept.
    @usableFromInline let cell: InstanceCell?
    /// The scope of a custom lifetime, which keeps its instances.
    @usableFromInline let scope: DIScope?

    @inlinable
    init(_ component: BoundComponent, factory: Factory) {
        self.factory = factory
        self.component = component
        step = component.step
        index = component.index
        isClass = component.isClass
        keepsInGraph = component.keepsInGraph
        injectors = component.injectors(as: Value.self)
        injectionSlots = SlotTable(component.injectionSlots)
        onCycle = component.cycleSize > 0
        cell = component.cell
        if case .custom(let scope) = component.lifetime { self.scope = scope } else { self.scope = nil }
        isPlain = injectors.isEmpty && !onCycle
    }

    /// A new instance, built, shared and injected.
    @inlinable @inline(__always)
    func make(_ context: inout ResolveContext) throws(DIError) -> Value {
        guard isPlain else { return try makeGuarded(&context) }
        context.observer?.willBuild(step)
        do throws(DIError) {
            let value = try factory.build(&context)
            if keepsInGraph { context.remember(index, InstanceBox.object(value, isClass: isClass)) }
            context.observer?.didBuild(step, failed: false)
            return value
        } catch {
            context.observer?.didBuild(step, failed: true)
            throw error.prepending(step)
        }
    }

    /// The instance this resolve already made and shares, if any; throws the cycle if the component is being
    /// built now. What every lifetime that reuses instances asks before looking further.
    @inlinable @inline(__always)
    func madeInThisResolve(_ context: ResolveContext) throws(DIError) -> Value? {
        if onCycle { try CycleGuard.check(component, context) }
        guard keepsInGraph, let existing = context.recall(index) else { return nil }
        return reused(existing, context)
    }

    /// An instance made earlier (by this resolve, a cell or a scope), told to the observer.
    @inlinable
    func reused(value: Value, _ context: ResolveContext) -> Value {
        context.observer?.didReuse(step)
        return value
    }

    /// A cached instance, as the component's type, told to the observer.
    @inlinable
    func reused(_ existing: AnyObject, _ context: ResolveContext) -> Value {
        reused(value: InstanceBox.value(existing, isClass: isClass), context)
    }

    /// An instance this resolve made earlier and still holds, as the component's type, told to the observer.
    @inlinable
    func reused(_ existing: Unmanaged<AnyObject>, _ context: ResolveContext) -> Value {
        existing._withUnsafeGuaranteedRef { reused($0, context) }
    }

    @inlinable @inline(never)
    func makeGuarded(_ context: inout ResolveContext) throws(DIError) -> Value {
        if onCycle { try CycleGuard.enter(component, &context) }
        defer { if onCycle { CycleGuard.leave(&context) } }
        context.observer?.willBuild(step)
        do throws(DIError) {
            let value = try factory.build(&context)
            if keepsInGraph { context.remember(index, InstanceBox.object(value, isClass: isClass)) }
            for (injector, position, cycle) in injectors {
                let slot = injectionSlots.provisions[position]
                if cycle {
                    let step = step
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

extension DIError {
    /// The error as seen from the component that was building `step` when it passed through.
    @usableFromInline
    func prepending(_ step: DIResolutionStep) -> DIError {
        var copy = self
        copy.path.insert(step, at: 0)
        return copy
    }
}
