import Foundation
import Logging
import ServiceLifecycle
import Testing
import Tether
import TetherServiceLifecycle
import TetherTesting

// Each test in a sandbox of its own: the tests run in parallel, and each makes the `.single` database of one line.
@Suite("TetherService: a container's start-up and ordered shutdown in a real ServiceGroup", .tetherSandbox)
struct TetherServiceTests {
    /// What happened, in order, across tasks.
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

    /// Stands for an HTTP server: uses the repository while it runs, stops on graceful shutdown.
    struct Server: Service {
        let container: DIContainer
        let events: Events

        func run() async throws {
            _ = try container.resolveOrThrow(Repository.self)
            events.note("server started")
            try? await gracefulShutdown()
            events.note("server stopped")
        }
    }

    private static let logger = Logger(label: "tests", factory: { _ in SwiftLogNoOpLogHandler() })

    private func container(_ events: Events) -> DIContainer {
        let container = DIContainer()
        container.registerInstance(events)
        container.register(Database.init(events:)).lifetime(.single)
        container.register(Repository.init(events:database:)).lifetime(.perContainer(.strong))
        return container
    }

    /// Runs `services` in a group until `ready` holds, then shuts the group down gracefully; returns how `run()`
    /// ended.
    private func runGroup(
        _ services: [any Service], until ready: @escaping @Sendable () -> Bool
    ) async -> Result<Void, any Error> {
        let group = ServiceGroup(services: services, logger: Self.logger)
        async let ended: Result<Void, any Error> = {
            do {
                try await group.run()
                return .success(())
            } catch {
                return .failure(error)
            }
        }()
        for _ in 0..<5_000 where !ready() { try? await Task.sleep(nanoseconds: 1_000_000) }
        await group.triggerGracefulShutdown()
        return await ended
    }

    @Test func theGroupStartsTheSingletonsAndStopsTheServerBeforeDisposingRepositoryThenDatabase() async throws {
        let events = Events()
        let container = container(events)
        let result = await runGroup([TetherService(container: container), Server(container: container, events: events)])
        {
            events.all.contains("server started")
        }
        #expect(throws: Never.self) { try result.get() }
        #expect(
            events.all == [
                "database opened", "server started", "server stopped", "repository flushed", "database closed",
            ])
        #expect(throws: DIError.self) { try container.resolveOrThrow(Repository.self) }
    }

    @Test func theDocsGroupStopsTheServerBeforeTheContainer() async throws {
        let events = Events()
        let container = container(events)
        let server = Server(container: container, events: events)
        let logger = Self.logger
        // snippet: servers-service-group
        let group = ServiceGroup(
            services: [TetherService(container: container), server],  // the container first: it stops last
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        // end-snippet
        async let running: Void = group.run()
        for _ in 0..<5_000 where !events.all.contains("server started") { try await Task.sleep(nanoseconds: 1_000_000) }
        await group.triggerGracefulShutdown()
        try await running
        #expect(events.all.suffix(3) == ["server stopped", "repository flushed", "database closed"])
    }

    @Test func theStartUpMakesTheSingletonsThatNothingResolvedYet() async throws {
        let events = Events()
        let container = container(events)
        let result = await runGroup([TetherService(container: container)]) { events.all.contains("database opened") }
        #expect(throws: Never.self) { try result.get() }
        #expect(events.all == ["database opened", "database closed"])
    }

    @Test func aFailedDisposalEndsTheGroupWithTheReportAfterEveryDisposalRan() async throws {
        let events = Events()
        let container = container(events)
        container.register(Journal.init).lifetime(.perContainer(.strong))
        _ = try container.resolveOrThrow(Journal.self)
        let result = await runGroup([TetherService(container: container), Server(container: container, events: events)])
        {
            events.all.contains("server started")
        }
        let error = try #require(result.failureValue as? TetherShutdownError)
        #expect(error.failures.map(\.code) == ["dispose-failed"])
        #expect(events.all.suffix(2) == ["repository flushed", "database closed"])
    }

    @Test func aStartUpThatThrowsFailsTheGroupsStart() async throws {
        let container = DIContainer()
        container.register { () throws -> Journal in throw Broken() }.lifetime(.single)
        let group = ServiceGroup(services: [TetherService(container: container)], logger: Self.logger)
        let error = await #expect(throws: DIError.self) { try await group.run() }
        #expect(error?.code == "factory-failed")
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
