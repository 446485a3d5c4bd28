import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SQLiteNIO
import ServiceLifecycle
import Synchronization
import Testing
import Tether
import TetherValidation
import TodoApp

/// What the server logged, for the tests that check a cause reached the log.
final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var logger: Logger {
        Logger(label: "todo-tests") { _ in CapturingHandler(log: self) }
    }
}

/// Keeps each message with its metadata as one line.
struct CapturingHandler: LogHandler {
    let log: CapturedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let metadata = (self.metadata.merging(event.metadata ?? [:]) { $1 }).sorted { $0.key < $1.key }
        log.append("\(event.level) \(event.message) \(metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
    }
}

/// The server run for real: its `ServiceGroup` on loopback with a SQLite file in a temporary folder.
final class RunningServer: Sendable {
    let port: Int
    /// What the app's services had done when the server bound its port.
    let eventsWhenBound: [String]
    let databasePath: String
    let events: LifecycleEvents
    let log: CapturedLog
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(
        port: Int, eventsWhenBound: [String], databasePath: String, events: LifecycleEvents, log: CapturedLog,
        group: ServiceGroup,
        running: Task<Void, any Error>
    ) {
        self.port = port
        self.eventsWhenBound = eventsWhenBound
        self.databasePath = databasePath
        self.events = events
        self.log = log
        self.group = group
        self.running = running
    }

    /// Starts a server on a free port and returns once it takes requests.
    static func start(listDelay: Duration? = nil) async throws -> RunningServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = CapturedLog()
        let databasePath = folder.appendingPathComponent("todos.sqlite").path
        let settings = TodoSettings(port: 0, databasePath: databasePath, listDelay: listDelay)
        let events = LifecycleEvents(logger: log.logger)
        let container = TodoApp.container(settings: settings, events: events)
        let (ports, port) = AsyncStream.makeStream(of: (Int, [String]).self)
        let group = TodoApp.serviceGroup(container: container, settings: settings, logger: log.logger) {
            port.yield(($0, events.all))
        }
        let running = Task { try await group.run() }
        guard let (bound, eventsWhenBound) = await ports.first(where: { _ in true }) else { throw CancellationError() }
        return RunningServer(
            port: bound, eventsWhenBound: eventsWhenBound, databasePath: databasePath, events: events, log: log,
            group: group, running: running)
    }

    /// Calls the server over a connection of its own.
    func send(_ method: HTTPRequest.Method, _ path: String, body: String? = nil) async throws -> Reply {
        try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            var headers = HTTPFields()
            if body != nil { headers[.contentType] = "application/json" }
            let response = try await client.execute(
                .init(path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }))
            return Reply(
                status: response.status.code, body: response.body.map { String(buffer: $0) } ?? "",
                headers: response.headers)
        }
    }

    /// Runs `body` against a new server, records what it throws, then stops the server.
    static func with(_ body: (RunningServer) async throws -> Void) async throws {
        let server = try await start()
        do {
            try await body(server)
        } catch {
            Issue.record(error)
        }
        try await server.stop()
    }

    /// Shuts the server down gracefully and waits until its group has stopped.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await running.value
    }
}

/// One response: its status, its headers and its body as text.
struct Reply {
    let status: Int
    let body: String
    let headers: HTTPFields

    func decoded<T: Decodable>(_: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body.utf8))
    }
}

@Suite("The todo server, over HTTP on loopback", .serialized)
struct TodoServerTests {
    @Test func theContainerValidates() throws {
        let events = LifecycleEvents(logger: Logger(label: "validate"))
        let container = TodoApp.container(settings: TodoSettings(databasePath: "/unused.sqlite"), events: events)
        try container.validate()
        #expect(events.all.isEmpty, "validation opens no database")
    }

    @Test func thePortIsBoundOnlyOnceTheDatabaseIsOpen() async throws {
        try await RunningServer.with { server in
            #expect(server.eventsWhenBound == ["database opened"])
            let list = try await server.send(.get, "/todos")
            #expect(list.status == 200)
        }
    }

    @Test func createListReadAndDeleteTodos() async throws {
        try await RunningServer.with { server in
            let created = try await server.send(.post, "/todos", body: #"{"title": "Buy milk"}"#)
            #expect(created.status == 201)
            let milk = try created.decoded(Todo.self)
            #expect(milk.title == "Buy milk" && !milk.done)
            let walk = try await server.send(.post, "/todos", body: #"{"title": "Walk", "done": true}"#)
                .decoded(Todo.self)

            let list = try await server.send(.get, "/todos")
            #expect(list.status == 200)
            #expect(try list.decoded([Todo].self) == [milk, walk])

            #expect(try await server.send(.get, "/todos/\(walk.id)").decoded(Todo.self) == walk)

            #expect(try await server.send(.delete, "/todos/\(milk.id)").status == 204)
            #expect(try await server.send(.get, "/todos").decoded([Todo].self) == [walk])
        }
    }

    @Test func badInputGetsA4xxThatSaysWhatIsWrongAndWritesNothing() async throws {
        try await RunningServer.with { server in
            let malformed = try await server.send(.post, "/todos", body: #"{"title": "#)
            #expect(malformed.status == 400)
            #expect(malformed.body.contains("The given data was not valid input"))

            let missing = try await server.send(.post, "/todos", body: #"{"done": true}"#)
            #expect(missing.status == 400)
            #expect(missing.body.contains("Coding key `title` not found."))

            let wrongType = try await server.send(.post, "/todos", body: #"{"title": "x", "done": "yes"}"#)
            #expect(wrongType.status == 400)
            #expect(wrongType.body.contains("Type mismatch for `done` key, expected `Bool` type."))

            let empty = try await server.send(.post, "/todos", body: #"{"title": "  "}"#)
            #expect(empty.status == 400)
            #expect(empty.body.contains("`title` must not be empty"))

            let oversized = try await server.send(
                .post, "/todos", body: #"{"title": ""# + String(repeating: "x", count: 20_000) + #""}"#)
            #expect(oversized.status == 413)

            let unknown = try await server.send(.get, "/todos/4242")
            #expect(unknown.status == 404)
            #expect(unknown.body.contains("no todo with id 4242"))
            #expect(try await server.send(.delete, "/todos/4242").status == 404)

            let notANumber = try await server.send(.get, "/todos/first")
            #expect(notANumber.status == 400)
            #expect(notANumber.body.contains("the id must be a whole number"))

            #expect(try await server.send(.get, "/todos").decoded([Todo].self).isEmpty, "bad input wrote nothing")
        }
    }

    @Test func aTitleWithANulIsRefusedNotStoredCutShort() async throws {
        try await RunningServer.with { server in
            let refused = try await server.send(.post, "/todos", body: #"{"title": "Buy\u0000milk"}"#)
            #expect(refused.status == 400)
            #expect(refused.body.contains("`title` must not contain NUL"))
            #expect(try await server.send(.get, "/todos").decoded([Todo].self).isEmpty)
        }
    }

    @Test func theListPagesWithLimitAndAfterAndLinksTheNextPage() async throws {
        try await RunningServer.with { server in
            var added: [Todo] = []
            for number in 1...25 {
                added.append(
                    try await server.send(.post, "/todos", body: #"{"title": "todo \#(number)"}"#).decoded(Todo.self))
            }
            let first = try await server.send(.get, "/todos?limit=10")
            #expect(try first.decoded([Todo].self) == Array(added[0..<10]))
            #expect(first.headers[.init("Link")!] == "</todos?limit=10&after=\(added[9].id)>; rel=\"next\"")
            let second = try await server.send(.get, "/todos?limit=10&after=\(added[9].id)")
            #expect(try second.decoded([Todo].self) == Array(added[10..<20]))
            let last = try await server.send(.get, "/todos?limit=10&after=\(added[19].id)")
            #expect(try last.decoded([Todo].self) == Array(added[20..<25]))
            #expect(last.headers[.init("Link")!] == nil, "a page that is not full is the last")
            #expect(try await server.send(.get, "/todos").decoded([Todo].self).count == 25, "100 by default")

            let tooMany = try await server.send(.get, "/todos?limit=1001")
            #expect(tooMany.status == 400)
            #expect(tooMany.body.contains("`limit` must be from 1 to 1000"))
            let notANumber = try await server.send(.get, "/todos?after=first")
            #expect(notANumber.status == 400)
            #expect(notANumber.body.contains("expected `Int` type"))
        }
    }

    @Test func aServerErrorLogsItsCause() async throws {
        try await RunningServer.with { server in
            // The table goes away under the running server, as a migration gone wrong would take it.
            let connection = try await SQLiteConnection.open(storage: .file(path: server.databasePath))
            _ = try await connection.query("DROP TABLE todos")
            try await connection.close()

            #expect(try await server.send(.get, "/todos").status == 500)
            let failures = server.log.all.filter { $0.hasPrefix("error request failed") }
            #expect(failures.count == 1)
            #expect(failures.first?.contains("no such table: todos") == true, "\(failures)")
            #expect(failures.first?.contains("path=/todos") == true, "\(failures)")
        }
    }

    @Test func aGracefulShutdownFinishesFiftyRequestsInFlightThenClosesRepositoryAndDatabaseOnce() async throws {
        let server = try await RunningServer.start(listDelay: .milliseconds(500))
        #expect(try await server.send(.post, "/todos", body: #"{"title": "Stay"}"#).status == 201)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { requests in
            for _ in 0..<50 { requests.addTask { try await server.send(.get, "/todos").status } }
            // Every request is in flight (each waits half a second in its handler) when the shutdown begins.
            try await Task.sleep(for: .milliseconds(200))
            #expect(server.events.all == ["database opened"])
            let stopping = Task { try await server.stop() }
            var statuses: [Int] = []
            for try await status in requests { statuses.append(status) }
            try await stopping.value
            return statuses
        }
        #expect(statuses.count == 50)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        #expect(server.events.all == ["database opened", "repository closed", "database closed"])
    }
}
