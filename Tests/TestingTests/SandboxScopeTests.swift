import Testing
import Tether
import TetherTestSupport
import TetherTesting

@Suite("withTetherSandbox: process-wide instances of one's own")
struct SandboxScopeTests {
    @Test func twoSandboxesBuildingTheSameSetupEachGetTheirOwnSingle() async {
        let sessions = await withTaskGroup(of: [Session].self) { group in
            for _ in 0..<2 {
                group.addTask {
                    await withTetherSandbox { [AppSetup.container().resolve(), AppSetup.container().resolve()] }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sessions[0][0] === sessions[0][1], "containers of one sandbox share its single")
        #expect(sessions[1][0] === sessions[1][1], "containers of one sandbox share its single")
        #expect(sessions[0][0] !== sessions[1][0], "each sandbox has its own")
    }

    @Test func aSingleMadeOutsideAnySandboxIsNotSeenInsideAndOutlivesIt() async {
        let outside: Session = AppSetup.container().resolve()
        let inside: Session = await withTetherSandbox { AppSetup.container().resolve() }
        #expect(inside !== outside)
        #expect(AppSetup.container().resolve(Session.self) === outside, "the process's own instance is untouched")
    }

    @Test func instancesMadeInASandboxAreReleasedWhenItEnds() async {
        weak var made: Session?
        await withTetherSandbox {
            let session: Session = AppSetup.container().resolve()
            made = session
        }
        #expect(made == nil, "nothing outside the sandbox held it")
    }

    @Test(arguments: ContainerHoldingSingle.allCases)
    func aSingleHoldingItsContainerIsReleasedWithItWhenTheSandboxEnds(_ kind: ContainerHoldingSingle) async {
        weak var single: AnyObject?
        weak var container: DIContainer?
        await withTetherSandbox {
            let made = AppSetup.container()
            let (resolved, session) = kind.make(in: made)
            #expect(session === made.resolve(Session.self), "it resolves from its container")
            single = resolved
            container = made
        }
        #expect(single == nil, "the single, which holds its container, was released")
        #expect(container == nil, "and so was the container, which holds the sandbox's instances")
    }

    @Test func aContainerThatOutlivesItsSandboxBuildsItsInstancesAgainInIt() async {
        let builds = Counter()
        let (container, inside): (DIContainer, Session) = await withTetherSandbox {
            let container = AppSetup.container(builds: builds)
            return (container, container.resolve())
        }
        let after: Session = container.resolve()
        #expect(after !== inside, "the sandbox dropped its instances when it ended")
        #expect(builds.count == 2)
        #expect(
            after !== (await sessionOutsideAnySandbox()), "the container still keeps its sandbox, not the process's")
    }

    @Test func initializingSingletonsInASandboxBuildsTheSandboxsOwn() async {
        AppSetup.container().initializeSingletonObjects()
        let outside: Session = AppSetup.container().resolve()
        let builds = Counter()
        let inside: Session = await withTetherSandbox {
            let container = AppSetup.container(builds: builds)
            container.initializeSingletonObjects()
            #expect(builds.count == 1, "built in the sandbox, although the process has one")
            return container.resolve()
        }
        #expect(builds.count == 1, "the resolve took the one built")
        #expect(inside !== outside)
    }

    @Test func resettingProcessWideInstancesInASandboxResetsOnlyTheSandboxs() async {
        let outside: Session = AppSetup.container().resolve()
        await withTetherSandbox {
            let container = AppSetup.container()
            let first: Session = container.resolve()
            DIContainer.dropAllProcessWideInstances()
            #expect(container.resolve(Session.self) !== first, "the sandbox's instance was dropped")
        }
        #expect(AppSetup.container().resolve(Session.self) === outside, "the process's own instance was not")
    }

    @Test func resettingAChildInASandboxLeavesTheSinglesOfItsParentMadeOutside() async {
        let parent = AppSetup.parent()
        let settings: Settings = parent.resolve()
        await withTetherSandbox {
            let child = AppSetup.container(parent: parent)
            let session: Session = child.resolve()
            child.dropProcessWideInstances()
            #expect(child.resolve(Session.self) !== session, "the child's own instance, in the sandbox, was dropped")
            #expect(
                child.resolve(Settings.self) === settings,
                "the parent's, shared with the tests beside this one, was not")
        }
        #expect(parent.resolve(Settings.self) === settings)
    }

    @Test func aCustomScopeIsSharedBySandboxes() async {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let first: Session = await withTetherSandbox { AppSetup.container(scope: scope).resolve() }
        let second: Session = await withTetherSandbox { AppSetup.container(scope: scope).resolve() }
        #expect(first === second, "a scope is one object, outside every sandbox")
        #expect(scope.count == 1)
    }

    @Test func aChildMadeInASandboxSharesItsParentsSinglesAndSandboxesItsOwn() async {
        let parent = AppSetup.parent()
        let parentSettings: Settings = parent.resolve()
        let outsideSession: Session = AppSetup.container(parent: parent).resolve()
        let (settings, session) = await withTetherSandbox {
            let child = AppSetup.container(parent: parent)
            return (child.resolve() as Settings, child.resolve() as Session)
        }
        #expect(settings === parentSettings, "the parent's registration lives where the parent was made")
        #expect(session !== outsideSession, "the child's own registration lives in the sandbox")
    }

    @Test func aSandboxInsideASandboxHasItsOwnInstances() async {
        let (outer, inner): (Session, Session) = await withTetherSandbox {
            let outer: Session = AppSetup.container().resolve()
            let inner: Session = await withTetherSandbox { AppSetup.container().resolve() }
            #expect(
                AppSetup.container().resolve(Session.self) === outer, "the outer sandbox is back once the inner ends")
            return (outer, inner)
        }
        #expect(outer !== inner)
    }
}
