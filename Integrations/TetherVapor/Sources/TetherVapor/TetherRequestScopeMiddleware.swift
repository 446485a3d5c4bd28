import Logging
import NIOConcurrencyHelpers
import Tether
import Vapor

/// Gives each request a `DIRequestScope`, kept in the request's storage, and ends it once the response is done,
/// disposing the request's `perRequest` instances: `req.tether.resolve(T.self)` resolves through it.
///
/// ```swift
/// app.middleware.use(TetherRequestScopeMiddleware(container: container))  // `app.tether.use` adds it too
/// app.get("todos") { req in try req.tether.resolve(TodoService.self).all() }
/// ```
/// A response whose body is in memory is done when the route returns, so the scope ends here, before Vapor writes
/// it. A streamed body runs after this middleware has returned, and Vapor gives a middleware no signal when its last
/// byte is written: a body made by `req.tether.streamedBody { }` takes the scope's end with it and ends the scope
/// after its last write. A body streamed otherwise must not use the request's instances: they are disposed before
/// it runs, and a resolve through the scope then throws `outside-request-scope`.
public struct TetherRequestScopeMiddleware: AsyncMiddleware {
    /// The container each request's scope resolves from.
    public let container: DIContainer

    /// Makes the middleware for `container`.
    public init(container: DIContainer) {
        self.container = container
    }

    /// Opens the request's scope, runs the rest of the chain, and ends the scope, unless a streamed body took its
    /// end; a route's error ends it too, before the error goes on to `ErrorMiddleware`.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let scope = RequestScopeEnd(scope: DIRequestScope(container: container), logger: request.logger)
        request.storage[RequestScopeEnd.Key.self] = scope
        let response: Response
        do {
            response = try await next.respond(to: request)
        } catch {
            await scope.end()
            throw error
        }
        if !scope.isHandedToBody { await scope.end() }
        return response
    }
}

/// A request's scope, and who ends it: the middleware, or the streamed body that took it.
final class RequestScopeEnd: Sendable {
    struct Key: StorageKey {
        typealias Value = RequestScopeEnd
    }

    let scope: DIRequestScope
    private let logger: Logger
    private let handedToBody = NIOLockedValueBox(false)

    init(scope: DIRequestScope, logger: Logger) {
        self.scope = scope
        self.logger = logger
    }

    /// Whether a streamed body ends the scope after its last write, rather than the middleware.
    var isHandedToBody: Bool { handedToBody.withLockedValue { $0 } }

    /// Leaves the scope's end to a streamed body.
    func handToBody() {
        handedToBody.withLockedValue { $0 = true }
    }

    /// Ends the scope, and logs a disposal that failed: the response is sent by now, or about to be, so the
    /// failure is the server's to hear about, not the client's. A second call disposes nothing.
    func end() async {
        let report = await scope.end()
        if !report.isClean {
            logger.error("the request scope's disposal had failures", metadata: ["report": "\(report)"])
        }
    }
}
