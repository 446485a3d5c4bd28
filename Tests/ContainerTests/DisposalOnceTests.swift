import Testing
import Tether
import TetherTestSupport

@Suite("Disposal once: an object is disposed once, by the registration that made it, however many keep it")
struct DisposalOnceTests {
    protocol Reading: AnyObject, Sendable {}
    protocol Writing: Sendable {}

    /// Kept by its own registration and handed out by others as `Reading` and `Writing`.
    final class Store: DIDisposable, Reading, Writing {
        let log: MessageLog
        init(log: MessageLog) { self.log = log }
        func dispose() async throws { log.append("store") }
    }

    /// Depends on the store only through `Reading`.
    final class Report: DIDisposable {
        let reading: any Reading
        let log: MessageLog
        init(reading: any Reading, log: MessageLog) {
            self.reading = reading
            self.log = log
        }
        func dispose() async throws { log.append("report") }
    }

    /// Registers the store under its class and, in two registrations of the same lifetime that only hand it out,
    /// as `Reading` and `Writing`.
    private func registerStore(in container: DIContainer, _ lifetime: DILifeTime) {
        container.register(Store.init(log:)).lifetime(lifetime)
        container.register { (store: Store) -> any Reading in store }.lifetime(lifetime)
        container.register { (store: Store) -> any Writing in store }.lifetime(lifetime)
    }

    @Test func anObjectKeptByItsClassAndTwoProtocolRegistrationsIsDisposedOnceAfterWhatDependsOnIt() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.registerInstance(log)
        registerStore(in: container, .perContainer(.strong))
        container.register(Report.init(reading:log:)).lifetime(.perContainer(.strong))
        let store = try container.resolveOrThrow(Store.self)
        #expect(try container.resolveOrThrow((any Writing).self) as AnyObject === store)
        #expect(try container.resolveOrThrow(Report.self).reading === store)
        let report = await container.shutdown()
        #expect(log.messages == ["report", "store"])
        // Reported under the registration that made it, not the ones that hand it out.
        #expect(report.disposed.map { "\($0.type)" } == ["Report", "Store"])
        #expect(report.isClean)
    }

    @Test func aSingleHandedOutByAPerContainerRegistrationIsDisposedOnceByTheProcessWideShutdown() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.registerInstance(log)
        container.register(Store.init(log:)).lifetime(.single)
        container.register { (store: Store) -> any Reading in store }.lifetime(.perContainer(.strong))
        let store = try container.resolveOrThrow(Store.self)
        #expect(try container.resolveOrThrow((any Reading).self) === store)
        // The container only hands out the process's instance: not its to dispose.
        let containers = await container.shutdown()
        #expect(log.messages.isEmpty)
        #expect(containers.disposed.isEmpty)
        let process = await container.shutdownProcessWideInstances()
        #expect(log.messages == ["store"])
        #expect(process.disposed.map { "\($0.type)" } == ["Store"])
    }

    @Test func aSingleHandedOutByAPerContainerRegistrationIsDisposedOnceWhateverShutdownComesFirst() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.registerInstance(log)
        container.register(Store.init(log:)).lifetime(.single)
        container.register { (store: Store) -> any Reading in store }.lifetime(.perContainer(.strong))
        let store = try container.resolveOrThrow((any Reading).self)
        let process = await container.shutdownProcessWideInstances()
        let containers = await container.shutdown()
        #expect(log.messages == ["store"])
        #expect(process.disposed.count + containers.disposed.count == 1)
        withExtendedLifetime(store) {}
    }

    @Test func anObjectUnderTwoRegistrationsOfOneCustomScopeIsDisposedOnceByItsShutdown() async throws {
        let log = MessageLog()
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.registerInstance(log)
        registerStore(in: container, .custom(session))
        container.register(Report.init(reading:log:)).lifetime(.custom(session))
        let report = try container.resolveOrThrow(Report.self)
        #expect(try container.resolveOrThrow(Store.self) === report.reading)
        #expect(try container.resolveOrThrow((any Writing).self) as AnyObject === report.reading)
        let cleaned = await session.shutdown()
        #expect(log.messages == ["report", "store"])
        #expect(cleaned.disposed.map { "\($0.type)" } == ["Report", "Store"])
    }

    @Test func droppingAScopesInstancesReleasesThemWithoutDisposingAndItsShutdownDisposes() async throws {
        let log = MessageLog()
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.registerInstance(log)
        container.register(Store.init(log:)).lifetime(.custom(session))
        let first = try container.resolveOrThrow(Store.self)
        session.dropInstances()
        #expect(session.count == 0)
        let second = try container.resolveOrThrow(Store.self)
        #expect(second !== first, "the next resolve builds anew")
        #expect(log.messages.isEmpty, "dropping disposes nothing")
        let report = await session.shutdown()
        #expect(log.messages == ["store"])
        #expect(report.disposed.count == 1)
        #expect(try container.resolveOrThrow(Store.self) !== second)
    }

    @Test func dropInstancesOfACustomLifetimeReleasesTheScopesInstancesWithoutDisposing() throws {
        let log = MessageLog()
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.registerInstance(log)
        registerStore(in: container, .custom(session))
        container.register(Report.init(reading:log:)).lifetime(.perContainer(.strong))
        let store = try container.resolveOrThrow(Store.self)
        let report = try container.resolveOrThrow(Report.self)
        container.dropInstances(of: .custom(session), .perContainer(.strong))
        #expect(try container.resolveOrThrow(Store.self) !== store)
        #expect(try container.resolveOrThrow(Report.self) !== report)
        #expect(log.messages.isEmpty)
    }

    @Test func anObjectUnderTwoRegistrationsOfOneRequestScopeIsDisposedOnceWhenItEnds() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.registerInstance(log)
        registerStore(in: container, .perRequest)
        container.register(Report.init(reading:log:)).lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let report = try scope.resolve(Report.self)
        #expect(try scope.resolve(Store.self) === report.reading)
        #expect(try scope.resolve((any Writing).self) as AnyObject === report.reading)
        let ended = await scope.end()
        #expect(log.messages == ["report", "store"])
        #expect(ended.disposed.map { "\($0.type)" } == ["Report", "Store"])
    }

    @Test func aScopesInstanceHandedOutByAPerContainerRegistrationIsNotDisposedAgainByTheShutdown() async throws {
        let log = MessageLog()
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.registerInstance(log)
        container.register(Store.init(log:)).lifetime(.custom(session))
        container.register { (store: Store) -> any Reading in store }.lifetime(.perContainer(.strong))
        let store = try container.resolveOrThrow((any Reading).self)
        _ = await session.shutdown()
        let containers = await container.shutdown()
        #expect(log.messages == ["store"])
        #expect(containers.disposed.isEmpty)
        withExtendedLifetime(store) {}
    }

    @Test func anObjectACustomScopeDisposedIsNotDisposedAgainByARequestThatHandsItOut() async throws {
        let log = MessageLog()
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.registerInstance(log)
        container.register(Store.init(log:)).lifetime(.custom(session))
        container.register { (store: Store) -> any Reading in store }.lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let store = try scope.resolve((any Reading).self)
        _ = await session.shutdown()
        let ended = await scope.end()
        #expect(log.messages == ["store"])
        #expect(ended.disposed.isEmpty)
        withExtendedLifetime(store) {}
    }

    @Test func aContainersInstanceHandedOutByAPerRunRegistrationIsLeftToTheContainersShutdown() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.registerInstance(log)
        container.register(Store.init(log:)).lifetime(.perContainer(.strong))
        container.register { (store: Store) -> any Reading in store }.lifetime(.perRun(.strong))
        let store = try container.resolveOrThrow((any Reading).self)
        // The process-wide registration only hands out the container's instance: it leaves it, even going first.
        let process = await container.shutdownProcessWideInstances()
        #expect(log.messages.isEmpty)
        #expect(process.disposed.isEmpty)
        let containers = await container.shutdown()
        #expect(log.messages == ["store"])
        #expect(containers.disposed.map { "\($0.type)" } == ["Store"])
        withExtendedLifetime(store) {}
    }
}
