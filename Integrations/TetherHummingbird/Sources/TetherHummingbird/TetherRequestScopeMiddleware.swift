import Hummingbird
import Synchronization
import Tether

/// Gives each request a Tether request scope, and ends the scope, disposing the request's `perRequest` instances,
/// once the response body has been written.
///
/// ```swift
/// let router = Router(context: AppContext.self)
/// router.add(middleware: TetherRequestScopeMiddleware(container: container))
/// ```
/// A handler's return is not the request's end: a body made of a closure or an async sequence is written after the
/// whole middleware chain has returned, and may still use what the request resolved (a unit of work, a database
/// transaction that streams rows). So the scope ends in the body's writer, after it finishes or throws (the client
/// went away), and at once when the rest of the chain throws, since Hummingbird then answers from the error and
/// nothing of the request runs any more. A response that is dropped unwritten (an outer middleware replaced it, the
/// connection closed before its head was sent) ends the scope when it is released.
///
/// Every body is written through a closure, so a body that was one buffer takes three writes to the channel rather
/// than Hummingbird's one: the public `ResponseBody` does not say which kind it is, and a scope ended before the
/// writer runs is the bug this middleware is here to prevent.
///
/// Added twice (on the router and on a group), it keeps the first scope, so that the request has one instance of
/// each `perRequest` component wherever it resolves.
public struct TetherRequestScopeMiddleware<Context: TetherRequestContext>: RouterMiddleware {
    /// The container the requests' scopes resolve from.
    public let container: DIContainer
    /// Whether each request's scope is given the request's `Logger` (`context.logger`, with its request id), for the
    /// components that take one: the container declares it with `container.registerRequestInput(Logger.self)`.
    public let providesLogger: Bool

    /// Makes the middleware for `container`; with `providesLogger`, each scope is given the request's logger, which
    /// the container must declare as a request input (else every request fails with `undeclared-request-input`).
    public init(container: DIContainer, providesLogger: Bool = false) {
        self.container = container
        self.providesLogger = providesLogger
    }

    /// Runs the rest of the chain with a new scope in the context; the scope ends once the response is written.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard context.requestScope == nil else { return try await next(request, context) }
        let scope =
            providesLogger
            ? try DIRequestScope(container: container, providing: context.logger) : DIRequestScope(container: container)
        let ending = ScopeEnding(scope)
        var context = context
        context.requestScope = ending.scope
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            await ending.end()
            throw error
        }
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            do {
                try await body.write(writer)
            } catch {
                await ending.end()
                throw error
            }
            await ending.end()
        }
        return response
    }
}

/// Ends a request's scope once: from the body's writer, or from the error path, or, when the response was dropped
/// without being written, from its release.
private final class ScopeEnding: Sendable {
    let scope: DIRequestScope
    private let ended = Atomic(false)

    init(_ scope: DIRequestScope) {
        self.scope = scope
    }

    func end() async {
        guard claim() else { return }
        await scope.end()
    }

    /// Whether this call is the one that ends the scope.
    private func claim() -> Bool {
        !ended.exchange(true, ordering: .acquiringAndReleasing)
    }

    deinit {
        // `deinit` cannot wait: the disposals run in a task of their own, as a cancelled request's do.
        guard claim() else { return }
        let scope = scope
        Task { await scope.end() }
    }
}
