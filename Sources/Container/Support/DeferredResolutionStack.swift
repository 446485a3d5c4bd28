/// The `Lazy` and `Provider` resolves in progress on the calling thread, innermost last.
///
/// A factory that reads a `Lazy` while it is being built starts a resolve inside a resolve. If that resolve
/// needs, through prototypes, the factory's own component again, each round builds a new instance and reads a
/// new `Lazy`: the stack would overflow. Keeping this per-thread list lets the second round see that the
/// component it is about to resolve is already being resolved below it, and report the cycle. Only `Lazy` and
/// `Provider` pay for it.
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
        let frames = frames.value
        let id = ObjectIdentifier(component)
        if let first = frames.components.firstIndex(where: { $0.component == id }) {
            let cycle = frames.components[first...].map(\.step)
            throw DIError(.cycle(component.step.requested, cycle: Array(cycle)))
        }
        frames.components.append((id, component.step))
        defer { frames.components.removeLast() }
        return try body()
    }
}
