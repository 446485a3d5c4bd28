import Testing
import Tether
import TetherTestSupport

/// The examples of Docs/*/Servers.md.
@Suite("Docs: Servers")
struct ServersSnippets {
    // snippet: servers-types
    final class ConnectionPool: Sendable {
        func close() async throws {}
    }
    final class Database: DIDisposable {
        let pool = ConnectionPool()
        func dispose() async throws { try await pool.close() }
    }
    final class TodoRepository: DIDisposable {
        let database: Database
        init(database: Database) { self.database = database }
        func dispose() async throws {}  // flushes what it buffers
    }
    // end-snippet

    // snippet: servers-failing-type
    struct AlreadyClosed: Error {}
    final class Journal: DIDisposable {
        func dispose() async throws { throw AlreadyClosed() }
    }
    // end-snippet

    // snippet: servers-request-types
    final class UnitOfWork: DIDisposable {
        func dispose() async throws {}  // rolls back what the request did not commit
    }
    final class TodoService: Sendable {
        let work: UnitOfWork
        init(work: UnitOfWork) { self.work = work }
    }
    // end-snippet

    @Test func aRequestScopeSharesItsUnitOfWorkAndDisposesItAtTheEnd() async throws {
        // snippet: servers-request-scope
        let container = DIContainer()
        container.register(UnitOfWork.init).lifetime(.perRequest)
        container.register(TodoService.init(work:)).lifetime(.perRequest)
        let (service, work) = try await container.withRequestScope { scope in
            (try scope.resolve(TodoService.self), try scope.resolve(UnitOfWork.self))
        }  // here the request's instances are disposed, the newest first
        #expect(service.work === work)  // one unit of work per request
        // end-snippet
        let other = try await container.withRequestScope { scope in try scope.resolve(UnitOfWork.self) }
        #expect(other !== work)
    }

    @Test func shutdownDisposesTheRepositoryBeforeTheDatabase() async throws {
        // snippet: servers-shutdown
        let container = DIContainer()
        container.register(Database.init).lifetime(.perContainer(.strong))
        container.register(TodoRepository.init(database:)).lifetime(.perContainer(.strong))
        _ = try container.resolveOrThrow(TodoRepository.self)  // the server runs
        let report = await container.shutdown()
        #expect(report.disposed.map { "\($0.type)" } == ["TodoRepository", "Database"])
        #expect(report.isClean)
        // A resolve from now on throws `container-shut-down`.
        #expect(throws: DIError.self) { try container.resolveOrThrow(TodoRepository.self) }
        // end-snippet
    }

    @Test func aFailingDisposeIsInTheReportAndTheOthersRun() async throws {
        // snippet: servers-report
        let container = DIContainer()
        container.register(Database.init).lifetime(.perContainer(.strong))
        container.register(Journal.init).lifetime(.perContainer(.strong))
        _ = try container.resolveOrThrow(Database.self)
        _ = try container.resolveOrThrow(Journal.self)
        let report = await container.shutdown()
        #expect(!report.isClean)
        #expect(report.disposed.count == 1)  // the database, after the journal's failure
        print(report)
        // end-snippet
        DocOutput.check(report.description, named: "servers-report")
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func aShutdownWithATimeoutDoesNotWaitPastIt() async throws {
        let container = DIContainer()
        // snippet: servers-timeout
        let report = await container.shutdown(timeout: .seconds(10))  // each dispose, and the resolves in flight
        // end-snippet
        // Nothing of its own to wait for. A resolve of another test more than 25 containers deep
        // (ShutdownInFlightTests) counts for every shutdown while it hangs (Servers.md): then this one waits up to
        // its timeout, and says so.
        #expect(report.isClean || (report.resolvesLeftRunning && report.disposed.isEmpty && report.failures.isEmpty))
    }

    @Test func processWideInstancesAreDisposedByTheirOwnShutdown() async throws {
        // snippet: servers-process-wide
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.initializeSingletonObjects()
        // ... the server runs, then stops:
        await container.shutdown()  // perContainer instances
        let report = await container.shutdownProcessWideInstances()  // perRun and single ones
        #expect(report.disposed.count == 1)
        // end-snippet
    }

    @Test func cleaningAScopeDisposesWhatItDrops() async throws {
        // snippet: servers-scope
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register(Database.init).lifetime(.custom(session))
        _ = try container.resolveOrThrow(Database.self)
        let report = await session.shutdown()  // from synchronous code: Task { await session.shutdown() }
        #expect(report.disposed.count == 1)
        // end-snippet
    }

    // snippet: servers-handed-out-types
    protocol Store: Sendable {}
    final class SharedStore: Store, DIDisposable {
        func dispose() async throws {}  // closes the store's files
    }
    // end-snippet

    @Test func anObjectHandedOutByAnotherRegistrationIsDisposedByTheOneThatMadeIt() async throws {
        // snippet: servers-handed-out
        let container = DIContainer()
        container.register(SharedStore.init).lifetime(.single)
        container.register { (store: SharedStore) -> any Store in store }.lifetime(.perContainer(.strong))
        _ = try container.resolveOrThrow((any Store).self)
        #expect(await container.shutdown().disposed.isEmpty)  // the single made it, not the container
        let report = await container.shutdownProcessWideInstances()
        #expect(report.disposed.map { "\($0.type)" } == ["SharedStore"])
        // end-snippet
    }

    // snippet: servers-request-input-types
    struct User: Sendable {  // a value, as Hummingbird's Request and swift-log's Logger are
        let name: String
    }
    final class Orders: Sendable {
        let user: User
        init(user: User) { self.user = user }
    }
    // end-snippet

    @Test func aRequestScopeGivesItsComponentsItsInputs() async throws {
        // snippet: servers-request-inputs
        let container = DIContainer()
        container.registerRequestInput(User.self)  // no factory: each request scope gives its own
        container.register(Orders.init(user:)).lifetime(.perRequest)
        let orders = try await container.withRequestScope(providing: User(name: "ann")) { scope in
            try scope.resolve(Orders.self)
        }
        #expect(orders.user.name == "ann")
        // end-snippet
        let error = #expect(throws: DIError.self) { try DIRequestScope(container: container).resolve(Orders.self) }
        #expect(error?.code == "missing-request-input")
    }

    // snippet: servers-async-request-types
    final class Transaction: DIDisposable {
        let user: User
        init(user: User) async throws { self.user = user }  // begins the request's transaction
        func dispose() async throws {}  // rolls back what the request did not commit
    }
    // end-snippet

    @Test func anAsyncPerRequestComponentIsMadeOnceAndDisposedWithItsRequest() async throws {
        // snippet: servers-async-request
        let container = DIContainer()
        container.registerRequestInput(User.self)
        container.register(Transaction.init(user:)).lifetime(.perRequest)
        let (first, again) = try await container.withRequestScope(providing: User(name: "ann")) { scope in
            (try await scope.resolveAsync(Transaction.self), try scope.resolve(Transaction.self))
        }  // the transaction is disposed here
        #expect(first === again)  // made once in the request; a synchronous resolve then reuses it
        // end-snippet
        #expect(first.user.name == "ann")
    }

}
