/// Detects, during a resolve, a component asked for again while it is still in progress.
///
/// Only components the plan found on a construction cycle pay for this; for them the resolve keeps a chain
/// of frames on the stack. Asking again for a component whose initializer has not returned is a cycle that
/// cannot end; asking again during property injection can end (a shared instance is found in the graph), but
/// more visits than the cycle has members means it does not.
@usableFromInline
enum CycleGuard {
    @inlinable
    static func guarding<Value>(
        _ component: BoundComponent, _ context: inout ResolveContext,
        _ body: (inout ResolveContext, UnsafeMutablePointer<GuardFrame>?) throws(DIError) -> Value
    ) throws(DIError) -> Value {
        if component.cycleSize == 0 { return try body(&context, nil) }
        try check(component, context)
        var frame = GuardFrame(component: component, previous: context.guardTop)
        return try withUnsafeMutablePointer(to: &frame) { (pointer) throws(DIError) -> Value in
            let saved = context.guardTop
            context.guardTop = pointer
            defer { context.guardTop = saved }
            return try body(&context, pointer)
        }
    }

    @usableFromInline
    static func check(_ component: BoundComponent, _ context: ResolveContext) throws(DIError) {
        var frame = context.guardTop
        var chain: [DIResolutionStep] = []
        var visits = 0
        while let current = frame {
            chain.append(current.pointee.component.step)
            if current.pointee.component === component {
                visits += 1
                if current.pointee.initializing || visits >= component.cycleSize {
                    throw DIError(.cycle(component.step.requested, cycle: chain.reversed()))
                }
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
