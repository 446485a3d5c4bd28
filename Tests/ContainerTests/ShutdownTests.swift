import Dispatch
import Foundation
import Testing
import Tether
import TetherTestSupport

@Suite("Shutdown: what the container made and keeps is disposed once, dependents first")
struct ShutdownTests {
    struct DisposeFailed: Error, CustomStringConvertible {
        var description: String { "the pool was already closed" }
    }

    /// A disposable that notes its name when disposed, and throws or hangs when told to.
    final class Resource: DIDisposable {
        enum Behaviour: Sendable { case succeed, fail, hang }

        let name: String
        let log: MessageLog
        let behaviour: Behaviour

        init(_ name: String, _ log: MessageLog, _ behaviour: Behaviour = .succeed) {
            self.name = name
            self.log = log
            self.behaviour = behaviour
        }

        func dispose() async throws {
            switch behaviour {
            case .succeed: log.append(name)
            case .fail: throw DisposeFailed()
            case .hang:
                // Cancelled at the timeout; a bound of its own, so that a broken timeout fails the test, not hangs it.
                for _ in 0..<120_000 where !Task.isCancelled { try? await Task.sleep(nanoseconds: 1_000_000) }
                log.append(name + (Task.isCancelled ? " cancelled" : " ran to its end"))
            }
        }
    }

    final class Database: DIDisposable {
        let resource: Resource
        init(log: MessageLog) { resource = Resource("database", log) }
        func dispose() async throws { try await resource.dispose() }
    }

    final class Repository: DIDisposable {
        let database: Database
        let resource: Resource
        init(database: Database, log: MessageLog) {
            self.database = database
            resource = Resource("repository", log)
        }
        func dispose() async throws { try await resource.dispose() }
    }

    final class Mailer: DIDisposable {
        let resource: Resource
        init(log: MessageLog) { resource = Resource("mailer", log) }
        func dispose() async throws { try await resource.dispose() }
    }

    /// Takes its database through `Lazy`, so the database is made after it.
    final class Reporter: DIDisposable {
        let database: Lazy<Database>
        let resource: Resource
        init(database: Lazy<Database>, log: MessageLog) {
            self.database = database
            resource = Resource("reporter", log)
        }
        func dispose() async throws { try await resource.dispose() }
    }

    private func container(_ log: MessageLog) -> DIContainer {
        let container = DIContainer()
        container.registerInstance(log)
        container.register(Database.init(log:)).lifetime(.perContainer(.strong))
        container.register(Repository.init(database:log:)).lifetime(.perContainer(.strong))
        container.register(Mailer.init(log:)).lifetime(.perContainer(.strong))
        return container
    }

    @Test func shutdownDisposesEachKeptInstanceOnceDependentsBeforeTheirDependenciesNewestFirst() async throws {
        let log = MessageLog()
        let container = container(log)
        _ = try container.resolveOrThrow(Repository.self)
        _ = try container.resolveOrThrow(Mailer.self)
        let report = await container.shutdown()
        #expect(log.messages == ["mailer", "repository", "database"])
        #expect(report.disposed.map { "\($0.type)" } == ["Mailer", "Repository", "Database"])
        #expect(report.isClean)
        // A second call returns the first's report and disposes nothing again.
        let again = await container.shutdown()
        #expect(again.disposed.count == 3)
        #expect(log.messages.count == 3)
    }

    @Test func aDependencyMadeLaterThroughLazyIsDisposedAfterWhatDependsOnIt() async throws {
        let log = MessageLog()
        let container = container(log)
        container.register(Reporter.init(database:log:)).lifetime(.perContainer(.strong))
        let reporter = try container.resolveOrThrow(Reporter.self)
        _ = reporter.database.value  // The database is made now, after the reporter.
        await container.shutdown()
        #expect(log.messages == ["reporter", "database"])
    }

    @Test func aDisposeThatThrowsIsReportedWithItsSiteAndTheOthersStillRun() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.register { Resource("first", log) }.as(Resource.self, name: "first").lifetime(.perContainer(.strong))
        let failingLine = #line + 1
        container.register { Resource("failing", log, .fail) }.as(Resource.self, name: "failing")
            .lifetime(.perContainer(.strong))
        _ = try container.resolveOrThrow(Resource.self, name: "first")
        _ = try container.resolveOrThrow(Resource.self, name: "failing")
        let report = await container.shutdown()
        #expect(log.messages == ["first"])
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.code == "dispose-failed")
        #expect(
            report.failures.first?.description
                == "error[dispose-failed]: dispose() of Resource registered at \(#fileID):\(failingLine) threw: the pool "
                + "was already closed")
        #expect(!report.isClean)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func aDisposeThatHangsIsCancelledAtTheTimeoutReportedAndNotWaitedFor() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.register { Resource("hanging", log, .hang) }.as(Resource.self, name: "hanging")
            .lifetime(.perContainer(.strong))
        let afterLine = #line + 1
        container.register { Resource("after", log) }.as(Resource.self, name: "after").lifetime(.perContainer(.strong))
        _ = try container.resolveOrThrow(Resource.self, name: "after")
        _ = try container.resolveOrThrow(Resource.self, name: "hanging")
        let report = await container.shutdown(timeout: .milliseconds(200))
        #expect(report.failures.map(\.code) == ["dispose-timed-out"])
        #expect(report.failures.first?.description.contains("did not finish within 0.2 s, and was cancelled") == true)
        #expect(report.disposed.count == 1)
        #expect(report.disposed.map(\.line) == [afterLine])
        #expect(log.messages.contains("after"))
    }

    @Test func aResolveAfterTheShutdownBeganIsRefusedWithContainerShutDownAlsoForAnExistingInstance() async throws {
        let log = MessageLog()
        let container = container(log)
        container.register { Mailer(log: log) }.as(Mailer.self, name: "prototype")
        _ = try container.resolveOrThrow(Mailer.self)
        await container.shutdown()
        #expect(throws: DIError.self) { try container.resolveOrThrow(Mailer.self) }
        do {
            _ = try container.resolveOrThrow(Mailer.self, name: "prototype")
            Issue.record("a prototype was built after the shutdown")
        } catch {
            #expect(error.code == "container-shut-down")
            #expect(
                error.description.hasPrefix(
                    "error[container-shut-down]: `Mailer named \"prototype\"` was requested after the container's "
                        + "shutdown began"))
        }
        let child = DIContainer(parent: container)
        #expect(throws: DIError.self) { try child.resolveOrThrow(Mailer.self) }
    }

    @Test func childrenThatKeepInstancesAreShutDownBeforeTheirParent() async throws {
        let log = MessageLog()
        let parent = container(log)
        let child = DIContainer(parent: parent)
        child.register { Resource("child's", log) }.lifetime(.perContainer(.strong))
        _ = try parent.resolveOrThrow(Database.self)
        _ = try child.resolveOrThrow(Resource.self)
        // The child's own instance of the parent's registration is the child's to dispose.
        _ = try child.resolveOrThrow(Mailer.self)
        let report = await parent.shutdown()
        #expect(log.messages == ["mailer", "child's", "database"])
        #expect(report.disposed.count == 3)
        #expect(throws: DIError.self) { try child.resolveOrThrow(Resource.self) }
    }

    @Test func aResolveRunningWhenTheShutdownBeginsFinishesAndWhatItMadeIsDisposed() async throws {
        let log = MessageLog()
        let container = DIContainer()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        container.register { () -> Resource in
            entered.signal()
            proceed.wait()
            log.append("made")
            return Resource("slow", log)
        }.lifetime(.perContainer(.strong))
        let resolved = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            _ = try? container.resolveOrThrow(Resource.self)
            resolved.signal()
        }
        entered.wait()
        container.register { Mailer(log: log) }.as(Mailer.self, name: "probe")
        // The factory goes on once the shutdown has begun (a new resolve is refused), from a thread of its own: the
        // cooperative threads may all be busy with other tests.
        DispatchQueue.global().async {
            while (try? container.resolveOrThrow(Mailer.self, name: "probe")) != nil { usleep(1_000) }
            proceed.signal()
        }
        let report = await container.shutdown()
        resolved.wait()
        #expect(log.messages == ["made", "slow"])
        #expect(report.isClean)
    }

    @Test func aShutdownRacingFourResolvingThreadsDisposesEveryInstanceMadeOnceAndRefusesTheRest() async throws {
        for round in 0..<50 {
            let made = MessageLog()
            let disposed = MessageLog()
            let refusals = MessageLog()
            let container = DIContainer()
            container.update { container in
                for index in 0..<20 {
                    container.register { () -> Resource in
                        made.append("\(index)")
                        return Resource("\(index)", disposed)
                    }.as(Resource.self, name: "\(index)").lifetime(.perContainer(.strong))
                }
            }
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for thread in 0..<4 {
                DispatchQueue.global().async(group: group) {
                    start.wait()
                    for step in 0..<40 {
                        do throws(DIError) {
                            _ = try container.resolveOrThrow(Resource.self, name: "\((step + 5 * thread) % 20)")
                        } catch {
                            refusals.append(error.code)
                        }
                    }
                }
            }
            for _ in 0..<4 { start.signal() }
            let report = await container.shutdown()
            group.wait()
            // Made before the shutdown took the cells (a resolve running when it began is waited for), or refused.
            #expect(disposed.messages.sorted() == made.messages.sorted(), "round \(round)")
            #expect(Set(disposed.messages).count == disposed.messages.count, "round \(round): disposed twice")
            #expect(report.disposed.count == made.messages.count, "round \(round)")
            #expect(Set(refusals.messages).isSubset(of: ["container-shut-down"]), "round \(round)")
        }
    }

    @Test func aGrandchildThatKeepsInstancesIsShutDownThroughAChildThatKeepsNone() async throws {
        let log = MessageLog()
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        let grandchild = DIContainer(parent: child)
        grandchild.register { Resource("grandchild's", log) }.lifetime(.perContainer(.strong))
        _ = try grandchild.resolveOrThrow(Resource.self)
        await parent.shutdown()
        #expect(log.messages == ["grandchild's"])
    }

    @Test func processWideInstancesHaveAShutdownOfTheirOwnAndAreMadeAgainAfterIt() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.register { Resource("single", log) }.lifetime(.single)
        let child = DIContainer(parent: container)
        let first = try child.resolveOrThrow(Resource.self)
        // A container's shutdown leaves what belongs to the process.
        await child.shutdown()
        #expect(log.messages.isEmpty)
        let report = await container.shutdownProcessWideInstances()
        #expect(log.messages == ["single"])
        #expect(report.disposed.count == 1)
        #expect(await container.shutdownProcessWideInstances().disposed.isEmpty)
        let second = try container.resolveOrThrow(Resource.self)
        #expect(second !== first)
        #expect(try container.resolveOrThrow(Resource.self) === second)
    }

    @Test func anInstanceGivenToRegisterInstanceIsLeftToItsOwner() async throws {
        let log = MessageLog()
        let container = DIContainer()
        let owned = Resource("owned", log)
        container.registerInstance(owned)
        _ = try container.resolveOrThrow(Resource.self)
        let report = await container.shutdown()
        #expect(log.messages.isEmpty)
        #expect(report.disposed.isEmpty)
    }

    @Test func aCustomScopesShutdownDisposesWhatItDropsNewestFirst() async throws {
        let log = MessageLog()
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = container(log)
        container.register { Resource("cart", log) }.lifetime(.custom(session))
        container.register { (cart: Resource) in Mailer(log: log) }.as(Mailer.self, name: "session")
            .lifetime(.custom(session))
        _ = try container.resolveOrThrow(Mailer.self, name: "session")
        let report = await session.shutdown()
        #expect(log.messages == ["mailer", "cart"])
        #expect(report.disposed.count == 2)
        #expect(session.count == 0)
    }

    final class Link: DIDisposable {
        let index: Int
        let next: Lazy<Link>
        let log: MessageLog
        init(index: Int, next: Lazy<Link>, log: MessageLog) {
            self.index = index
            self.next = next
            self.log = log
        }
        func dispose() async throws { log.append("\(index)") }
    }

    @Test func aChainOfTwoThousandMadeHeadFirstIsDisposedFromItsHeadWithoutRecursion() async throws {
        let log = MessageLog()
        let container = DIContainer()
        let count = 2_000
        container.update { container in
            container.registerInstance(log)
            for index in 0..<count {
                container.register { (next: Lazy<Link>, log: MessageLog) in Link(index: index, next: next, log: log) }
                    .as(Link.self, name: "\(index)")
                    .parameter(at: 0, name: "\(min(index + 1, count - 1))")
                    .lifetime(.perContainer(.strong))
            }
        }
        // The head is made first and each next link later, through `Lazy`: creation order alone would dispose the
        // tail first, and the walk from the head is 2,000 deep.
        var link = try container.resolveOrThrow(Link.self, name: "0")
        for _ in 1..<count { link = link.next.value }
        #expect(link.index == count - 1)
        await container.shutdown()
        #expect(log.messages == (0..<count).map { "\($0)" })
    }
}
