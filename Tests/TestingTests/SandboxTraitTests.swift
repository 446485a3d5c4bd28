import Testing
import Tether
import TetherTestSupport
import TetherTesting

/// Each test of the suite builds the same container in the suite's `init`, which runs inside its sandbox.
@Suite("The .tetherSandbox trait on a suite: one sandbox per test and test case", .tetherSandbox)
struct SandboxTraitOnSuiteTests {
    static let seen = IdentityLog<Session>()
    let container = AppSetup.container()

    @Test func oneTestGetsItsOwnSingle() async {
        await expectAnOwnSession()
    }

    @Test func anotherTestGetsItsOwnSingle() async {
        await expectAnOwnSession()
    }

    @Test(arguments: 1...2) func eachCaseGetsItsOwnSingle(_ number: Int) async {
        await expectAnOwnSession()
    }

    private func expectAnOwnSession() async {
        let session: Session = container.resolve()
        #expect(session === AppSetup.container().resolve(Session.self), "one per sandbox, however many containers")
        #expect(session !== (await sessionOutsideAnySandbox()))
        #expect(Self.seen.record(session) == 1, "no other test or case of the suite got this instance")
    }
}

@Suite("The .tetherSandbox trait on one test")
struct SandboxTraitOnTestTests {
    @Test(.tetherSandbox) func aTestWithTheTraitDoesNotSeeTheProcesssSingle() async {
        let session: Session = AppSetup.container().resolve()
        #expect(session !== (await sessionOutsideAnySandbox()))
    }

    @Test func theTraitsScopeReleasesWhatItsTestMade() async throws {
        let made = WeakBox<Session>()
        let trait: TetherSandboxTrait = .tetherSandbox
        try await trait.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            let session: Session = AppSetup.container().resolve()
            made.value = session
            #expect(made.value != nil)
        }
        #expect(made.value == nil, "released when the test's scope ended")
    }

    @Test func theTraitsScopeReleasesASingleHoldingAProviderAndItsContainer() async throws {
        let maker = WeakBox<AnyObject>()
        let container = WeakBox<DIContainer>()
        let trait: TetherSandboxTrait = .tetherSandbox
        try await trait.provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            let made = AppSetup.container()
            maker.value = ContainerHoldingSingle.provider.make(in: made).single
            container.value = made
            #expect(maker.value != nil)
        }
        #expect(maker.value == nil, "released when the test's scope ended")
        #expect(container.value == nil)
    }
}
