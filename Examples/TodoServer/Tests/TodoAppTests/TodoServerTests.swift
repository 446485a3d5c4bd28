import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import Testing
import Tether
import TetherValidation
import TodoApp

/// The server run for real: a `ServiceGroup` on loopback with a SQLite file in a temporary folder, and
/// AsyncHTTPClient as its client.
final class RunningServer: Sendable {
    let baseURL: String
    let events: LifecycleEvents
    let container: DIContainer
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(
        baseURL: String, events: LifecycleEvents, container: DIContainer, group: ServiceGroup,
        running: Task<Void, any Error>
    ) {
        self.baseURL = baseURL
        self.events = events
        self.container = container
        self.group = group
        self.running = running
    }

    /// Starts a server on a free port and returns once it takes requests.
    static func start(listDelay: Duration? = nil) async throws -> RunningServer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let logger = Logger(label: "todo-tests", factory: { _ in SwiftLogNoOpLogHandler() })
        let settings = TodoSettings(
            port: 0, databasePath: folder.appendingPathComponent("todos.sqlite").path, listDelay: listDelay)
        let events = LifecycleEvents(logger: logger)
        let container = TodoApp.container(settings: settings, events: events)
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        let group = ServiceGroup(
            services: TodoApp.services(container: container, settings: settings, logger: logger) { port.yield($0) },
            logger: logger)
        let running = Task { try await group.run() }
        guard let bound = await ports.first(where: { _ in true }) else { throw CancellationError() }
        return RunningServer(
            baseURL: "http://127.0.0.1:\(bound)", events: events, container: container, group: group, running: running)
    }

    /// Shuts the server down gracefully and waits until its group has stopped.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await running.value
    }
}

/// One response: its status and its body as text.
struct Reply {
    let status: Int
    let body: String

    func decoded<T: Decodable>(_: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body.utf8))
    }
}

extension HTTPClient {
    func send(_ method: HTTPMethod, _ url: String, body: String? = nil) async throws -> Reply {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return Reply(status: Int(response.status.code), body: String(buffer: bytes))
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

    @Test func createListReadAndDeleteTodos() async throws {
        let server = try await RunningServer.start()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let created = try await client.send(.POST, server.baseURL + "/todos", body: #"{"title": "Buy milk"}"#)
            #expect(created.status == 201)
            let milk = try created.decoded(Todo.self)
            #expect(milk.title == "Buy milk" && !milk.done)
            let second = try await client.send(
                .POST, server.baseURL + "/todos", body: #"{"title": "Walk", "done": true}"#)
            let walk = try second.decoded(Todo.self)

            let list = try await client.send(.GET, server.baseURL + "/todos")
            #expect(list.status == 200)
            #expect(try list.decoded([Todo].self) == [milk, walk])

            let read = try await client.send(.GET, server.baseURL + "/todos/\(walk.id)")
            #expect(try read.decoded(Todo.self) == walk)

            #expect(try await client.send(.DELETE, server.baseURL + "/todos/\(milk.id)").status == 204)
            #expect(try await client.send(.GET, server.baseURL + "/todos").decoded([Todo].self) == [walk])
        } catch {
            Issue.record(error)
        }
        try await client.shutdown()
        try await server.stop()
    }

    @Test func badInputGetsA4xxThatSaysWhatIsWrongAndWritesNothing() async throws {
        let server = try await RunningServer.start()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let todos = server.baseURL + "/todos"
            let malformed = try await client.send(.POST, todos, body: #"{"title": "#)
            #expect(malformed.status == 400)
            #expect(malformed.body.contains("the body is not JSON"))

            let missing = try await client.send(.POST, todos, body: #"{"done": true}"#)
            #expect(missing.status == 400)
            #expect(missing.body.contains("the field `title` is missing"))

            let wrongType = try await client.send(.POST, todos, body: #"{"title": "x", "done": "yes"}"#)
            #expect(wrongType.status == 400)
            #expect(wrongType.body.contains("the field `done` has the wrong type"))

            let empty = try await client.send(.POST, todos, body: #"{"title": "  "}"#)
            #expect(empty.status == 400)
            #expect(empty.body.contains("`title` must not be empty"))

            let oversized = try await client.send(
                .POST, todos, body: #"{"title": ""# + String(repeating: "x", count: 20_000) + #""}"#)
            #expect(oversized.status == 413)
            #expect(oversized.body.contains("the body is over 16 KB"))

            let unknown = try await client.send(.GET, todos + "/4242")
            #expect(unknown.status == 404)
            #expect(unknown.body.contains("no todo with id 4242"))
            #expect(try await client.send(.DELETE, todos + "/4242").status == 404)

            let notANumber = try await client.send(.GET, todos + "/first")
            #expect(notANumber.status == 400)
            #expect(notANumber.body.contains("the id must be a whole number"))

            #expect(try await client.send(.GET, todos).decoded([Todo].self).isEmpty, "bad input wrote nothing")
        } catch {
            Issue.record(error)
        }
        try await client.shutdown()
        try await server.stop()
    }

    @Test func aGracefulShutdownFinishesFiftyRequestsInFlightThenClosesRepositoryAndDatabaseOnce() async throws {
        let server = try await RunningServer.start(listDelay: .milliseconds(500))
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(
                connectionPool: .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 50)))
        let url = server.baseURL + "/todos"
        #expect(try await client.send(.POST, url, body: #"{"title": "Stay"}"#).status == 201)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { requests in
            for _ in 0..<50 { requests.addTask { try await client.send(.GET, url).status } }
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
        try await client.shutdown()
    }
}
