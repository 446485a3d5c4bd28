import Testing
import Tether
import TetherTesting

/// What Testing.md warns of: a container made on first use belongs to the sandbox that first used it.
@Suite("A static let container keeps the sandbox of the test that first touches it")
struct StaticLetContainerTests {
    /// Made on first use, in the first sandbox of the one test that touches it.
    static let container = AppSetup.container()

    @Test func itKeepsTheFirstSandboxForGoodAndNoOtherSandboxResetsIt() async {
        let first: Session = await withTetherSandbox {
            let session: Session = Self.container.resolve()
            #expect(session === AppSetup.container().resolve(Session.self), "made in the first sandbox")
            return session
        }
        let second: Session = await withTetherSandbox {
            let session: Session = Self.container.resolve()
            #expect(session !== AppSetup.container().resolve(Session.self), "not the second sandbox's instance")
            DIContainer.dropAllProcessWideInstances()
            Self.container.dropProcessWideInstances()
            #expect(Self.container.resolve(Session.self) === session, "the second sandbox's resets do not reach it")
            return session
        }
        #expect(second !== first, "the first sandbox dropped its instances when it ended; the container built anew")
        #expect(Self.container.resolve(Session.self) === second, "outside any sandbox it still uses the first's")
        #expect(second !== (await sessionOutsideAnySandbox()), "never the process's instance")
    }
}
