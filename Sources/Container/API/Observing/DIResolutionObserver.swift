/// Watches the resolves it is passed to: every instance built and every one reused, in order.
///
/// TetherDiagnostics uses it for resolution traces and start-up profiles; pass your own to
/// `resolveOrThrow(_:name:observer:)` or `initializeSingletonObjectsOrThrow(observer:)`. Calls arrive on the
/// resolving thread, nested as the graph is built: every `willBuild` is closed by one `didBuild`.
///
/// ```swift
/// final class BuildCounter: DIResolutionObserver, @unchecked Sendable {  // one resolve's thread at a time
///     var built = 0
///     func willBuild(_ step: DIResolutionStep) {}
///     func didBuild(_ step: DIResolutionStep, failed: Bool) { if !failed { built += 1 } }
///     func didReuse(_ step: DIResolutionStep) {}
/// }
/// let counter = BuildCounter()
/// let checkout = try container.resolveOrThrow(Checkout.self, observer: counter)
/// ```
public protocol DIResolutionObserver: AnyObject, Sendable {
    /// A component's factory is about to run.
    func willBuild(_ step: DIResolutionStep)
    /// That factory and the component's immediate injections have finished, or failed.
    func didBuild(_ step: DIResolutionStep, failed: Bool)
    /// An instance made earlier (in this resolve, this container, this process or a scope) was handed out.
    func didReuse(_ step: DIResolutionStep)
}
