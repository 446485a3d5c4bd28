import Hummingbird
import Tether
import TetherHummingbird

/// A request's context: Hummingbird's, the request's Tether scope, and a body limit small enough for todos.
public struct TodoContext: TetherRequestContext {
    /// Hummingbird's part of the context.
    public var coreContext: CoreRequestContextStorage
    /// Set by `TetherRequestScopeMiddleware` before any route runs; the routes resolve through `tether`.
    public var requestScope: DIRequestScope?

    /// The context of a request the server just received.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// 16 KB: a todo is a title.
    public var maxUploadSize: Int { 16 * 1024 }
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
