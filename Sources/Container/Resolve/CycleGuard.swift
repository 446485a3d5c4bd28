/// Refuses, during a resolve, a component asked for again while it is still being built.
///
/// Only components the plan found on a construction cycle (factory parameters and immediate property
/// injections) pay for this; for them the resolve keeps a chain of frames on the stack. Such a cycle is an
/// error whatever the lifetimes, as validation reports it: break it with `Lazy`, `Provider` or
/// `.injection(cycle: true, ...)`, which run after everything else is built.
@usableFromInline
enum CycleGuard {
    @inlinable
    static func guarding<Value>(
        _ component: BoundComponent, _ context: inout ResolveContext,
        _ body: (inout ResolveContext) throws(DIError) -> Value
    ) throws(DIError) -> Value {
        if component.cycleSize == 0 { return try body(&context) }
        try check(component, context)
        var frame = GuardFrame(component: component, previous: context.guardTop)
        return try withUnsafeMutablePointer(to: &frame) { (pointer) throws(DIError) -> Value in
            let saved = context.guardTop
            context.guardTop = pointer
            defer { context.guardTop = saved }
            return try body(&context)
        }
    }

    /// Throws the cycle if `component` is in progress in this resolve.
    @usableFromInline
    static func check(_ component: BoundComponent, _ context: ResolveContext) throws(DIError) {
        var frame = context.guardTop
        var chain: [DIResolutionStep] = []
        while let current = frame {
            chain.append(current.pointee.component.step)
            if current.pointee.component === component {
                throw DIError(.cycle(component.step.requested, cycle: chain.reversed()))
            }
            frame = current.pointee.previous
        }
    }

    /// The error for a thread coming back to an instance it is building, through a nested resolve.
    @usableFromInline
    static func reentry(_ step: DIResolutionStep) -> DIError {
        DIError(.cycle(step.requested, cycle: [step]))
    }
}
