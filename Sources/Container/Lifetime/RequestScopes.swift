/// The request scope each thread resolves in: set by `DIRequestScope.resolve` for its own resolve and every resolve
/// nested in it on the thread, which is where a `perRequest` component looks for its instance.
enum RequestScopes {
    private final class Current {
        var scope: DIRequestScope?
    }

    private static let threads = ThreadLocal { Current() }

    /// The thread's request scope, if it runs in one.
    static var current: DIRequestScope? { threads.value.scope }

    /// The request scope of the task's awaiting resolve (`DIRequestScope.resolveAsync`): a thread's scope does not
    /// last across an `await`, so each engine run of that resolve enters this one (`enteringAwaited`).
    @TaskLocal static var awaiting: DIRequestScope?

    /// `body`, made to run in the task's awaiting request scope, if it has one.
    static func enteringAwaited<Result>(
        _ body: @escaping () throws(DIError) -> Result
    ) -> () throws(DIError) -> Result {
        guard let scope = awaiting else { return body }
        return { () throws(DIError) -> Result in try entering(scope, body) }
    }

    /// Makes `scope` the thread's request scope; returns the one it replaces.
    static func enter(_ scope: DIRequestScope) -> DIRequestScope? {
        let current = threads.value
        defer { current.scope = scope }
        return current.scope
    }

    /// Gives the thread back the request scope `enter` replaced.
    static func leave(to outer: DIRequestScope?) {
        threads.value.scope = outer
    }

    /// Runs `body` with `scope` as the thread's request scope.
    static func entering<Result>(
        _ scope: DIRequestScope, _ body: () throws(DIError) -> Result
    ) throws(DIError) -> Result {
        let outer = enter(scope)
        defer { leave(to: outer) }
        return try body()
    }

    /// The instance of `component` in the thread's request scope; `outside-request-scope` where there is none.
    static func instance(of component: BoundComponent, _ context: inout ResolveContext) throws(DIError) -> AnyObject {
        guard let scope = threads.value.scope else {
            context.noteFailure(component.step)
            throw DIError(.outsideRequestScope(component.info, scopeEnded: false))
        }
        return try scope.instance(of: component, &context)
    }
}
