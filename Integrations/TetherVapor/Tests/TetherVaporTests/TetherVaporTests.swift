import AsyncHTTPClient
import Foundation
import Logging
import Testing
import Tether
import TetherTesting
import TetherVapor
import Vapor

// A sandbox per test: the tests run in parallel, and some make a `.single` database of their own.
@Suite(
    "TetherVapor: a container's life and a request's scope in a real Vapor app, called over loopback", .tetherSandbox)
struct TetherVaporTests {
    /// What happened, in order, across the server's tasks and the test's.
    final class Events: @unchecked Sendable {  // `list` is reached only under `lock`.
        private let lock = NSLock()
        private var list: [String] = []

        func note(_ event: String) {
            lock.lock()
            defer { lock.unlock() }
            list.append(event)
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return list
        }

        /// Waits up to five seconds for `event`, which another task notes: a streamed body's scope ends after the
        /// client has its last byte.
        func waitFor(_ event: String) async throws {
            for _ in 0..<5_000 where !all.contains(event) { try await Task.sleep(nanoseconds: 1_000_000) }
        }
    }

    /// A request's unit of work, numbered in the order requests make them.
    final class UnitOfWork: DIDisposable {
        let events: Events
        let number: Int
        init(events: Events) {
            self.events = events
            number = events.all.filter { $0.hasPrefix("unit of work") && $0.hasSuffix("made") }.count + 1
            events.note("unit of work \(number) made")
        }
        var isDisposed: Bool { events.all.contains("unit of work \(number) disposed") }
        func dispose() async throws { events.note("unit of work \(number) disposed") }
    }

    final class TodoService: Sendable {
        let work: UnitOfWork
        init(work: UnitOfWork) { self.work = work }
    }

    final class Database: DIDisposable {
        let events: Events
        init(events: Events) {
            self.events = events
            events.note("database opened")
        }
        func dispose() async throws { events.note("database closed") }
    }

    final class Repository: DIDisposable {
        let events: Events
        let database: Database
        init(events: Events, database: Database) {
            self.events = events
            self.database = database
        }
        func dispose() async throws { events.note("repository flushed") }
    }

    struct Broken: Error {}
    final class Journal: DIDisposable {
        func dispose() async throws { throw Broken() }
    }

    /// Notes each warning and error the application logs, with the report it carries.
    struct NotingLogHandler: LogHandler {
        let events: Events
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            guard event.level >= .warning else { return }
            events.note("\(event.level): \(event.message)\n\(event.metadata?["report"].map { "\($0)" } ?? "")")
        }
    }

    struct CacheUnavailable: Error {}
    final class Cache: Sendable {}

    private func container(_ events: Events) -> DIContainer {
        let container = DIContainer()
        container.registerInstance(events)
        container.register(UnitOfWork.init(events:)).lifetime(.perRequest)
        container.register(TodoService.init(work:)).lifetime(.perRequest)
        return container
    }

    /// An application on an ephemeral loopback port, booted and serving as `execute()` would, without waiting for
    /// a signal.
    private func startApp(
        _ container: DIContainer, startUp: TetherLifecycleHandler.StartUp = .none, requestScopes: Bool = true,
        installs: Bool = true, loggingTo events: Events? = nil, routes: (Application) -> Void
    ) async throws -> (app: Application, port: Int) {
        let app = try await makeApp(loggingTo: events)
        if installs { app.tether.use(container, startUp: startUp, requestScopes: requestScopes) }
        routes(app)
        do {
            try await app.startup()
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        let port = try #require(app.http.server.shared.localAddress?.port)
        return (app, port)
    }

    /// An application that serves on an ephemeral loopback port once started, logging nowhere unless to `events`.
    private func makeApp(loggingTo events: Events? = nil) async throws -> Application {
        // "vapor" with no command: `startup()` runs `serve`, as a deployed server's `execute()` does.
        let app = try await Application.make(Environment(name: "testing", arguments: ["vapor"]))
        app.logger = Logger(label: "tests") { _ in
            if let events { NotingLogHandler(events: events) } else { SwiftLogNoOpLogHandler() }
        }
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        return app
    }

    /// Vapor's synchronous `boot()`, as `app.testing()` calls it (unavailable from async code, so a plain function
    /// calls it).
    private func bootSynchronously(_ app: Application) throws { try app.boot() }

    private func get(_ path: String, port: Int, method: HTTPMethod = .GET) async throws -> (status: UInt, body: String)
    {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 20)
        return (response.status.code, String(decoding: body.readableBytesView, as: UTF8.self))
    }

    @Test func eachRequestHasOneUnitOfWorkSharedWithinItAndDisposedBeforeItsResponse() async throws {
        let events = Events()
        let (app, port) = try await startApp(container(events)) { app in
            app.get("work") { req in
                let service = try req.tether.resolve(TodoService.self)
                let work = try req.tether.resolve(UnitOfWork.self)
                return "unit of work \(work.number), shared: \(service.work === work)"
            }
        }
        let first = try await get("/work", port: port)
        #expect(first.body == "unit of work 1, shared: true")
        #expect(events.all == ["unit of work 1 made", "unit of work 1 disposed"])
        let second = try await get("/work", port: port)
        #expect(second.body == "unit of work 2, shared: true")
        #expect(events.all.suffix(2) == ["unit of work 2 made", "unit of work 2 disposed"])
        try await app.asyncShutdown()
    }

    @Test func theDocsAppGivesEachRequestItsUnitOfWorkAndAStreamedBodyKeepsItsOwn() async throws {
        let events = Events()
        let container = container(events)
        let (app, port) = try await startApp(container, installs: false) { app in
            // snippet: servers-vapor
            app.tether.use(container)  // start-up at boot, shutdown with the app, a request scope per request
            app.get("todos") { req in
                let service = try req.tether.resolve(TodoService.self)  // this request's, disposed after it
                return "one unit of work: \(service.work === (try req.tether.resolve(UnitOfWork.self)))"
            }
            app.get("export") { req in
                let work = try req.tether.resolve(UnitOfWork.self)
                return Response(
                    body: try req.tether.streamedBody { writer in  // the scope ends after its last write
                        try await writer.writeBuffer(ByteBuffer(string: "exported with \(type(of: work))\n"))
                    })
            }
            // end-snippet
        }
        #expect(try await get("/todos", port: port).body == "one unit of work: true")
        #expect(events.all == ["unit of work 1 made", "unit of work 1 disposed"])
        #expect(try await get("/export", port: port).body == "exported with UnitOfWork\n")
        try await events.waitFor("unit of work 2 disposed")
        #expect(events.all.suffix(2) == ["unit of work 2 made", "unit of work 2 disposed"])
        try await app.asyncShutdown()
    }

    @Test func aStreamedBodyUsesItsRequestsUnitOfWorkUntilItsLastByteThenDisposesIt() async throws {
        let events = Events()
        let (app, port) = try await startApp(container(events)) { app in
            app.get("stream") { req in
                let work = try req.tether.resolve(UnitOfWork.self)
                return Response(
                    body: try req.tether.streamedBody { writer in
                        for chunk in 1...3 {
                            try await Task.sleep(nanoseconds: 20_000_000)  // the route has long returned
                            let again = try req.tether.resolve(UnitOfWork.self)
                            let line = "\(chunk): same \(again === work), disposed \(work.isDisposed)\n"
                            try await writer.writeBuffer(ByteBuffer(string: line))
                        }
                    })
            }
        }
        let response = try await get("/stream", port: port)
        #expect(
            response.body
                == "1: same true, disposed false\n2: same true, disposed false\n3: same true, disposed false\n")
        try await events.waitFor("unit of work 1 disposed")
        #expect(events.all == ["unit of work 1 made", "unit of work 1 disposed"])
        try await app.asyncShutdown()
    }

    @Test func aBodyStreamedWithoutTheBridgeFindsTheScopeEndedNotItsDisposedInstance() async throws {
        let events = Events()
        let (app, port) = try await startApp(container(events)) { app in
            app.get("plain-stream") { req in
                _ = try req.tether.resolve(UnitOfWork.self)
                return Response(
                    body: Response.Body(managedAsyncStream: { writer in
                        let text: String
                        do {
                            _ = try req.tether.resolve(UnitOfWork.self)
                            text = "resolved"
                        } catch {
                            text = "\(error)"
                        }
                        try await writer.writeBuffer(ByteBuffer(string: text))
                    }))
            }
        }
        let response = try await get("/plain-stream", port: port)
        #expect(response.body.hasPrefix("error[outside-request-scope]"))
        #expect(events.all == ["unit of work 1 made", "unit of work 1 disposed"])
        try await app.asyncShutdown()
    }

    @Test func aStreamedBodyThatVaporNeverRunsStillEndsItsScope() async throws {
        let events = Events()
        let (app, port) = try await startApp(container(events)) { app in
            app.on(.HEAD, "stream") { req in
                _ = try req.tether.resolve(UnitOfWork.self)
                return Response(body: try req.tether.streamedBody { _ in })
            }
        }
        let response = try await get("/stream", port: port, method: .HEAD)
        #expect(response.status == 200)
        try await events.waitFor("unit of work 1 disposed")
        #expect(events.all == ["unit of work 1 made", "unit of work 1 disposed"])
        try await app.asyncShutdown()
    }

    @Test func aPerRequestComponentResolvedOutsideARequestThrowsOutsideRequestScope() async throws {
        let events = Events()
        let container = container(events)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(UnitOfWork.self) }
        #expect(error?.code == "outside-request-scope")
        let (app, port) = try await startApp(container, requestScopes: false) { app in
            app.get("work") { req in "\(try req.tether.resolve(UnitOfWork.self).number)" }
        }
        let response = try await get("/work", port: port)
        #expect(response.status == 500)
        // Vapor's error middleware answers `{"error": true, "reason": ...}` with the error's text.
        struct ErrorBody: Decodable { let reason: String }
        let reason = try JSONDecoder().decode(ErrorBody.self, from: Data(response.body.utf8)).reason
        #expect(
            reason == """
                error[no-request-scope]: /work resolved through req.tether, but no Tether middleware opened a request \
                scope for it
                  help: call app.tether.use(container) (or add TetherRequestScopeMiddleware) before the routes that \
                use req.tether
                """)
        #expect(events.all.isEmpty)
        try await app.asyncShutdown()
    }

    @Test func shuttingTheAppDownLetsTheRequestInFlightFinishThenDisposesTheContainerInOrder() async throws {
        let events = Events()
        let container = container(events)
        container.register(Database.init(events:)).lifetime(.perContainer(.strong))
        container.register(Repository.init(events:database:)).lifetime(.perContainer(.strong))
        let (app, port) = try await startApp(container) { app in
            app.get("slow") { req in
                _ = try req.tether.resolve(Repository.self)
                _ = try req.tether.resolve(UnitOfWork.self)
                events.note("request started")
                try await Task.sleep(nanoseconds: 300_000_000)
                events.note("request answered")
                return "done"
            }
        }
        async let inFlight = get("/slow", port: port)
        try await events.waitFor("request started")
        try await app.asyncShutdown()
        let response = try await inFlight
        #expect(response.status == 200 && response.body == "done")
        #expect(
            events.all == [
                "database opened", "unit of work 1 made", "request started", "request answered",
                "unit of work 1 disposed", "repository flushed", "database closed",
            ])
        #expect(throws: DIError.self) { try container.resolveOrThrow(Repository.self) }
    }

    @Test func failedDisposalsAreLoggedThroughTheAppsLoggerWithTheirReportAfterTheOthersRan() async throws {
        let events = Events()
        let container = container(events)
        container.register(Database.init(events:)).lifetime(.perContainer(.strong))
        container.register(Journal.init).lifetime(.perContainer(.strong))
        container.register { Journal() }.as(Journal.self, name: "request").lifetime(.perRequest)
        _ = try container.resolveOrThrow(Database.self)
        _ = try container.resolveOrThrow(Journal.self)
        let (app, port) = try await startApp(container, loggingTo: events) { app in
            app.get("journal") { req in
                _ = try req.tether.resolve(UnitOfWork.self)
                _ = try req.tether.resolve(Journal.self, name: "request")
                return "written"
            }
        }
        #expect(try await get("/journal", port: port).body == "written")
        try await app.asyncShutdown()
        let logged = events.all.filter { $0.hasPrefix("error") }
        #expect(logged.count == 2)
        #expect(logged.first?.hasPrefix("error: the request scope's disposal had failures\n") == true)
        #expect(logged.last?.hasPrefix("error: the container's shutdown had failures\n") == true)
        #expect(logged.allSatisfy { $0.contains("error[dispose-failed]: dispose() of Journal") })
        // The request's unit of work, and the container's database, are disposed despite the journals' failures,
        // and the shutdown's log comes once every disposal has run.
        #expect(events.all.contains("unit of work 1 disposed"))
        #expect(events.all.suffix(2).first == "database closed")
    }

    @Test func theBootMakesTheSingletonsBeforeTheServerListensAndTheShutdownDisposesThem() async throws {
        let events = Events()
        let container = container(events)
        container.register(Database.init(events:)).lifetime(.single)
        let (app, _) = try await startApp(container, startUp: .singletons) { _ in }
        #expect(events.all == ["database opened"])
        try await app.asyncShutdown()
        #expect(events.all == ["database opened", "database closed"])
    }

    @Test func aStartUpThatThrowsDisposesWhatItMadeAndTheServerNeverListens() async throws {
        let events = Events()
        let container = container(events)
        container.register(Database.init(events:)).lifetime(.single)
        container.register { (_: Database) throws -> Cache in throw CacheUnavailable() }.lifetime(.single)
        let app = try await makeApp()
        app.tether.use(container)
        let error = await #expect(throws: DIError.self) { try await app.startup() }
        #expect(error?.code == "factory-failed")
        #expect("\(error.map { "\($0)" } ?? "")".contains("CacheUnavailable"))
        #expect(events.all == ["database opened", "database closed"])
        #expect(app.http.server.shared.localAddress == nil)
        try await app.asyncShutdown()
        #expect(events.all == ["database opened", "database closed"])
    }

    @Test func vaporsSynchronousBootMakesTheSingletonsToo() async throws {
        let events = Events()
        let container = container(events)
        container.register(Database.init(events:)).lifetime(.single)
        let app = try await makeApp()
        app.tether.use(container)
        try bootSynchronously(app)
        #expect(events.all == ["database opened"])
        try await app.asyncShutdown()
        #expect(events.all == ["database opened", "database closed"])
    }

    @Test func aCustomStartUpInVaporsSynchronousBootThrowsWithItsFix() async throws {
        let events = Events()
        let app = try await makeApp()
        app.tether.use(container(events), startUp: .custom { _ in events.note("custom start-up") })
        let error = #expect(throws: TetherVaporError.self) { try bootSynchronously(app) }
        #expect(
            error?.description == """
                error[async-start-up-in-synchronous-boot]: Vapor's synchronous boot() cannot await the container's \
                custom start-up
                  help: call `try await app.asyncBoot()` before `app.testing()` or `app.boot()`, or start the \
                application with `execute()` or `startup()`, which boot asynchronously
                """)
        #expect(events.all.isEmpty)
        try await app.asyncShutdown()
    }
}
