import Foundation
import Testing
import Tether
import TetherTestSupport

/// Main-actor and async factories: registered as written, built where they must be, and a `DIError` naming the
/// component wherever they cannot be, never a trap.
@Suite("Isolation: @MainActor and async factories")
struct IsolationTests {
    final class Service: Sendable {}

    @MainActor final class Screen {
        let service: Service
        init(service: Service) { self.service = service }
    }

    @MainActor final class Settings {
        var service: Service?
        var isReady = false
        init() {}
    }

    /// Not isolated itself, but builds a main-actor screen.
    final class Coordinator: Sendable {
        let screen: Screen
        init(screen: Screen) { self.screen = screen }
    }

    final class Session: Sendable {
        let service: Service
        init(service: Service) async {
            await Task.yield()
            self.service = service
        }
    }

    final class Feed: Sendable {
        let session: Session
        init(session: Session) { self.session = session }
    }

    struct Failure: Error {}

    private func container(screens: Counter = Counter(), sessions: Counter = Counter()) -> DIContainer {
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register { @MainActor (service: Service) in
            screens.increment()
            return Screen(service: service)
        }
        container.register { (service: Service) async in
            sessions.increment()
            return await Session(service: service)
        }.lifetime(.perContainer(.strong))
        container.register(Feed.init)
        container.register(Coordinator.init)
        return container
    }

    @Test @MainActor
    func aMainActorInitializerRegisteredByReferenceResolvesSynchronouslyOnTheMainActor() throws {
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register(Screen.init)
        let screen: Screen = try container.resolveOrThrow()
        #expect(screen.service === (try container.resolveOrThrow(Service.self)))
    }

    @Test
    func aSynchronousResolveOffTheMainThreadThrowsMainActorIsolatedAndBuildsNothing() async throws {
        let screens = Counter()
        let container = container(screens: screens)
        let error = await Task.detached { () -> DIError? in
            do throws(DIError) {
                _ = try container.resolveOrThrow(Coordinator.self)
                return nil
            } catch {
                return error
            }
        }.value
        let thrown = try #require(error as DIError?)
        #expect(thrown.code == "main-actor-isolated")
        #expect(thrown.message == "Screen is built on the main actor, and this resolve runs on another thread")
        #expect(thrown.description.contains("path: Coordinator (prototype, "))
        #expect(thrown.description.contains("-> Screen (prototype, "))
        #expect(thrown.help.contains("resolveAsync"))
        #expect(screens.count == 0)
    }

    @Test
    func resolveAsyncBuildsMainActorComponentsOnTheMainActorFromAnyTask() async throws {
        let screens = Counter()
        let container = container(screens: screens)
        let coordinator = try await Task.detached { try await container.resolveAsync(Coordinator.self) }.value
        let service: Service = try container.resolveOrThrow()
        #expect(coordinator.screen.service === service)
        #expect(screens.count == 1)
    }

    @Test
    func aSynchronousResolveOfAnAsyncComponentWithoutAnInstanceThrowsAsyncFactory() throws {
        let sessions = Counter()
        let container = container(sessions: sessions)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Feed.self) }
        #expect(error?.code == "async-factory")
        #expect(
            error?.message
                == "Session has an async factory and no instance yet, and a synchronous resolve cannot await it")
        #expect(error?.description.contains("path: Feed (prototype, ") == true)
        #expect(sessions.count == 0)
    }

    @Test
    func resolveAsyncMakesAKeptAsyncDependencyFirstAndASynchronousResolveReusesIt() async throws {
        let sessions = Counter()
        let container = container(sessions: sessions)
        let feed = try await container.resolveAsync(Feed.self)
        let again: Feed = try container.resolveOrThrow()
        #expect(feed !== again)
        #expect(feed.session === again.session)
        #expect(sessions.count == 1)
    }

    @Test
    func concurrentAwaitingResolvesMakeAnAsyncInstanceOnce() async throws {
        let sessions = Counter()
        let container = container(sessions: sessions)
        let sessionsSeen = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<32 {
                group.addTask { ObjectIdentifier(try await container.resolveAsync(Feed.self).session) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(sessionsSeen.count == 1)
        #expect(sessions.count == 1)
    }

    @Test
    func anAsyncPrototypeResolvedItselfIsBuiltAnewEachTime() async throws {
        let made = Counter()
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register { (service: Service) async in
            made.increment()
            return await Session(service: service)
        }
        let first = try await container.resolveAsync(Session.self)
        let second = try await container.resolveAsync(Session.self)
        #expect(first !== second)
        #expect(first.service === second.service)
        #expect(made.count == 2)
    }

    @Test
    func anAsyncPrototypeNeededByAnotherComponentIsReportedWithItsPath() async throws {
        let container = DIContainer()
        container.register(Service.init)
        container.register(Session.init)
        container.register(Feed.init)
        await #expect {
            _ = try await container.resolveAsync(Feed.self)
        } throws: { error in
            guard let error = error as? DIError else { return false }
            return error.code == "async-factory" && error.description.contains("path: Feed (prototype, ")
                && error.description.contains("-> Session (prototype, ")
                && error.message.contains("the lifetime prototype")
                && error.help.contains("a lifetime that keeps its instance")
        }
    }

    @Test
    func anAsyncFactoryThatThrowsFailsTheResolveNamingTheComponent() async throws {
        let container = DIContainer()
        container.register { () async throws -> Session in throw Failure() }.lifetime(.single)
        await #expect {
            _ = try await container.resolveAsync(Session.self)
        } throws: { error in
            (error as? DIError)?.code == "factory-failed"
                && (error as? DIError)?.message == "the factory of Session threw: Failure()"
        }
    }

    @Test
    func anAsyncComponentsInjectionsAndCompletionRunAfterItsFactory() async throws {
        final class Player: @unchecked Sendable {
            var service: Service?
            var completed = false
            init() async {}
        }
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register { () async in await Player() }
            .injection(\.service)
            .completion { (player: Player) in player.completed = player.service != nil }
        let player = try await container.resolveAsync(Player.self)
        #expect(player.service === (try container.resolveOrThrow(Service.self)))
        #expect(player.completed)
    }

    @Test
    func aResetAsyncInstanceIsMadeAgainByTheNextAwaitingResolve() async throws {
        let sessions = Counter()
        let container = container(sessions: sessions)
        let first = try await container.resolveAsync(Feed.self).session
        container.dropInstances(of: .perContainer(.strong), .perContainer(.weak))
        let second = try await container.resolveAsync(Feed.self).session
        #expect(first !== second)
        #expect(sessions.count == 2)
    }

    @Test
    func initializeSingletonObjectsOffTheMainThreadNamesTheMainActorSingle() async throws {
        let container = DIContainer()
        container.register(Screen.init).lifetime(.single)
        let error = await Task.detached { () -> DIError? in
            do throws(DIError) {
                try container.initializeSingletonObjectsOrThrow()
                return nil
            } catch {
                return error
            }
        }.value
        #expect(error?.code == "main-actor-isolated")
        #expect(error?.description.contains("path: Screen (single, ") == true)
    }

    @Test
    func initializeSingletonObjectsAsyncBuildsEachSingleWhereItMustBeBuilt() async throws {
        let screens = Counter()
        let sessions = Counter()
        let container = DIContainer()
        container.register(Service.init).lifetime(.single)
        container.register { @MainActor (service: Service) in
            screens.increment()
            return Screen(service: service)
        }.lifetime(.single)
        container.register { (service: Service) async in
            sessions.increment()
            return await Session(service: service)
        }.lifetime(.single)
        container.register(Feed.init)
        try await Task.detached { try await container.initializeSingletonObjectsAsync() }.value
        #expect(screens.count == 1)
        #expect(sessions.count == 1)
        // Off the main thread and without awaiting, the instances made above are reused.
        let feed = try await Task.detached { try container.resolveOrThrow(Feed.self) }.value
        let screen = try await Task.detached { try container.resolveOrThrow(Screen.self) }.value
        #expect(feed.session.service === screen.service)
        #expect(sessions.count == 1)
        #expect(screens.count == 1)
    }

    @Test @MainActor
    func mainActorInjectionAndCompletionClosuresSetMainActorProperties() throws {
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register(Settings.init)
            .injection(on: MainActor.self) { (settings: Settings, service: Service) in settings.service = service }
            .completion(on: MainActor.self) { (settings: Settings) in settings.isReady = settings.service != nil }
        let settings: Settings = try container.resolveOrThrow()
        #expect(settings.service === (try container.resolveOrThrow(Service.self)))
        #expect(settings.isReady)
    }

    @Test
    func aMainActorInjectionOfAnAwaitedResolveRunsOnTheMainActor() async throws {
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register(Settings.init)
            .injection(on: MainActor.self) { (settings: Settings, service: Service) in settings.service = service }
        let settings = try await Task.detached { try await container.resolveAsync(Settings.self) }.value
        let service = await settings.service
        #expect(service === (try container.resolveOrThrow(Service.self)))
    }

    @Test
    func aMainActorInjectionOffTheMainActorThrowsAndDoesNotRun() async throws {
        final class Model: @unchecked Sendable {
            var service: Service?
        }
        let container = DIContainer()
        container.register(Service.init)
        container.register(Model.init)
            .injection(on: MainActor.self) { (model: Model, service: Service) in model.service = service }
        let error = await errorOffTheMainActor { _ = try container.resolveOrThrow(Model.self) }
        #expect(error?.code == "main-actor-isolated")
        #expect(error?.message == "Model is built on the main actor, and this resolve runs on another thread")
    }
}

extension IsolationTests {
    @Test
    func anAwaitingResolveMakesTheAsyncTargetOfADeferredInjectionFirst() async throws {
        final class Owner: @unchecked Sendable {
            var session: Session?
        }
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register(Session.init).lifetime(.perContainer(.strong))
        container.register(Owner.init).lifetime(.objectGraph).injection(cycle: true, \.session)
        let owner = try await container.resolveAsync(Owner.self)
        #expect(owner.session === (try container.resolveOrThrow(Session.self)))
    }
}

extension IsolationTests {
    final class Reentrant: Sendable {}

    @Test
    func anAsyncFactoryAwaitingItsOwnComponentGetsACycleErrorNotAHang() async throws {
        let container = DIContainer()
        container.register { [unowned container] () async throws -> Reentrant in
            _ = try await container.resolveAsync(Reentrant.self)
            return Reentrant()
        }.lifetime(.perContainer(.strong))
        await #expect {
            _ = try await container.resolveAsync(Reentrant.self)
        } throws: { error in
            (error as? DIError)?.code == "dependency-cycle"
        }
        // Nothing was kept: the creation ended, and a later request tries again (and fails the same way).
        await #expect(throws: DIError.self) { _ = try await container.resolveAsync(Reentrant.self) }
    }

    @Test
    func awaitingResolvesRacingAResetEachGetAWholeInstance() async throws {
        let sessions = Counter()
        let madeBySessionFactory = IdentityLog<Session>()
        let container = container(sessions: sessions)
        // The same registration as `container(sessions:)` makes, replaced by one that notes what it made.
        container.register { (service: Service) async in
            sessions.increment()
            let session = await Session(service: service)
            _ = madeBySessionFactory.record(session)
            return session
        }.lifetime(.perContainer(.strong)).replacing()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<50 {
                        if task == 0 && round % 5 == 0 {
                            container.dropInstances(of: .perContainer(.strong), .perContainer(.weak))
                        }
                        // No `async-factory`: a reset between making the session and building the feed leaves the
                        // resolve the session it made, a whole one that its factory returned.
                        let session = try await container.resolveAsync(Feed.self).session
                        // Noted once by the factory, so twice now.
                        #expect(madeBySessionFactory.record(session) >= 2)
                    }
                }
            }
            try await group.waitForAll()
        }
        // One session per reset at most, plus the first.
        #expect(sessions.count >= 1 && sessions.count <= 11)
    }
}

/// What the first review of the awaiting resolve found, each kept as a test.
extension IsolationTests {
    final class Remote: Sendable {
        init() async {}
    }

    final class RemoteUser: Sendable {
        let remote: Remote
        init(remote: Remote) { self.remote = remote }
    }

    final class RemotePair: Sendable {
        let user: RemoteUser
        let remote: Remote
        init(user: RemoteUser, remote: Remote) {
            self.user = user
            self.remote = remote
        }
    }

    @Test
    func aChildsAndItsParentsComponentsOfOneAsyncRegistrationKeepTheirOwnInstances() async throws {
        let remotes = Counter()
        let parent = DIContainer()
        parent.register { () async in
            remotes.increment()
            return await Remote()
        }.lifetime(.perContainer(.strong))
        parent.register(RemoteUser.init).lifetime(.single)
        parent.register(RemotePair.init)
        let child = DIContainer(parent: parent)
        let pair = try await child.resolveAsync(RemotePair.self)
        // The parent's single is built as the parent builds it, with the parent's instance; the child's request has
        // the child's, as a synchronous resolve of the child gives them.
        #expect(pair.user.remote === (try parent.resolveOrThrow(Remote.self)))
        #expect(pair.remote === (try child.resolveOrThrow(Remote.self)))
        #expect(pair.remote !== pair.user.remote)
        let again: RemotePair = try child.resolveOrThrow()
        #expect(again.user === pair.user && again.remote === pair.remote)
        #expect(remotes.count == 2)
    }

    final class ScreenHolder: Sendable {
        let screen: Screen
        init(screen: Screen) { self.screen = screen }
    }

    final class ScreenRoot: Sendable {
        let holder: ScreenHolder
        let screen: Screen
        init(holder: ScreenHolder, screen: Screen) {
            self.holder = holder
            self.screen = screen
        }
    }

    @Test
    func aMainActorComponentMetFirstBelowAnExistingInstanceStillMakesTheResolveHop() async throws {
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register(Screen.init)
        container.register(ScreenHolder.init).lifetime(.perContainer(.strong))
        container.register(ScreenRoot.init)
        let holder = try await container.resolveAsync(ScreenHolder.self)
        let root = try await Task.detached { try await container.resolveAsync(ScreenRoot.self) }.value
        #expect(root.holder === holder)
        #expect(root.screen !== holder.screen)
    }

    @Test
    func aWeakAsyncInstanceLivesWhileHeldAndIsMadeAgainAfter() async throws {
        let remotes = Counter()
        let container = DIContainer()
        container.register { () async in
            remotes.increment()
            return await Remote()
        }.lifetime(.perContainer(.weak))
        var held: Remote? = try await container.resolveAsync(Remote.self)
        let weak = WeakBox<Remote>()
        weak.value = held
        #expect((try container.resolveOrThrow(Remote.self)) === held)
        held = nil
        #expect(weak.value == nil)
        _ = try await container.resolveAsync(Remote.self)
        #expect(remotes.count == 2)
    }

    @Test
    func anAsyncComponentInACustomScopeIsMadeOnceUntilTheScopeIsCleaned() async throws {
        let remotes = Counter()
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register { () async in
            remotes.increment()
            return await Remote()
        }.lifetime(.custom(scope))
        container.register(RemoteUser.init)
        let first = try await container.resolveAsync(RemoteUser.self)
        let second: RemoteUser = try container.resolveOrThrow()
        #expect(first.remote === second.remote)
        scope.dropInstances()
        #expect(throws: DIError.self) { try container.resolveOrThrow(RemoteUser.self) }
        let third = try await container.resolveAsync(RemoteUser.self)
        #expect(third.remote !== first.remote)
        #expect(remotes.count == 2)
    }

    protocol Channel: AnyObject, Sendable {}
    final class LiveChannel: Channel {
        init() async {}
    }

    @Test
    func aNamedAsyncComponentIsResolvedThroughItsProtocol() async throws {
        let container = DIContainer()
        container.register { () async in await LiveChannel() }
            .as((any Channel).self, name: "live").lifetime(.perContainer(.strong))
        let channel = try await container.resolveAsync((any Channel).self, name: "live")
        #expect(channel === (try container.resolveOrThrow((any Channel).self, name: "live")))
        await #expect(throws: DIError.self) { _ = try await container.resolveAsync((any Channel).self) }
    }

    final class ScreenSession: Sendable {
        let screen: Screen
        init(screen: Screen) async { self.screen = screen }
    }

    @Test
    func anAsyncFactoryTakingAMainActorComponentGetsItBuiltOnTheMainActor() async throws {
        let container = DIContainer()
        container.register(Service.init).lifetime(.perContainer(.strong))
        container.register(Screen.init)
        container.register(ScreenSession.init)
        let session = try await Task.detached { try await container.resolveAsync(ScreenSession.self) }.value
        #expect(session.screen.service === (try container.resolveOrThrow(Service.self)))
    }

    final class Greeting: Sendable {
        init(name: String) async {}
    }

    @Test
    func resolveAsyncOfAComponentTakingRuntimeArgumentsIsArgumentMismatch() async throws {
        let container = DIContainer()
        container.register { (name: DIArgument<String>) async in await Greeting(name: name.value) }
        await #expect {
            _ = try await container.resolveAsync(Greeting.self)
        } throws: { error in
            (error as? DIError)?.code == "argument-mismatch"
        }
    }

    final class Ping: Sendable {}
    final class Pong: Sendable {}

    @Test
    func twoAsyncCreationsWaitingForEachOtherEndInACycleErrorNotAHang() async throws {
        let container = DIContainer()
        container.register { [unowned container] () async throws -> Ping in
            try await Task.sleep(nanoseconds: 20_000_000)
            _ = try await container.resolveAsync(Pong.self)
            return Ping()
        }.lifetime(.perContainer(.strong))
        container.register { [unowned container] () async throws -> Pong in
            try await Task.sleep(nanoseconds: 20_000_000)
            _ = try await container.resolveAsync(Ping.self)
            return Pong()
        }.lifetime(.perContainer(.strong))
        async let ping: Result<Ping, DIError> = { () async -> Result<Ping, DIError> in
            do throws(DIError) { return .success(try await container.resolveAsync(Ping.self)) } catch {
                return .failure(error)
            }
        }()
        async let pong: Result<Pong, DIError> = { () async -> Result<Pong, DIError> in
            do throws(DIError) { return .success(try await container.resolveAsync(Pong.self)) } catch {
                return .failure(error)
            }
        }()
        let codes = await [ping.errorCode, pong.errorCode]
        #expect(codes.contains("dependency-cycle"))
    }

    final class K1: Sendable {}
    final class K2: Sendable {}
    final class K3: Sendable {}
    final class Quick: Sendable {}

    /// The first answer of two racing tasks.
    private final class Answer: @unchecked Sendable {  // `continuation` is taken under `lock`, once.
        let lock = NSLock()
        var continuation: CheckedContinuation<String, Never>?
        func give(_ code: String) {
            lock.lock()
            let taken = continuation
            continuation = nil
            lock.unlock()
            taken?.resume(returning: code)
        }
    }

    /// Resolves `type` with `container`, or gives up after ten seconds: a hang fails the test instead of the run.
    /// Unstructured tasks, since a task group waits for a child that never ends.
    static func resolveOrGiveUp<T: Sendable>(_ type: T.Type, _ container: DIContainer) async -> String {
        let answer = Answer()
        return await withCheckedContinuation { continuation in
            answer.lock.withLock { answer.continuation = continuation }
            Task {
                do throws(DIError) {
                    _ = try await container.resolveAsync(type)
                    answer.give("ok")
                } catch {
                    answer.give(error.code)
                }
            }
            Task {
                try? await Task.sleep(nanoseconds: 10_000_000_000)
                answer.give("hang")
            }
        }
    }

    /// Registers `Quick`, and `K1` whose factory awaits `others` (and `Quick`) at once with `async let`; the rest of
    /// the ring comes from `register`.
    static func ring(_ register: (DIContainer) -> Void) -> DIContainer {
        let container = DIContainer()
        container.register { () async -> Quick in Quick() }.lifetime(.perContainer(.strong))
        container.register { [unowned container] () async throws -> K1 in
            async let second = container.resolveAsync(K2.self)
            async let quick = container.resolveAsync(Quick.self)
            _ = try await (second, quick)
            return K1()
        }.lifetime(.perContainer(.strong))
        register(container)
        return container
    }

    /// The codes of the two requests of a ring of two whose factory awaits two creations at once.
    static func ringOfTwo(delay: Int) async -> [String] {
        let container = ring { container in
            container.register { [unowned container] () async throws -> K2 in
                try await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
                _ = try await container.resolveAsync(K1.self)
                return K2()
            }.lifetime(.perContainer(.strong))
        }
        async let first = resolveOrGiveUp(K1.self, container)
        async let second = resolveOrGiveUp(K2.self, container)
        return await [first, second]
    }

    /// The codes of the three requests of a ring of three whose factories await two creations at once.
    static func ringOfThree(delay: Int) async -> [String] {
        let container = ring { container in
            container.register { [unowned container] () async throws -> K2 in
                try await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
                async let third = container.resolveAsync(K3.self)
                async let quick = container.resolveAsync(Quick.self)
                _ = try await (third, quick)
                return K2()
            }.lifetime(.perContainer(.strong))
            container.register { [unowned container] () async throws -> K3 in
                try await Task.sleep(nanoseconds: UInt64(delay) * 2_000_000)
                _ = try await container.resolveAsync(K1.self)
                return K3()
            }.lifetime(.perContainer(.strong))
        }
        async let first = resolveOrGiveUp(K1.self, container)
        async let second = resolveOrGiveUp(K2.self, container)
        async let third = resolveOrGiveUp(K3.self, container)
        return await [first, second, third]
    }

    final class Spawner: Sendable {}
    final class Later: @unchecked Sendable {  // `task` is set once, by the factory, before anyone reads it.
        var task: Task<String, Never>?
    }

    @Test func aTaskStartedInAFactoryMayAskForItsComponentAfterTheCreationEnded() async throws {
        let container = DIContainer()
        let later = Later()
        container.register { [unowned container] () async -> Spawner in
            if later.task == nil {
                // Inherits the creation's task-locals, and outlives it.
                later.task = Task {
                    try? await Task.sleep(nanoseconds: 20_000_000)
                    do throws(DIError) {
                        _ = try await container.resolveAsync(Spawner.self)
                        return "ok"
                    } catch {
                        return error.code
                    }
                }
            }
            return Spawner()
        }.lifetime(.perContainer(.strong))
        _ = try await container.resolveAsync(Spawner.self)
        container.dropInstances(of: .perContainer(.strong), .perContainer(.weak))  // the next request creates again
        #expect(await later.task?.value == "ok", "not a dependency-cycle of a creation that has ended")
    }

    // In processes of their own: a test that blocks the cooperative pool's threads (under the thread sanitizer,
    // for long) would starve these rings' tasks, and the watchdog would take that for a hang.

    @Test func aRingOfTwoWhoseFactoryAwaitsTwoCreationsAtOnceEndsInACycleError() async {
        await #expect(processExitsWith: .success) {
            for delay in [0, 30] {
                let codes = await IsolationTests.ringOfTwo(delay: delay)
                precondition(!codes.contains("hang") && codes.contains("dependency-cycle"), "\(delay): \(codes)")
            }
        }
    }

    @Test func aRingOfThreeWithConcurrentAwaitsEndsInACycleError() async {
        await #expect(processExitsWith: .success) {
            for delay in [0, 30] {
                let codes = await IsolationTests.ringOfThree(delay: delay)
                precondition(!codes.contains("hang") && codes.contains("dependency-cycle"), "\(delay): \(codes)")
            }
        }
    }
}

extension Result where Failure == DIError {
    /// The error's code, or `nil` for a success.
    fileprivate var errorCode: String? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
