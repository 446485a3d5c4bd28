import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing
import Tether
import TetherHummingbird

/// What the requests' units of work did, in order, for the tests to wait on and read.
final class Journal: Sendable {
    private let entries = Mutex<[String]>([])
    private let nextID = Atomic(0)

    var all: [String] { entries.withLock { $0 } }

    func note(_ entry: String) { entries.withLock { $0.append(entry) } }

    func newID() -> Int { nextID.add(1, ordering: .relaxed).newValue }

    /// Waits until `entry` is noted, for at most five seconds: the server disposes after the client has read the
    /// response's end, so the test cannot expect it at once.
    func waitFor(_ entry: String) async throws -> Bool {
        for _ in 0..<500 {
            if all.contains(entry) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}

/// A request's unit of work: numbered, so a test can tell instances apart, and noted in the journal when disposed.
final class Work: DIDisposable {
    let id: Int
    let journal: Journal
    /// How long `dispose()` takes, as a rollback over the network would.
    let disposalTakes: Duration
    private let disposed = Atomic(false)

    init(journal: Journal, disposalTakes: Duration = .zero) {
        self.journal = journal
        self.disposalTakes = disposalTakes
        id = journal.newID()
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() async throws {
        try await Task.sleep(for: disposalTakes)
        disposed.store(true, ordering: .releasing)
        journal.note("disposed \(id)")
    }
}

struct Failure: Error {}

/// A container with a `perRequest` unit of work, and a router whose every route is behind the middleware, unless
/// `routes` adds its own.
func makeApp(
    _ journal: Journal, addsTheMiddleware: Bool = true, disposalTakes: Duration = .zero,
    routes: (Router<BasicTetherRequestContext>, DIContainer) -> Void
) -> (DIContainer, some ApplicationProtocol) {
    let container = DIContainer()
    container.registerInstance(journal)
    container.register { Work(journal: $0, disposalTakes: disposalTakes) }.lifetime(.perRequest)
    let router = Router(context: BasicTetherRequestContext.self)
    if addsTheMiddleware { router.add(middleware: TetherRequestScopeMiddleware(container: container)) }
    routes(router, container)
    return (container, Application(router: router, logger: Logger(label: "tether-hummingbird-tests")))
}

/// A body written in three parts with pauses between them, each saying whether the request's unit of work was
/// still live when it was written and which one a resolve through the scope found then.
func streamedBody(_ work: Work, _ context: BasicTetherRequestContext) -> ResponseBody {
    ResponseBody { writer in
        for _ in 0..<3 {
            try await Task.sleep(for: .milliseconds(20))
            let found = (try? context.tether.resolve(Work.self).id).map(String.init) ?? "none"
            let part = "\(work.isDisposed ? "disposed" : "live") \(found);"
            try await writer.write(ByteBuffer(string: part))
        }
        try await writer.finish(nil)
    }
}

@Suite struct TetherRequestScopeMiddlewareTests {
    @Test func aRequestHasOneInstanceOfAPerRequestComponentSharedByEverythingItResolves() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal) { router, _ in
            router.get("/work") { _, context -> String in
                let first = try context.tether.resolve(Work.self)
                let second = try context.tether.resolve(Work.self)
                return "\(first.id) \(second.id)"
            }
        }
        try await app.test(.live) { client in
            let one = try await client.execute(uri: "/work", method: .get) { String(buffer: $0.body) }
            let two = try await client.execute(uri: "/work", method: .get) { String(buffer: $0.body) }
            #expect(one == "1 1")
            #expect(two == "2 2")
        }
    }

    /// Takes the request's logger, which the middleware gives the scope.
    final class RequestLog: Sendable {
        let logger: Logger
        init(logger: Logger) { self.logger = logger }
    }

    @Test func aScopeGivenTheRequestsLoggerHandsItToItsComponents() async throws {
        let container = DIContainer()
        container.registerRequestInput(Logger.self)
        container.register(RequestLog.init(logger:)).lifetime(.perRequest)
        let router = Router(context: BasicTetherRequestContext.self)
        router.add(middleware: TetherRequestScopeMiddleware(container: container, providesLogger: true))
        router.get("/log") { _, context -> String in
            let logger = try context.tether.resolve(RequestLog.self).logger
            let id = logger[metadataKey: "hb.request.id"]?.description ?? "none"
            return "\(id == context.id) \(id)"
        }
        let app = Application(router: router, logger: Logger(label: "tether-hummingbird-tests"))
        try await app.test(.live) { client in
            let one = try await client.execute(uri: "/log", method: .get) { String(buffer: $0.body) }
            let two = try await client.execute(uri: "/log", method: .get) { String(buffer: $0.body) }
            #expect(one.hasPrefix("true "))
            #expect(two.hasPrefix("true "))
            #expect(one != two)  // each request's own logger
        }
    }

    @Test func theRequestsInstancesAreDisposedAfterItsResponse() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal) { router, _ in
            router.get("/work") { _, context -> String in
                let work = try context.tether.resolve(Work.self)
                return work.isDisposed ? "disposed" : "live"
            }
        }
        try await app.test(.live) { client in
            let body = try await client.execute(uri: "/work", method: .get) { String(buffer: $0.body) }
            #expect(body == "live")
            #expect(try await journal.waitFor("disposed 1"))
        }
        #expect(journal.all == ["disposed 1"])
    }

    @Test func aStreamedBodyUsesTheRequestsInstanceUntilItIsWrittenAndItIsDisposedAfter() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal) { router, _ in
            router.get("/stream") { _, context -> Response in
                Response(status: .ok, body: streamedBody(try context.tether.resolve(Work.self), context))
            }
        }
        try await app.test(.live) { client in
            let body = try await client.execute(uri: "/stream", method: .get) { String(buffer: $0.body) }
            #expect(body == "live 1;live 1;live 1;")
            #expect(try await journal.waitFor("disposed 1"))
        }
    }

    @Test func aBodyWhoseWritingFailsStillEndsTheScope() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal) { router, _ in
            router.get("/broken") { _, context -> Response in
                let work = try context.tether.resolve(Work.self)
                return Response(
                    status: .ok,
                    body: ResponseBody { writer in
                        try await writer.write(ByteBuffer(string: "\(work.id)"))
                        throw Failure()  // as a write to a client that went away throws
                    })
            }
        }
        let ended = try await app.test(.live) { client in
            // The server closes the connection mid-body: the client sees a truncated response or an error.
            _ = try? await client.execute(uri: "/broken", method: .get)
            return try await journal.waitFor("disposed 1")
        }
        #expect(ended)
    }

    /// The bug the middleware prevents, shown: with the scope ended when the handler returns, as
    /// `withRequestScope` around `next` does, the same stream writes with a disposed instance and finds no scope.
    @Test func aScopeEndedWhenTheHandlerReturnsWouldHaveDisposedTheStreamsInstance() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal, addsTheMiddleware: false) { router, container in
            router.add(middleware: HandlerReturnScopeMiddleware(container: container))
            router.get("/stream") { _, context -> Response in
                Response(status: .ok, body: streamedBody(try context.tether.resolve(Work.self), context))
            }
        }
        try await app.test(.live) { client in
            let body = try await client.execute(uri: "/stream", method: .get) { String(buffer: $0.body) }
            #expect(body == "disposed none;disposed none;disposed none;")
        }
    }

    /// Ended before the error's response is written, so a rollback is over before the client hears of the failure.
    @Test func anErrorResponseIsSentOnlyOnceTheScopeHasEnded() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal, disposalTakes: .milliseconds(100)) { router, _ in
            router.get("/refused") { _, context -> String in
                _ = try context.tether.resolve(Work.self)
                throw HTTPError(.badRequest, message: "refused")
            }
            router.get("/failed") { _, context -> String in
                _ = try context.tether.resolve(Work.self)
                throw Failure()
            }
        }
        try await app.test(.live) { client in
            let refused = try await client.execute(uri: "/refused", method: .get) { $0.status }
            let failed = try await client.execute(uri: "/failed", method: .get) { $0.status }
            #expect(refused == .badRequest)
            #expect(failed == .internalServerError)
            #expect(journal.all == ["disposed 1", "disposed 2"])
        }
    }

    @Test func aResponseDroppedUnwrittenStillEndsTheScope() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal, addsTheMiddleware: false) { router, container in
            router.add(middleware: ReplacingMiddleware())
            router.add(middleware: TetherRequestScopeMiddleware(container: container))
            router.get("/work") { _, context -> String in "\(try context.tether.resolve(Work.self).id)" }
        }
        try await app.test(.live) { client in
            let body = try await client.execute(uri: "/work", method: .get) { String(buffer: $0.body) }
            #expect(body == "replaced")
            #expect(try await journal.waitFor("disposed 1"))
        }
    }

    @Test func aPerRequestComponentResolvedOutsideARequestThrowsOutsideRequestScope() async throws {
        let journal = Journal()
        let (container, app) = makeApp(journal) { router, _ in
            router.get("/work") { _, context -> String in "\(try context.tether.resolve(Work.self).id)" }
        }
        try await app.test(.live) { client in
            let body = try await client.execute(uri: "/work", method: .get) { String(buffer: $0.body) }
            #expect(body == "1")
        }
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Work.self) }
        #expect(error?.code == "outside-request-scope")
    }

    @Test func aRouteWithoutTheMiddlewareGetsAnErrorThatSaysToAddIt() async throws {
        let router = Router(context: BasicTetherRequestContext.self)
        router.get("/work") { _, context -> String in
            do throws(TetherRequestScopeMissing) {
                return "\(try context.tether.container)"
            } catch {
                return error.description
            }
        }
        let app = Application(router: router, logger: Logger(label: "tether-hummingbird-tests"))
        try await app.test(.live) { client in
            let body = try await client.execute(uri: "/work", method: .get) { String(buffer: $0.body) }
            #expect(
                body == """
                    error[no-request-scope]: the request has no Tether scope
                    help: add `TetherRequestScopeMiddleware(container:)` to the router, or to the group, before the route
                    """)
        }
    }

    @Test func theMiddlewareOnTheRouterAndOnAGroupGivesTheRequestOneScope() async throws {
        let journal = Journal()
        let (_, app) = makeApp(journal) { router, container in
            router.add(middleware: WorkHeaderMiddleware())
            router.group("inner").add(middleware: TetherRequestScopeMiddleware(container: container))
                .get("work") { _, context -> String in "\(try context.tether.resolve(Work.self).id)" }
        }
        try await app.test(.live) { client in
            let (header, body) = try await client.execute(uri: "/inner/work", method: .get) {
                ($0.headers[.init(WorkHeaderMiddleware.field)!], String(buffer: $0.body))
            }
            #expect(header == "1")
            #expect(body == "1")
            #expect(try await journal.waitFor("disposed 1"))
        }
        #expect(journal.all == ["disposed 1"])
    }
}

/// Puts the id of the request's unit of work, as a middleware between the two scope middlewares finds it, in a
/// header.
struct WorkHeaderMiddleware: RouterMiddleware {
    static let field = "Work"

    func handle(
        _ request: Request, context: BasicTetherRequestContext,
        next: (Request, BasicTetherRequestContext) async throws -> Response
    ) async throws -> Response {
        let id = try context.tether.resolve(Work.self).id
        var response = try await next(request, context)
        response.headers[.init(Self.field)!] = "\(id)"
        return response
    }
}

/// Answers with a response of its own, dropping the one the rest of the chain made without writing it.
struct ReplacingMiddleware: RouterMiddleware {
    func handle(
        _ request: Request, context: BasicTetherRequestContext,
        next: (Request, BasicTetherRequestContext) async throws -> Response
    ) async throws -> Response {
        _ = try await next(request, context)
        return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "replaced")))
    }
}

/// The middleware's mistake, kept for the test that shows it: the scope ends when the chain returns.
struct HandlerReturnScopeMiddleware: RouterMiddleware {
    let container: DIContainer

    func handle(
        _ request: Request, context: BasicTetherRequestContext,
        next: (Request, BasicTetherRequestContext) async throws -> Response
    ) async throws -> Response {
        try await container.withRequestScope { scope in
            var context = context
            context.requestScope = scope
            return try await next(request, context)
        }
    }
}
