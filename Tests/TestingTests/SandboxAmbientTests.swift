import Testing
import Tether
import TetherTestSupport
import TetherTesting

/// What a screen's model resolves through a wrapper: each test's own.
final class AmbientClock: Sendable {}

final class ClockScreen {
    @Injected var clock: AmbientClock
}

/// The launch code tests call, as an app's `init` does.
enum AmbientLaunch {
    static func start() -> DIContainer {
        let container = DIContainer()
        container.register(AmbientClock.init).lifetime(.single)
        DIContainer.setAmbient(container)
        return container
    }
}

@Suite("setAmbient inside a sandbox sets the test's own ambient container")
struct SandboxAmbientTests {
    @Test func parallelSandboxesEachSetTheirOwnAmbientContainer() async {
        let seen = IdentityLog<AmbientClock>()
        let outside = DIContainer.ambient
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await withTetherSandbox {
                        let container = AmbientLaunch.start()
                        for _ in 0..<50 {
                            #expect(DIContainer.ambient === container)
                            let clock = ClockScreen().clock
                            #expect(clock === container.resolve(AmbientClock.self))
                        }
                        #expect(seen.record(ClockScreen().clock) == 1, "no other sandbox got this clock")
                    }
                }
            }
        }
        #expect(DIContainer.ambient === outside, "the process's ambient container is untouched")
    }

    @Test func setAmbientNilInsideASandboxHidesTheProcesssContainer() async {
        // Its own process: the process's ambient container is read by every test running beside it.
        await #expect(processExitsWith: .success) {
            let process = DIContainer()
            DIContainer.setAmbient(process)
            await withTetherSandbox {
                DIContainer.setAmbient(DIContainer())
                DIContainer.setAmbient(nil)
                precondition(DIContainer.ambient == nil, "the process's container showed through")
            }
            precondition(DIContainer.ambient === process, "the process's own is untouched")
        }
    }

    @Test func theSandboxLetsItsAmbientContainerGoWhenItEnds() async {
        let released = WeakBox<DIContainer>()
        await withTetherSandbox {
            released.value = AmbientLaunch.start()
            _ = ClockScreen()
        }
        #expect(released.value == nil, "the sandbox held its ambient container, and its single, until it ended")
    }
}
