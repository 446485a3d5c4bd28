import Tether
import Vapor

extension Request {
    /// The request's Tether scope and what resolves through it: `try req.tether.resolve(T.self)`.
    public var tether: TetherRequest { TetherRequest(request: self) }
}

/// Resolves through the request's scope, which `TetherRequestScopeMiddleware` opened: the `req.tether` namespace.
public struct TetherRequest: Sendable {
    /// The request whose scope it reads.
    public let request: Request

    /// The request's scope. Throws `TetherVaporError.noRequestScope` when no `TetherRequestScopeMiddleware` ran
    /// before the route: a silent fallback to the container would hand out `perRequest` instances nobody disposes.
    public var scope: DIRequestScope {
        get throws { try scopeEnd.scope }
    }

    /// Resolves `T` (named, if `name` is given) with this request's `perRequest` instances: one of each per
    /// request, disposed when the request's scope ends.
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws -> T {
        try scope.resolve(type, name: name)
    }

    /// A streamed body that may use the request's instances until its last byte: the scope ends after `write`
    /// returns or throws and the stream's end (or its error) is written, not when the route returns.
    ///
    /// ```swift
    /// app.get("export") { req in
    ///     let rows = try req.tether.resolve(ExportQuery.self)  // perRequest: kept open while the body streams
    ///     return Response(body: try req.tether.streamedBody { writer in
    ///         for row in try rows.all() { try await writer.writeBuffer(ByteBuffer(string: row + "\n")) }
    ///     })
    /// }
    /// ```
    /// `write` must not write `.end` or `.error` itself: the body writes them, as Vapor's `managedAsyncStream` does,
    /// so that the scope cannot end before them. A body Vapor never runs (a `HEAD` request, a `204`, a response a
    /// later middleware replaced) still ends the scope once Vapor lets go of it.
    ///
    /// - Parameters:
    ///   - count: the body's length in bytes, when known; `nil` streams it chunked.
    ///   - write: writes the body's bytes.
    public func streamedBody(
        count: Int? = nil, _ write: @escaping @Sendable (any AsyncBodyStreamWriter) async throws -> Void
    ) throws -> Response.Body {
        let scopeEnd = try scopeEnd
        scopeEnd.handToBody()
        let owner = BodyScopeOwner(scopeEnd)
        let managed: @Sendable (any AsyncBodyStreamWriter) async throws -> Void = { writer in
            do {
                try await write(writer)
                try await writer.write(.end)
            } catch {
                try? await writer.write(.error(error))
                await owner.end()
                throw error
            }
            await owner.end()
        }
        return Response.Body(asyncStream: managed, count: count ?? -1, byteBufferAllocator: request.byteBufferAllocator)
    }

    private var scopeEnd: RequestScopeEnd {
        get throws {
            guard let scopeEnd = request.storage[RequestScopeEnd.Key.self] else {
                throw TetherVaporError.noRequestScope(path: request.url.path)
            }
            return scopeEnd
        }
    }
}

/// Holds a streamed body's claim on the scope's end: the body ends it after its last write, and if Vapor drops the
/// body without running it, the claim's release ends it, so that no request keeps its instances for good.
private final class BodyScopeOwner: Sendable {
    private let scopeEnd: RequestScopeEnd

    init(_ scopeEnd: RequestScopeEnd) {
        self.scopeEnd = scopeEnd
    }

    func end() async {
        await scopeEnd.end()
    }

    deinit {
        // After a body that ran, a second end that disposes nothing; a deinit cannot await, hence the task.
        Task { [scopeEnd] in await scopeEnd.end() }
    }
}

/// What TetherVapor throws: a setup it cannot work with, said with its fix.
public enum TetherVaporError: Error, CustomStringConvertible, AbortError {
    /// No `TetherRequestScopeMiddleware` ran before the route at `path`.
    case noRequestScope(path: String)
    /// Vapor's synchronous `boot()` met a `.custom` start-up, which is `async`.
    case asyncStartUpInSynchronousBoot

    /// The text the error middleware shows outside production, and logs.
    public var description: String {
        switch self {
        case .noRequestScope(let path):
            "error[no-request-scope]: \(path) resolved through req.tether, but no Tether middleware opened a "
                + "request scope for it\n  help: call app.tether.use(container) (or add TetherRequestScopeMiddleware) "
                + "before the routes that use req.tether"
        case .asyncStartUpInSynchronousBoot:
            "error[async-start-up-in-synchronous-boot]: Vapor's synchronous boot() cannot await the container's "
                + "custom start-up\n  help: call `try await app.asyncBoot()` before `app.testing()` or `app.boot()`, "
                + "or start the application with `execute()` or `startup()`, which boot asynchronously"
        }
    }

    /// A server error: the route's setup is wrong, not the client's request.
    public var status: HTTPResponseStatus { .internalServerError }

    /// The same text as `description`.
    public var reason: String { description }
}
