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

    /// Stands for a server that does not stop on graceful shutdown (a client still sending its body): it ends
    /// only when cancelled.
    struct StuckServer: Service {
        let events: Events

        func run() async throws {
            events.note("server started")
            try? await gracefulShutdown()
            try? await Task.sleep(for: .seconds(60))
            events.note(Task.isCancelled ? "server cancelled" : "server slept a minute")
        }
    }

    /// Stands for a server that uses nothing of the container and stops on graceful shutdown.
    struct IdleServer: Service {
        let events: Events

        func run() async throws {
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
        var configuration = ServiceGroupConfiguration(
            services: [TetherService(container: container, running: [server])],  // started after, stopped before
            gracefulShutdownSignals: [.sigterm], cancellationSignals: [.sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = .seconds(20)  // then the server is cancelled
        let group = ServiceGroup(configuration: configuration)
        // end-snippet
        async let running: Void = group.run()
        for _ in 0..<5_000 where !events.all.contains("server started") { try await Task.sleep(nanoseconds: 1_000_000) }
        await group.triggerGracefulShutdown()
        try await running
        #expect(
            events.all == [
                "database opened", "server started", "server stopped", "repository flushed", "database closed",
            ])
    }

    @Test func theServicesItRunsStartOnlyOnceASlowStartUpHasFinished() async throws {
        let events = Events()
        let container = container(events)
        let slowStartUp = TetherService.StartUp.custom { container in
            try await Task.sleep(for: .milliseconds(300))
            _ = try container.resolveOrThrow(Database.self)
        }
        let service = TetherService(
            container: container, startUp: slowStartUp, running: [IdleServer(events: events)],
            logger: Self.logger)
        let result = await runGroup([service]) { events.all.contains("server started") }
        #expect(throws: Never.self) { try result.get() }
        #expect(events.all == ["database opened", "server started", "server stopped", "database closed"])
    }

    @Test func aStartUpThatThrowsDisposesTheSingletonItMadeAndShutsTheContainerDown() async throws {
        let events = Events()
        let container = container(events)
        container.register { () throws -> Journal in throw Broken() }.lifetime(.single)
        let group = ServiceGroup(services: [TetherService(container: container)], logger: Self.logger)
        let error = await #expect(throws: DIError.self) { try await group.run() }
        #expect(error?.code == "factory-failed")
        #expect(events.all == ["database opened", "database closed"])
        let afterwards = #expect(throws: DIError.self) { try container.resolveOrThrow(Repository.self) }
        #expect(afterwards?.code == "container-shut-down")
    }

    @Test func aGracefulShutdownPastTheGroupsLimitCancelsTheServicesAndTheContainerStillDisposes() async throws {
        let events = Events()
        let container = container(events)
        var configuration = ServiceGroupConfiguration(
            services: [TetherService(container: container, running: [StuckServer(events: events)])],
            logger: Self.logger)
        configuration.maximumGracefulShutdownDuration = .milliseconds(200)
        let group = ServiceGroup(configuration: configuration)
        let clock = ContinuousClock()
        let started = clock.now
        async let running: Void = group.run()
        for _ in 0..<5_000 where !events.all.contains("server started") { try await Task.sleep(for: .milliseconds(1)) }
        await group.triggerGracefulShutdown()
        try await running
        #expect(clock.now - started < .seconds(10))
        #expect(events.all == ["database opened", "server started", "server cancelled", "database closed"])
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
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
