/// The `Lazy` and `Provider` resolves, and the nested `inject(into:)` calls, in progress on the calling thread,
/// innermost last.
///
/// A factory that reads a `Lazy` while it is being built starts a resolve inside a resolve. If that resolve
/// needs, through prototypes, the factory's own component again, each round builds a new instance and reads a
/// new `Lazy`: the stack would overflow. Keeping this per-thread list lets the second round see that the
/// component it is about to resolve is already being resolved below it, and report the cycle. A completion that
/// calls `inject(into:)` on the object it completes runs itself again in the same way. Only `Lazy`, `Provider` and
/// an `inject(into:)` inside a resolve pay for it.
enum DeferredResolutionStack {
    private final class Frames {
        var components: [(component: ObjectIdentifier, step: DIResolutionStep)] = []
    }

    private static let frames = ThreadLocal { Frames() }

    /// Runs `body` as the resolve of `component`, or throws the cycle if the thread is resolving it already.
    ///
    /// Without a component (a `Lazy` or `Provider` around a nested shape, `Lazy<[P]>`) it only runs `body`: such a
    /// resolve that comes back to itself is stopped by the stack guard, with `stack-exhausted`.
    static func resolving<Value>(
        _ component: BoundComponent?, _ body: () throws(DIError) -> Value
    ) throws(DIError) -> Value {
        guard let component else { return try body() }
        return try entering(ObjectIdentifier(component), component.step, body)
    }

    /// Runs `body` as `inject(into: object)` of `component`, or throws the cycle if the thread is injecting into
    /// that very object already (another object of the same type is no cycle).
    static func injecting<Value>(
        into object: AnyObject, by component: BoundComponent, _ body: () throws(DIError) -> Value
    ) throws(DIError) -> Value {
        try entering(ObjectIdentifier(object), component.step, body)
    }

    /// A live component and a live object are never the same memory, so one list keys both.
    private static func entering<Value>(
        _ id: ObjectIdentifier, _ step: DIResolutionStep, _ body: () throws(DIError) -> Value
    ) throws(DIError) -> Value {
        let frames = frames.value
        if let first = frames.components.firstIndex(where: { $0.component == id }) {
            let cycle = frames.components[first...].map(\.step)
            throw DIError(.cycle(step.requested, cycle: Array(cycle)))
        }
        frames.components.append((id, step))
        defer { frames.components.removeLast() }
        return try body()
    }
}
