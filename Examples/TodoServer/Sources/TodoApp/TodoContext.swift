import Hummingbird
import Tether

/// A request's context: Hummingbird's, the request's Tether scope, and a body limit small enough for todos.
public struct TodoContext: RequestContext {
    /// Hummingbird's part of the context.
    public var coreContext: CoreRequestContextStorage
    /// Set by `RequestScopeMiddleware` before any route runs.
    var scope: DIRequestScope?

    /// The context of a request the server just received.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// 16 KB: a todo is a title.
    public var maxUploadSize: Int { 16 * 1024 }

    /// The request's scope, where the routes resolve what they use.
    var requestScope: DIRequestScope {
        get throws {
            guard let scope else { throw HTTPError(.internalServerError, message: "no request scope") }
            return scope
        }
    }
}

/// Opens a Tether request scope for each request and ends it once the response is made, disposing what the
/// request used (its `UnitOfWork`).
struct RequestScopeMiddleware: RouterMiddleware {
    let container: DIContainer

    func handle(
        _ request: Request, context: TodoContext, next: (Request, TodoContext) async throws -> Response
    ) async throws -> Response {
        try await container.withRequestScope { scope in
            var context = context
            context.scope = scope
            return try await next(request, context)
        }
    }
}

/// Logs what caused a 5xx. Hummingbird answers an error that is not an `HTTPResponseError` (a failed query, a
/// closed database) with a 500 and logs it at `.debug` only, so without this the cause would be lost in production.
struct FailureLogMiddleware: RouterMiddleware {
    func handle(
        _ request: Request, context: TodoContext, next: (Request, TodoContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            if status.code >= 500 {
                context.logger.error(
                    "request failed",
                    metadata: [
                        "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(status.code)",
                        "error": "\(String(reflecting: error))",
                    ])
            }
            throw error
        }
    }
}
