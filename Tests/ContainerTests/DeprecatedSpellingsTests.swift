import Testing
import Tether
import TetherTestSupport

/// The spellings before each thing had one way to say it still do what they did, until they are removed. Swift
/// Testing refuses a deprecated test, so each test calls a deprecated witness through this protocol, which keeps the
/// build free of warnings.
protocol DeprecatedSpellings {
    func wrappedLifetimes(in container: DIContainer)
    func resets(_ container: DIContainer, scope: DIScope)
    func resetPerRun(_ container: DIContainer)
    func clean(_ scope: DIScope) async -> DIShutdownReport
    func clear<Value>(_ lazy: Lazy<Value>)
}

struct OldSpellings: DeprecatedSpellings {
    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func wrappedLifetimes(in container: DIContainer) {
        container.register(Clock.init).lifetime(.of(.perContainer(.strong)))
        container.register { @MainActor in Counter() }.lifetime(.mainActor(.single))
        container.register(Recorder.init).lifetime(.uncheckedSendable(.perContainer(.strong)))
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func resets(_ container: DIContainer, scope: DIScope) {
        container.resetPerContainerInstances()
        container.resetInstances(of: .custom(scope))
    }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func resetPerRun(_ container: DIContainer) { container.resetPerRunInstances() }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func clean(_ scope: DIScope) async -> DIShutdownReport { await scope.clean().value }

    @available(*, deprecated, message: "calls the deprecated spellings on purpose")
    func clear<Value>(_ lazy: Lazy<Value>) { lazy.clear() }
}

@Suite("Deprecated spellings forward to their replacements")
struct DeprecatedSpellingsTests {
    let old: any DeprecatedSpellings = OldSpellings()

    final class Session: DIDisposable {
        let disposed: Counter
        init(disposed: Counter) { self.disposed = disposed }
        func dispose() async throws { disposed.increment() }
    }

    @Test func theWrappedLifetimesSetWhatTheirReplacementsSet() throws {
        let container = DIContainer()
        old.wrappedLifetimes(in: container)
        let components = container.registrySnapshot().components
        #expect(components.map(\.lifetime) == [.perContainer(.strong), .single, .perContainer(.strong)])
        #expect(components.map(\.sharing) == [.sendable, .mainActor, .unchecked])
        #expect(try container.resolveOrThrow(Clock.self) === container.resolveOrThrow(Clock.self))
    }

    @Test func theResetsReleaseAndResettingACustomScopeStillDisposesItsInstances() async throws {
        let disposed = Counter()
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register { Session(disposed: disposed) }.lifetime(.custom(scope))
        container.register(Clock.init).lifetime(.perContainer(.weak))
        let clock = try container.resolveOrThrow(Clock.self)
        _ = try container.resolveOrThrow(Session.self)
        old.resets(container, scope: scope)
        #expect(try container.resolveOrThrow(Clock.self) !== clock)
        #expect(scope.count == 0)
        while disposed.count == 0 { await Task.yield() }  // disposed in a task of its own, as before
        _ = try container.resolveOrThrow(Session.self)
        let report = await old.clean(scope)
        #expect(report.disposed.count == 1)
        #expect(disposed.count == 2)
        withExtendedLifetime(clock) {}
    }

    @Test func resetPerRunInstancesReleasesThisContainersProcessWideInstances() throws {
        let container = DIContainer()
        container.register(Clock.init).lifetime(.perRun(.strong))
        let first = try container.resolveOrThrow(Clock.self)
        old.resetPerRun(container)
        #expect(try container.resolveOrThrow(Clock.self) !== first)
    }

    @Test func aLazysClearForgetsItsValue() throws {
        let container = DIContainer()
        container.register(Recorder.init)
        let lazy = try container.resolveOrThrow(Lazy<Recorder>.self)
        let first = try lazy.get()
        old.clear(lazy)
        #expect(try lazy.get() !== first)
    }
}
