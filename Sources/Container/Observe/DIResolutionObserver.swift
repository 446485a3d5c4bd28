/// Watches the resolves it is passed to: every instance built and every one reused, in order.
///
/// TetherDiagnostics uses it for resolution traces and start-up profiles; pass your own to
/// `resolveOrThrow(_:name:observer:)` or `initializeSingletonObjectsOrThrow(observer:)`. Calls arrive on the
/// resolving thread, nested as the graph is built: every `willBuild` is closed by one `didBuild`.
public protocol DIResolutionObserver: AnyObject, Sendable {
    /// A component's factory is about to run.
    func willBuild(_ step: DIResolutionStep)
    /// That factory and the component's immediate injections have finished, or failed.
    func didBuild(_ step: DIResolutionStep, failed: Bool)
    /// An instance made earlier (in this resolve, this container, this process or a scope) was handed out.
    func didReuse(_ step: DIResolutionStep)
}
