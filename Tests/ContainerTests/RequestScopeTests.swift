import Dispatch
import Foundation
import Testing
import Tether
import TetherTestSupport

@Suite("Request scope: one perRequest instance per request, disposed when it ends")
struct RequestScopeTests {
    final class UnitOfWork: DIDisposable {
        let disposals: MessageLog
        init(disposals: MessageLog) { self.disposals = disposals }
        func dispose() async throws { disposals.append("unit of work") }
    }

    final class Repository: DIDisposable {
        let work: UnitOfWork
        init(work: UnitOfWork) { self.work = work }
        func dispose() async throws { work.disposals.append("repository") }
    }

    final class Auditor: Sendable {
        let work: UnitOfWork
        init(work: UnitOfWork) { self.work = work }
    }

    /// Resolves its unit of work later, through a `Provider`.
    final class LateReader: Sendable {
        let work: Provider<UnitOfWork>
        init(work: Provider<UnitOfWork>) { self.work = work }
    }

    /// Keeps its unit of work through `Lazy`, which keeps the first value it resolves.
    final class LazyHolder: Sendable {
        let work: Lazy<UnitOfWork>
        init(work: Lazy<UnitOfWork>) { self.work = work }
    }

    /// Reads the holder's unit of work while it is built, in the request that resolves it.
    final class LazyReader: Sendable {
        let work: UnitOfWork
        init(holder: LazyHolder) { work = holder.work.value }
    }

    private func container(_ disposals: MessageLog) -> DIContainer {
        let container = DIContainer()
        container.registerInstance(disposals)
        container.register(UnitOfWork.init(disposals:)).lifetime(.perRequest)
        container.register(Repository.init(work:)).lifetime(.perRequest)
        container.register(Auditor.init(work:))
        container.register(LateReader.init(work:)).lifetime(.perRequest)
        return container
    }

    @Test func aRequestSharesOneInstanceAndAnotherRequestGetsItsOwn() async throws {
        let container = container(MessageLog())
        let (first, again, auditor) = try await container.withRequestScope { scope in
            (try scope.resolve(Repository.self), try scope.resolve(Repository.self), try scope.resolve(Auditor.self))
        }
        #expect(first === again)
        #expect(auditor.work === first.work)
        let other = try await container.withRequestScope { scope in try scope.resolve(Repository.self) }
        #expect(other !== first)
        #expect(other.work !== first.work)
    }

    @Test func endingTheRequestDisposesItsInstancesNewestFirstOnce() async throws {
        let disposals = MessageLog()
        let container = container(disposals)
        let scope = DIRequestScope(container: container)
        _ = try scope.resolve(Repository.self)
        let report = await scope.end()
        #expect(disposals.messages == ["repository", "unit of work"])
        #expect(report.disposed.map { "\($0.type)" } == ["Repository", "UnitOfWork"])
        #expect(await scope.end().disposed.isEmpty)
        #expect(disposals.messages.count == 2)
    }

    @Test func aPerRequestComponentOutsideAnyScopeSaysHowToResolveIt() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(Repository.init(work:)).lifetime(.perRequest)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Repository.self) }
        #expect(error?.code == "outside-request-scope")
        #expect(
            error?.description == """
                error[outside-request-scope]: Repository is perRequest, and this resolve runs outside any request scope
                  path: Repository (perRequest, \(#fileID):\(line))
                  registered at: \(#fileID):\(line)
                  help: resolve it through the request's scope (`try scope.resolve(Repository.self)` in \
                `container.withRequestScope { scope in ... }`), where what it needs is resolved too, or give the \
                registration at \(#fileID):\(line) a lifetime that outlives requests
                """)
    }

    @Test func aResolveThroughAnEndedScopeIsRefused() async throws {
        let container = container(MessageLog())
        let scope = DIRequestScope(container: container)
        await scope.end()
        let error = #expect(throws: DIError.self) { try scope.resolve(UnitOfWork.self) }
        #expect(error?.message == "UnitOfWork is perRequest, and the request scope this resolve runs in has ended")
    }

    @Test func aProviderMadeInTheRequestResolvesInItLater() async throws {
        let container = container(MessageLog())
        try await container.withRequestScope { scope in
            let reader = try scope.resolve(LateReader.self)
            let work = try scope.resolve(UnitOfWork.self)
            // Called outside `scope.resolve`: the Provider enters the scope it was made in.
            #expect(try reader.work.get() === work)
        }
    }

    @Test func manyThreadsOfOneRequestGetOneInstance() async throws {
        let counter = Counter()
        let container = DIContainer()
        container.register { () -> UnitOfWork in
            counter.increment()
            for _ in 0..<1_000 { _ = counter.count }
            return UnitOfWork(disposals: MessageLog())
        }.lifetime(.perRequest)
        for round in 0..<200 {
            let scope = DIRequestScope(container: container)
            let seen = IdentityLog<UnitOfWork>()
            let group = DispatchGroup()
            let before = counter.count
            let failures = MessageLog()
            for _ in 0..<4 {
                DispatchQueue.global().async(group: group) {
                    do {
                        _ = seen.record(try scope.resolve(UnitOfWork.self))
                    } catch {
                        failures.append("\(error)")
                    }
                }
            }
            group.wait()
            let made = counter.count - before
            if made != 1 { Issue.record("round \(round): \(made) instances made for one request") }
            if !failures.messages.isEmpty { Issue.record("round \(round): \(failures.messages)") }
            await scope.end()
        }
    }

    @Test func endingAScopeWhileItsTasksResolveDisposesEachInstanceAtMostOnceAndRefusesTheRest() async throws {
        for round in 0..<100 {
            let disposals = MessageLog()
            let container = container(disposals)
            let scope = DIRequestScope(container: container)
            let refusals = MessageLog()
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for _ in 0..<3 {
                DispatchQueue.global().async(group: group) {
                    start.wait()
                    for _ in 0..<20 {
                        do throws(DIError) {
                            _ = try scope.resolve(Repository.self)
                        } catch {
                            refusals.append(error.code)
                        }
                    }
                }
            }
            for _ in 0..<3 { start.signal() }
            await scope.end()
            group.wait()
            #expect(disposals.messages.count <= 2, "round \(round): \(disposals.messages)")
            #expect(Set(disposals.messages).count == disposals.messages.count, "round \(round): disposed twice")
            #expect(Set(refusals.messages).isSubset(of: ["outside-request-scope"]), "round \(round)")
        }
    }

    /// A perRequest component with nothing to dispose, resolved to learn whether the scope has ended.
    final class Probe: Sendable {}

    /// A factory blocked until the test releases it, and the thread its resolve runs on.
    private struct BlockedMake {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let outcomes = MessageLog()
        let finished = DispatchSemaphore(value: 0)

        /// Resolves `type` through `scope` on a thread of its own, noting what the resolve did.
        func resolve<T>(_ type: T.Type, in scope: DIRequestScope) {
            DispatchQueue.global().async {
                do throws(DIError) {
                    _ = try scope.resolve(type)
                    outcomes.append("handed out")
                } catch {
                    outcomes.append(error.code)
                    if error.message.hasSuffix("has ended") { outcomes.append("scope ended") }
                }
                finished.signal()
            }
        }

        /// Waits, off the cooperative pool, for `semaphore`.
        static func wait(for semaphore: DispatchSemaphore) async {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    semaphore.wait()
                    continuation.resume()
                }
            }
        }
    }

    /// Resolves `type` through `scope` while `make`'s factory is blocked, ends the scope from another task, lets the
    /// factory go once the end has begun, and returns the end's report after the resolve has finished. "end returned"
    /// goes to `log` when `end()` returns.
    private func endWhileMaking<T>(
        _ type: T.Type, in scope: DIRequestScope, _ make: BlockedMake, log: MessageLog
    ) async -> DIShutdownReport {
        make.resolve(type, in: scope)
        await BlockedMake.wait(for: make.entered)
        let ending = Task {
            let report = await scope.end()
            log.append("end returned")
            return report
        }
        // The end has begun once a resolve of a perRequest component through the scope is refused.
        while (try? scope.resolve(Probe.self)) != nil { await Task.yield() }
        make.release.signal()
        let report = await ending.value
        await BlockedMake.wait(for: make.finished)
        return report
    }

    @Test func aMakeRunningWhenTheRequestEndsIsWaitedForDisposedOnceAndNotHandedOut() async throws {
        let disposals = MessageLog()
        let make = BlockedMake()
        let container = DIContainer()
        container.register(Probe.init).lifetime(.perRequest)
        container.register { () -> UnitOfWork in
            make.entered.signal()
            make.release.wait()
            disposals.append("made")
            return UnitOfWork(disposals: disposals)
        }.lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let report = await endWhileMaking(UnitOfWork.self, in: scope, make, log: disposals)
        #expect(disposals.messages == ["made", "unit of work", "end returned"])
        #expect(report.disposed.map { "\($0.type)" } == ["UnitOfWork"])
        #expect(make.outcomes.messages == ["outside-request-scope", "scope ended"])
        #expect(await scope.end().disposed.isEmpty)
        #expect(disposals.messages.count == 3)
    }

    @Test func theRequestsEndDisposesWhatARunningMakeCompletedAfterItBeganWithTheRestInOrder() async throws {
        let disposals = MessageLog()
        let make = BlockedMake()
        let container = DIContainer()
        container.registerInstance(disposals)
        container.register(Probe.init).lifetime(.perRequest)
        container.register(UnitOfWork.init(disposals:)).lifetime(.perRequest)
        // Made after its unit of work, which it takes: disposed before it.
        container.register { (work: UnitOfWork) -> Repository in
            make.entered.signal()
            make.release.wait()
            return Repository(work: work)
        }.lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let report = await endWhileMaking(Repository.self, in: scope, make, log: disposals)
        #expect(disposals.messages == ["repository", "unit of work", "end returned"])
        #expect(report.disposed.map { "\($0.type)" } == ["Repository", "UnitOfWork"])
        #expect(make.outcomes.messages == ["outside-request-scope", "scope ended"])
    }

    @Test func aMakeThatFailsWhileTheRequestEndsLetsTheEndReturn() async throws {
        struct Refused: Error {}
        let make = BlockedMake()
        let container = DIContainer()
        container.register(Probe.init).lifetime(.perRequest)
        container.register { () throws -> UnitOfWork in
            make.entered.signal()
            make.release.wait()
            throw Refused()
        }.lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let log = MessageLog()
        #expect(await endWhileMaking(UnitOfWork.self, in: scope, make, log: log).disposed.isEmpty)
        #expect(log.messages == ["end returned"])
        #expect(make.outcomes.messages == ["factory-failed"])
    }

    @Test func aPerRequestFactoryThatNeedsItselfIsACycleNotAHang() throws {
        final class Loop: Sendable {
            init(loop: Loop) {}
        }
        let container = DIContainer()
        container.register(Loop.init(loop:)).lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let error = #expect(throws: DIError.self) { try scope.resolve(Loop.self) }
        #expect(error?.code == "dependency-cycle")
    }

    /// Holds a `Provider` of the request's unit of work for as long as the container lives.
    final class LongLivedReader: Sendable {
        let work: Provider<UnitOfWork>
        init(work: Provider<UnitOfWork>) { self.work = work }
    }

    @Test func aLongLivedHoldersProviderResolvesInTheRequestThatCallsIt() async throws {
        let container = container(MessageLog())
        container.register(LongLivedReader.init(work:)).lifetime(.perContainer(.strong))
        container.register { (reader: LongLivedReader) in Checker(work: try reader.work.get()) }
        let first = DIRequestScope(container: container)
        let reader = try first.resolve(LongLivedReader.self)
        let second = DIRequestScope(container: container)
        let secondWork = try second.resolve(UnitOfWork.self)
        // Inside the second request's resolve, its own unit of work, not the first's.
        let seen = try second.resolve(Provider<UnitOfWork>.self).get()
        #expect(seen === secondWork)
        // Called by a factory in the second request: the second request's, not the first's it was made in.
        #expect(try second.resolve(Checker.self).work === secondWork)
        // Outside any scope, a long-lived holder's accessor has none to fall back on.
        #expect(throws: DIError.self) { try reader.work.get() }
        await first.end()
        await second.end()
    }

    /// Where a long-lived holder's `Provider` is the fix that Validation and Servers give: a resolve through the
    /// request's scope. The thread's scope is set only while one runs; the body of `withRequestScope` is no resolve.
    @Test func aLongLivedHoldersProviderCalledInTheRequestButOutsideItsResolvesThrowsRatherThanGuessTheRequest()
        async throws
    {
        let container = container(MessageLog())
        container.register(LongLivedReader.init(work:)).lifetime(.perContainer(.strong))
        container.register { (reader: LongLivedReader) in Checker(work: try reader.work.get()) }
        try await container.withRequestScope { scope in
            let reader = try scope.resolve(LongLivedReader.self)
            let error = #expect(throws: DIError.self) { try reader.work.get() }
            #expect(error?.code == "outside-request-scope")
            #expect(try scope.resolve(Checker.self).work === scope.resolve(UnitOfWork.self))
        }
    }

    /// Made anew for each resolve, with a `Provider` made in the request that builds it.
    final class ProvidingMiddle: Sendable {
        let work: Provider<UnitOfWork>
        init(work: Provider<UnitOfWork>) { self.work = work }
    }
    final class MiddleKeeper: Sendable {
        let middle: ProvidingMiddle
        init(middle: ProvidingMiddle) { self.middle = middle }
    }

    /// Why `validate()` reports a `Provider` of a `perRequest` component made for a prototype that a long-lived holder
    /// keeps (RequestCaptiveTests): unlike the holder's own, it remembers the first request.
    @Test func aPrototypesProviderKeptBeyondItsRequestHandsALaterRequestTheFirstOnesInstance() async throws {
        let container = container(MessageLog())
        container.register(ProvidingMiddle.init(work:))
        container.register(MiddleKeeper.init(middle:)).lifetime(.single)
        container.register { (keeper: MiddleKeeper) in Checker(work: try keeper.middle.work.get()) }
        let first = DIRequestScope(container: container)
        let keeper = try first.resolve(MiddleKeeper.self)
        let firstWork = try first.resolve(UnitOfWork.self)
        let second = DIRequestScope(container: container)
        let secondWork = try second.resolve(UnitOfWork.self)
        // Called by the second request outside its resolves, while the first request runs.
        #expect(try keeper.middle.work.get() === firstWork)
        // Called by a factory in the second request: the second's.
        #expect(try second.resolve(Checker.self).work === secondWork)
        await first.end()
        let error = #expect(throws: DIError.self) { try keeper.middle.work.get() }
        #expect(error?.code == "outside-request-scope")
        await second.end()
    }

    /// What a factory running in a request got from the long-lived holder's `Provider`.
    final class Checker: Sendable {
        let work: UnitOfWork
        init(work: UnitOfWork) { self.work = work }
    }

    /// Why `validate()` reports a long-lived holder's `Lazy` of a `perRequest` component (RequestCaptiveTests).
    @Test func aLongLivedHoldersLazyHandsTheNextRequestTheFirstRequestsDisposedInstance() async throws {
        let disposals = MessageLog()
        let container = container(disposals)
        container.register(LazyHolder.init(work:)).lifetime(.perContainer(.strong))
        container.register(LazyReader.init(holder:))
        let first = try await container.withRequestScope { scope in try scope.resolve(LazyReader.self).work }
        let second = try await container.withRequestScope { scope in try scope.resolve(LazyReader.self).work }
        #expect(second === first)
        #expect(disposals.messages == ["unit of work"])  // disposed when the first request ended
    }

    @Test func anAsyncPerRequestFactoryIsMadeInTheScopeThatAwaitsIt() async throws {
        let container = DIContainer()
        container.register { () async throws -> UnitOfWork in UnitOfWork(disposals: MessageLog()) }.lifetime(
            .perRequest)
        let error = await #expect(throws: DIError.self) { try await container.resolveAsync(UnitOfWork.self) }
        #expect(error?.code == "outside-request-scope")
        let scope = DIRequestScope(container: container)
        #expect(try await scope.resolveAsync(UnitOfWork.self) === scope.resolve(UnitOfWork.self))
        await scope.end()
    }

    @Test func registerInstanceRefusesThePerRequestLifetime() {
        let container = DIContainer()
        container.registerInstance(UnitOfWork(disposals: MessageLog())).lifetime(.perRequest)
        let error = #expect(throws: DIError.self) {
            try DIRequestScope(container: container).resolve(UnitOfWork.self)
        }
        #expect(error?.code == "invalid-registration")
    }
}
