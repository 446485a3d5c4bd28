import Hummingbird
import Tether

/// A request context that carries the request's Tether scope, which `TetherRequestScopeMiddleware` sets before any
/// route runs.
///
/// ```swift
/// struct AppContext: TetherRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var requestScope: DIRequestScope?
///     init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
/// }
/// router.get("/todos") { _, context in try await context.tether.resolve(TodoRepository.self).all() }
/// ```
/// A protocol rather than a context type of ours, so that an app keeps one context of its own, with its other
/// fields and its limits (`maxUploadSize`), as Hummingbird's authentication contexts are adopted.
public protocol TetherRequestContext: RequestContext {
    /// The request's scope: `nil` until the middleware has run. Settable so that the middleware can put it in the
    /// context it passes on; a route reads it through `tether`.
    var requestScope: DIRequestScope? { get set }
}

extension TetherRequestContext {
    /// The request's scope, to resolve through: a `perRequest` component gets this request's instance, disposed once
    /// the response has been written.
    ///
    /// Throws, rather than stopping the server, when the middleware was not added in front of the route: a mistake
    /// in one router group should cost that group's requests, not every request in flight.
    public var tether: DIRequestScope {
        get throws(TetherRequestScopeMissing) {
            guard let requestScope else { throw TetherRequestScopeMissing() }
            return requestScope
        }
    }
}

/// A context with only Hummingbird's fields and the request's scope, for an app that needs nothing else (as
/// Hummingbird's `BasicRequestContext` is for one without Tether).
public struct BasicTetherRequestContext: TetherRequestContext {
    /// Hummingbird's part of the context.
    public var coreContext: CoreRequestContextStorage
    /// Set by `TetherRequestScopeMiddleware`.
    public var requestScope: DIRequestScope?

    /// The context of a request the server just received, with no scope yet.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}

/// Thrown by `context.tether` in a route that no `TetherRequestScopeMiddleware` runs in front of.
public struct TetherRequestScopeMissing: Error, CustomStringConvertible {
    /// What happened and how to fix it, as Tether's own errors say it.
    public var description: String {
        "error[no-request-scope]: the request has no Tether scope\n"
            + "help: add `TetherRequestScopeMiddleware(container:)` to the router, or to the group, before the route"
    }
}
