import Testing
import Tether
import TetherTestSupport
import TetherTesting

/// Sandboxes that reset while others resolve, for the thread sanitizer as much as for the identities.
@Suite("Parallel sandboxes resetting while others resolve")
struct ParallelSandboxTests {
    @Test func eachSandboxResetsOnlyItsOwnInstancesWhileOthersResolve() async {
        let sandboxes = 8
        let rounds = 200
        let parent = AppSetup.parent()
        let settings: Settings = parent.resolve()
        let outside = await sessionOutsideAnySandbox()
        let seen = IdentityLog<Session>()
        let builds = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<sandboxes {
                group.addTask {
                    await withTetherSandbox {
                        let builds = Counter()
                        let container = AppSetup.container(parent: parent, builds: builds)
                        for round in 0..<rounds {
                            let session: Session = container.resolve()
                            #expect(seen.record(session) == 1, "no other sandbox or round got this instance")
                            #expect(AppSetup.container(parent: parent).resolve(Session.self) === session)
                            #expect(container.resolve(Settings.self) === settings)
                            if round.isMultiple(of: 2) {
                                DIContainer.dropAllProcessWideInstances()
                            } else {
                                container.dropProcessWideInstances()
                            }
                        }
                        return builds.count
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(builds == Array(repeating: rounds, count: sandboxes), "one build per round, in each sandbox")
        #expect(parent.resolve(Settings.self) === settings, "no sandbox reset the parent's instance")
        #expect(await sessionOutsideAnySandbox() === outside, "nor the process's")
    }
}
