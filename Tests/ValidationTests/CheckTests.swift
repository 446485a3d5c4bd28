import Testing
import Tether
import TetherTestSupport
import TetherValidation

@Suite("Each validation check: a graph that triggers it and the nearest that does not")
struct CheckTests {
    static let lifetimes: [DILifeTime] = [
        .prototype, .objectGraph, .perContainer(.strong), .perContainer(.weak), .perRun(.strong), .perRun(.weak),
        .single, .custom(DIScope(name: "session", storage: DICacheStorage())),
    ]

    @Test(arguments: lifetimes)
    func seedGraphValidatesCleanUnderEveryLifetimeOfD(lifetime: DILifeTime) throws {
        let runs = Counter()
        let container = seedGraph(dLifetime: lifetime, runs: runs)
        try container.validate(options: .init(checks: DIFindingCode.all.subtracting([.captiveDependency])))
        #expect(runs.count == 0, "validation never runs a factory")
    }

    @Test func seedGraphUnderEachUniformLifetimeHasNoFindings() {
        for lifetime in Self.lifetimes {
            let report = seedGraph(dLifetime: lifetime, others: lifetime).validationReport()
            #expect(report.findings.isEmpty, "\(lifetime): \(report)")
        }
    }

    @Test func resolutionCycleExampleValidatesClean() {
        #expect(xyzGraph().validationReport().findings.isEmpty)
        #expect(xyzGraph(lifetime: .prototype).validationReport().findings.isEmpty)
    }

    // MARK: missing-dependency

    @Test func missingDependencyNamesTheTypeTheSiteAndThePath() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(XYZViewModel.init(fetcher:updater:service:)).lifetime(.objectGraph).root()
        container.register(XYZCombinedService.init).as((any XYZFetching).self).as((any XYZUpdating).self)
        container.register(XYZService.init(session:))
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"])
        let finding = try #require(report.findings.first)
        #expect(finding.location?.line == line + 2)
        #expect(finding.location?.context == "parameter 1 of XYZService")
        #expect(
            finding.path.map(\.description) == [
                "XYZViewModel (objectGraph)", "XYZService (prototype)", "XYZSessionService",
            ])
        #expect(
            finding.description == """
                error[missing-dependency]: no registration for `XYZSessionService`
                  --> TetherValidationTests/CheckTests.swift:\(line + 2) (parameter 1 of XYZService)
                  path: XYZViewModel (objectGraph) -> XYZService (prototype) -> XYZSessionService
                  help: register a component that provides `XYZSessionService` (or add `.as(XYZSessionService.self)` to one that implements it), or take `XYZSessionService?` if it is optional; a parameter with a default value is resolved too: to keep its default, register a closure that leaves it out
                """)
        #expect(throws: DIValidationError.self) { try container.validate() }
    }

    final class Owner {
        init(session: XYZSessionService?) {}
    }

    @Test func missingOptionalDependencyIsFine() throws {
        let container = DIContainer()
        container.register(Owner.init(session:))
        try container.validate()
    }

    @Test func missingLazyOrProviderTargetIsMissing() {
        let container = DIContainer()
        container.register { (a: Lazy<XYZSessionService>, b: Provider<XYZService>) in Owner(session: nil) }
        #expect(container.validationReport().codes == ["missing-dependency", "missing-dependency"])
    }

    @Test func nearMissUnderANameIsShown() throws {
        let container = DIContainer()
        container.register(XYZService.init(session:))
        container.register(XYZSessionService.init).as(XYZSessionService.self, name: "main")
        let finding = try #require(container.validationReport().findings.first)
        #expect(
            finding.details == [
                "similar: XYZSessionService registered under name \"main\" at \(finding.involved[0].info.site)"
            ])
        #expect(finding.help.contains("it is registered under \"main\""))
    }

    @Test func nearMissOfOptionalOnlyIsShown() throws {
        let container = DIContainer()
        container.register(XYZService.init(session:))
        container.register { () -> XYZSessionService? in nil }
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.details.first?.contains("provides only an Optional") == true)
    }

    enum Primary {}

    @Test func namedAndTaggedDependenciesAreCheckedLikeAnyOther() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(XYZSessionService.init).tag(Primary.self)
        container.register { (session: DITagged<Primary, XYZSessionService>) in XYZService(session: session.value) }
        container.register(XYZService.init(session:)).as(XYZService.self, name: "named").parameter(at: 0, name: "main")
        container.register { (all: DITagged<Primary, [XYZSessionService]>) in Owner(session: all.value.first) }
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.message == #"no registration for `XYZSessionService` named "main""#)
        #expect(finding.location?.context == "parameter 1 of XYZService")
        #expect(
            finding.help == #"add `.as(XYZSessionService.self, name: "main")` to the registration at "#
                + "TetherValidationTests/CheckTests.swift:\(line)")
        // The tagged dependencies found their provider: its edges are in the graph like any other.
        let graph = DependencyGraph(snapshot: container.registrySnapshot())
        #expect(Array(graph.referenceEdges[1]) == [0])
        #expect(Array(graph.referenceEdges[3]) == [0])
    }

    @Test func aTaggedDependencyWithoutTheTagNamesTheRegistrationToTag() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(XYZSessionService.init)
        container.register { (session: DITagged<Primary, XYZSessionService>) in XYZService(session: session.value) }
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.message == "no registration for `XYZSessionService` tagged Primary")
        #expect(
            finding.details == [
                "similar: XYZSessionService registered without tag Primary at TetherValidationTests/CheckTests.swift:\(line)"
            ])
        #expect(
            finding.help
                == "add `.tag(Primary.self)` to the registration at TetherValidationTests/CheckTests.swift:\(line)")
    }

    @Test func aTaggedValueInsideAnOptionalOrAListIsCheckedUnderItsTag() throws {
        let container = DIContainer()
        container.register(XYZSessionService.init).tag(Primary.self)
        container.register { (session: DITagged<Primary, XYZSessionService>?) in XYZService(session: session!.value) }
        container.register { (all: [DITagged<Primary, XYZSessionService>]) in Owner(session: all.first?.value) }
        #expect(container.validationReport().findings.count == 0, "\(container.validationReport())")
        let graph = DependencyGraph(snapshot: container.registrySnapshot())
        #expect(Array(graph.referenceEdges[1]) == [0], "the Optional found the tagged provider")
        #expect(Array(graph.referenceEdges[2]) == [0], "and so did the list")
    }

    @Test func aTaggedValueInsideATaggedValueFindsTheProviderWithBothTags() throws {
        enum Secondary {}
        let container = DIContainer()
        container.register(XYZSessionService.init).tag(Primary.self).tag(Secondary.self)
        container.register { (session: DITagged<Primary, DITagged<Secondary, XYZSessionService>>) in
            XYZService(session: session.value.value)
        }
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
        let graph = DependencyGraph(snapshot: container.registrySnapshot())
        #expect(Array(graph.referenceEdges[1]) == [0])
    }

    @Test func aProviderLackingOneOfTwoTagsIsMissingWithTheTagToAdd() throws {
        enum Secondary {}
        let container = DIContainer()
        container.register(XYZSessionService.init).tag(Primary.self)
        container.register { (session: DITagged<Primary, DITagged<Secondary, XYZSessionService>>) in
            XYZService(session: session.value.value)
        }
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"], "\(report)")
        let text = "\(report)"
        #expect(text.contains("tagged Primary and Secondary"), "\(text)")
        #expect(text.contains("add `.tag(Secondary.self)` to the registration at"), "\(text)")
    }

    @Test func childSeesItsParentsRegistrations() throws {
        let parent = DIContainer()
        parent.register(XYZSessionService.init)
        let child = DIContainer(parent: parent)
        child.register(XYZService.init(session:))
        try child.validate()
        #expect(parent.validationReport().findings.isEmpty)
    }

    // MARK: ambiguity

    @Test func ambiguousDependencyListsEveryCandidate() throws {
        let container = DIContainer()
        container.register(XYZViewModel.init(fetcher:updater:service:))
        container.register(XYZService.init(session:))
        container.register(XYZSessionService.init)
        let line = #line + 1
        container.register(XYZCombinedService.init).as((any XYZFetching).self).as((any XYZUpdating).self)
        container.register(XYZCombinedService.init).as((any XYZFetching).self)
        let report = container.validationReport()
        #expect(report.codes == ["ambiguous-dependency"])
        let finding = try #require(report.findings.first)
        #expect(finding.involved.map(\.info.line) == [line, line + 1])
        #expect(finding.details.count == 2)
    }

    @Test func oneDefaultResolvesTheAmbiguityAndTwoAreAnError() throws {
        let container = DIContainer()
        container.register(XYZViewModel.init(fetcher:updater:service:))
        container.register(XYZService.init(session:))
        container.register(XYZSessionService.init)
        container.register(XYZCombinedService.init).as((any XYZFetching).self).as((any XYZUpdating).self)
        let second = container.register(XYZCombinedService.init).as((any XYZFetching).self).default()
        try container.validate()
        container.register(XYZCombinedService.init).as((any XYZFetching).self).default()
        _ = second
        #expect(container.validationReport().codes == ["multiple-defaults"])
    }

    @Test func childRegistrationOverridesWithoutAmbiguity() throws {
        let parent = xyzGraph()
        let child = DIContainer(parent: parent)
        child.register(XYZCombinedService.init).as((any XYZFetching).self)
        try child.validate()
    }

    // MARK: nested shapes

    final class Toolbar: Sendable {
        init(tools: [Lazy<XYZService>], session: Lazy<XYZSessionService>?, all: Provider<[XYZSessionService]>) {}
    }

    @Test func nestedShapesAreDeferredListingOrOptionalEdges() throws {
        let container = DIContainer()
        container.register(Toolbar.init(tools:session:all:)).lifetime(.perContainer(.weak))
        container.register { (_: Toolbar) in XYZService(session: XYZSessionService()) }.lifetime(.objectGraph)
        // The Toolbar -> XYZService -> Toolbar loop goes through a Lazy, and nothing provides XYZSessionService:
        // neither is a finding.
        #expect(container.validationReport().findings.isEmpty)
        let graph = DependencyGraph(snapshot: container.registrySnapshot())
        #expect(Array(graph.referenceEdges[0]) == [1])
        #expect(graph.constructionEdges[0].isEmpty)

        // An accessor passes its runtime arguments itself, around one component or a list of them.
        container.register { (id: DIArgument<Int>) in XYZSessionService() }
        #expect(container.validationReport().findings.count == 0, "\(container.validationReport())")
        let all = try container.resolveOrThrow(Provider<[XYZSessionService]>.self)
        #expect(try all.get(arguments: 7).count == 1)
        _ = try container.resolveOrThrow(Toolbar.self)
        let one = try #require(try container.resolveOrThrow(Lazy<XYZSessionService>?.self))
        _ = try one.get(arguments: 7)
    }

    // MARK: dependency-cycle

    final class Player {}
    final class Playlist {
        init(player: Player) {}
    }

    @Test func aCompletionsDependenciesAreEdgesAndDeferringItEndsTheCycle() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(Player.init).lifetime(.objectGraph).completion { (_: Player, _: Playlist) in }
        container.register(Playlist.init(player:)).lifetime(.objectGraph)
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.code == .dependencyCycle)
        #expect(finding.details.last == "defer: completion of Player (`Playlist`)")
        #expect(
            finding.help.hasPrefix(
                "make it `.completion(cycle: true) { ... }` on Player at TetherValidationTests/CheckTests.swift:\(line)"
            ))

        let fixed = DIContainer()
        fixed.register(Player.init).lifetime(.objectGraph).completion(cycle: true) { (_: Player, _: Playlist) in }
        fixed.register(Playlist.init(player:)).lifetime(.objectGraph)
        #expect(fixed.validationReport().findings.isEmpty)
        _ = try fixed.resolveOrThrow(Player.self)
    }

    final class Feed {}
    final class ScreenModel: Sendable {
        let feed: Provider<Feed>
        init(feed: Provider<Feed>) { self.feed = feed }
    }
    final class ScreenRouter: Sendable {
        let container: DIContainer
        init(container: DIContainer) { self.container = container }
    }
    final class ScreenView: Sendable {
        init(router: ScreenRouter) {}
    }

    @Test func aStronglyCachedHolderOfTheContainerInAChildContainerIsARetainCycle() throws {
        let app = DIContainer()
        app.register(Feed.init)
        let screen = DIContainer(parent: app)
        screen.register { [unowned screen] in screen }  // the container handed out as a component
        screen.register(ScreenRouter.init(container:))
        screen.register(ScreenView.init(router:)).lifetime(.perContainer(.strong))
        let report = screen.validationReport(options: .init(checks: [.containerRetainCycle]))
        let finding = try #require(report.findings.first)
        #expect(report.findings.map(\.code) == [.containerRetainCycle])
        #expect(finding.severity == .warning)
        #expect(finding.component?.typeName == "ScreenView")
        #expect(finding.message.contains("holds `DIContainer` through `ScreenRouter`"), "\(finding.message)")
        #expect(finding.help.contains("perContainer(.weak)"))
    }

    @Test func aStronglyCachedHolderOfAProviderIsNoFindingAndIsReleasedWithItsContainer() {
        let app = DIContainer()
        app.register(Feed.init)
        weak var released: DIContainer?
        do {
            let screen = DIContainer(parent: app)
            screen.register(ScreenModel.init(feed:)).lifetime(.perContainer(.strong))
            #expect(screen.validationReport().findings.count == 0, "a Provider does not keep its container")
            let model: ScreenModel = screen.resolve()
            #expect(screen.resolve(ScreenModel.self) === model)
            released = screen
        }
        #expect(released == nil)
    }

    @Test func theSameHolderInARootContainerOrWeaklyCachedIsNoFinding() throws {
        let app = DIContainer()
        app.register { [unowned app] in app }
        app.register(ScreenRouter.init(container:)).lifetime(.perContainer(.strong))
        let retainCycles = DIValidationOptions(checks: [.containerRetainCycle])
        #expect(app.validationReport(options: retainCycles).findings.count == 0)  // a root lives as long as the app
        let screen = DIContainer(parent: app)
        screen.register(ScreenRouter.init(container:)).lifetime(.perContainer(.weak))
        #expect(screen.validationReport(options: retainCycles).findings.count == 0)
    }

    final class Left { init(right: Right) {} }
    final class Right { init(left: Left) {} }

    @Test func constructorCycleIsOneFindingWithTheEdgeToDefer() throws {
        let container = DIContainer()
        container.register(Left.init(right:))
        container.register(Right.init(left:))
        let report = container.validationReport()
        #expect(report.codes == ["dependency-cycle"])
        let finding = try #require(report.findings.first)
        #expect(finding.details[0] == "cycle: Left (prototype) -> Right (prototype) -> Left (prototype)")
        #expect(finding.details[1] == "defer: parameter 1 of Right (`Left`)")
        #expect(finding.help.contains("Lazy<Left>"))
    }

    final class LazyLeft { init(right: Lazy<LazyRight>) {} }
    final class LazyRight { init(left: LazyLeft) {} }

    @Test func cycleThroughLazyIsLegal() throws {
        let container = DIContainer()
        container.register(LazyLeft.init(right:))
        container.register(LazyRight.init(left:))
        try container.validate()
    }

    final class Person { var pet: Pet? }
    final class Pet { var owner: Person? }

    @Test func immediateInjectionCycleIsAnErrorThatSuggestsCycleTrue() throws {
        let container = DIContainer()
        container.register(Person.init).lifetime(.objectGraph).injection(\.pet)
        container.register(Pet.init).lifetime(.objectGraph).injection(\.owner)
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.code == .dependencyCycle)
        #expect(finding.help.contains("cycle: true"))
    }

    @Test func deferredInjectionCycleOfSharedMembersIsLegal() throws {
        let container = DIContainer()
        container.register(Person.init).lifetime(.objectGraph).injection(cycle: true, \.pet)
        container.register(Pet.init).lifetime(.objectGraph).injection(cycle: true, \.owner)
        try container.validate()
    }

    @Test func deferredInjectionCycleOfPrototypesNeverEnds() throws {
        let container = DIContainer()
        container.register(Person.init).injection(cycle: true, \.pet)
        container.register(Pet.init).injection(cycle: true, \.owner)
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.code == .dependencyCycle)
        #expect(finding.message.contains("never ends"))
    }

    @Test func oneSharedMemberIsEnoughForADeferredCycleToEnd() throws {
        let container = DIContainer()
        container.register(Person.init).injection(cycle: true, \.pet)
        container.register(Pet.init).lifetime(.objectGraph).injection(cycle: true, \.owner)
        try container.validate()
    }

    final class Selfish { init(me: Selfish) {} }

    @Test func selfDependencyIsACycle() {
        let container = DIContainer()
        container.register(Selfish.init(me:))
        #expect(container.validationReport().codes == ["dependency-cycle"])
    }

    // MARK: captive-dependency

    @Test func singleHoldingAnObjectGraphIsALongLivedHolderNote() throws {
        let container = seedGraph(dLifetime: .objectGraph)
        container.register(XYZService.init(session:)).lifetime(.single)
        container.register(XYZSessionService.init).lifetime(.objectGraph)
        let report = container.validationReport()
        #expect(report.codes == ["long-lived-holder"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .note)
        #expect(finding.path.map(\.description) == ["XYZService (single)", "XYZSessionService (objectGraph)"])
        #expect(finding.help.contains("Provider<XYZSessionService>"))
        try container.validate()
    }

    @Test func captiveIsFineWhenTheDependencyLivesAsLong() throws {
        let container = DIContainer()
        container.register(XYZService.init(session:)).lifetime(.perContainer(.strong))
        container.register(XYZSessionService.init).lifetime(.perRun(.strong))
        #expect(container.validationReport().findings.isEmpty)
    }

    @Test func perRunHoldingACustomScopeIsCaptiveAndTwoScopesAreNotCompared() {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let other = DIScope(name: "other", storage: DICacheStorage())
        let container = DIContainer()
        container.register(XYZService.init(session:)).lifetime(.perRun(.strong))
        container.register(XYZSessionService.init).lifetime(.custom(session))
        #expect(container.validationReport().codes == ["captive-dependency"])
        #expect(container.validationReport().findings.map(\.severity) == [.warning])
        let scoped = DIContainer()
        scoped.register(XYZService.init(session:)).lifetime(.custom(other))
        scoped.register(XYZSessionService.init).lifetime(.custom(session))
        #expect(scoped.validationReport().findings.isEmpty)
    }

    @Test func perRunHoldingAPerContainerInstanceIsANoteThatItKeepsTheFirstContainersInstance() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(XYZService.init(session:)).lifetime(.perRun(.strong))
        container.register(XYZSessionService.init).lifetime(.perContainer(.strong))
        let report = container.validationReport()
        #expect(report.codes == ["long-lived-holder"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.location?.line == line)
        #expect(
            finding.message
                == "`XYZService` (perRun(.strong)) keeps the `XYZSessionService` (perContainer(.strong)) of the "
                + "container that first built it")
        #expect(
            finding.details == [
                "why: that XYZSessionService is the container's shared instance, not XYZService's own: another "
                    + "container resolving XYZService gets the XYZService holding the first container's "
                    + "XYZSessionService, not its own"
            ])
        #expect(
            finding.help
                == "nothing to do if the app has one container; otherwise give XYZService the lifetime "
                + "perContainer(.strong), or XYZSessionService the lifetime perRun(.strong)")
        #expect(!finding.description.contains("nothing else holds it"))
    }

    @Test func providerIsTheFixForCaptives() {
        let container = DIContainer()
        container.register { (session: Provider<XYZSessionService>) in XYZService(session: session()) }.lifetime(
            .single)
        container.register(XYZSessionService.init).lifetime(.objectGraph)
        #expect(container.validationReport().findings.isEmpty)
    }

    // MARK: invalid-registration

    @Test func anInstanceRegisteredWithALifetimeBeyondItsContainerIsAnInvalidRegistrationAtItsLine() throws {
        let container = DIContainer()
        let line = #line + 1
        container.registerInstance(E()).lifetime(.single)
        let report = container.validationReport()
        #expect(report.codes == ["invalid-registration"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.location?.line == line)
        #expect(
            finding.message
                == "the registration of E is invalid: registerInstance(_:) with .lifetime(.single), which would hand "
                + "this instance to every container registered on this line; remove the lifetime: the container "
                + "keeps its instance")
        #expect(throws: DIValidationError.self) { try container.validate() }
        let kept = DIContainer()
        kept.registerInstance(E())
        #expect(kept.validationReport().findings.isEmpty, "\(kept.validationReport())")
    }

    // MARK: weak-value-type

    struct Settings {}

    @Test func weakLifetimeOnAValueTypeIsAWarning() {
        let container = DIContainer()
        container.register { Settings() }.lifetime(.perRun(.weak))
        #expect(container.validationReport().codes == ["weak-value-type"])
        let strong = DIContainer()
        strong.register { Settings() }.lifetime(.perRun(.strong))
        #expect(strong.validationReport().findings.isEmpty)
    }

    protocol Shape: Sendable {}
    final class Circle: Shape {}

    @Test func weakLifetimeOnAProtocolTypeIsNoWarning() {
        let container = DIContainer()
        container.register { Circle() as any Shape }.lifetime(.perContainer(.weak))
        #expect(container.validationReport().findings.count == 0, "a protocol's instance may be a class's, held weakly")
    }

    // MARK: runtime arguments

    final class Greeting: Sendable { init(text: String) {} }
    final class Host { init(greeting: Greeting) {} }

    @Test func aParameterMarkedAsAnArgumentIsValidatedAsADIArgument() {
        let container = DIContainer()
        container.register(Greeting.init(text:)).argument(at: 0)
        container.register(Host.init(greeting:))
        #expect(container.validationReport().codes == ["arguments-unavailable"], "\(container.validationReport())")
        let alone = DIContainer()
        alone.register(Greeting.init(text:)).argument(at: 0)
        #expect(alone.validationReport().findings.isEmpty, "nothing asks for the String: the caller passes it")
        alone.register(Greeting.init(text:)).argument(at: 0).lifetime(.perContainer(.strong)).replacing()
        #expect(alone.validationReport().codes == ["cached-arguments"], "\(alone.validationReport())")
    }

    @Test func componentWithArgumentsAsADependencyIsAnError() {
        let container = DIContainer()
        container.register { (text: DIArgument<String>) in Greeting(text: text.value) }
        container.register(Host.init(greeting:))
        #expect(container.validationReport().codes == ["arguments-unavailable"])
        let alone = DIContainer()
        alone.register { (text: DIArgument<String>) in Greeting(text: text.value) }
        #expect(alone.validationReport().findings.isEmpty)
        // A Provider passes the arguments itself.
        alone.register { (greetings: Provider<Greeting>) in Host(greeting: greetings(arguments: "hi")) }
        #expect(alone.validationReport().findings.isEmpty)
    }

    @Test func cachingLifetimeWithArgumentsIsAnError() {
        let container = DIContainer()
        container.register { (text: DIArgument<String>) in Greeting(text: text.value) }.lifetime(.perRun(.strong))
        #expect(container.validationReport().codes == ["cached-arguments"])
        let graph = DIContainer()
        graph.register { (text: DIArgument<String>) in Greeting(text: text.value) }.lifetime(.objectGraph)
        #expect(graph.validationReport().findings.isEmpty)
    }

    // MARK: unreachable

    @Test func componentsNoRootReachesAreNotedOnlyWhenRootsAreMarked() {
        let container = xyzGraph()
        container.register(Z.init).as(Z.self, name: "spare")
        #expect(container.validationReport().findings.isEmpty)
        container.register(XYZViewModel.init(fetcher:updater:service:)).root().as(XYZViewModel.self, name: "root")
        // The first XYZViewModel is nobody's dependency under its own type: left over unless entry points are
        // inferred, when it counts as one; the named Z nobody asks for is left over either way.
        let report = container.validationReport()
        #expect(report.codes == ["unreachable"])
        #expect(report.findings.map(\.message) == ["no root reaches 2 registrations"])
        let inferred = container.validationReport(options: .init(infersEntryPoints: true))
        #expect(inferred.findings.map(\.message) == ["no root reaches Z"])
        #expect(inferred.findings.allSatisfy { $0.severity == .note })
    }

    // MARK: options

    @Test func optionsSelectChecksChangeSeveritiesAndSuppressionsKeepTheirReason() throws {
        let container = DIContainer()
        container.register(XYZService.init(session:)).lifetime(.single)
        container.register(XYZSessionService.init).lifetime(.objectGraph)
        #expect(throws: DIValidationError.self) {
            try container.validate(options: .init(severities: [.longLivedHolder: .error]))
        }
        #expect(container.validationReport(options: .init(checks: [.missingDependency])).findings.isEmpty)

        let suppressed = DIContainer()
        suppressed.register(XYZService.init(session:)).lifetime(.single)
            .suppress("long-lived-holder", reason: "the session object is immutable")
        suppressed.register(XYZSessionService.init).lifetime(.objectGraph)
        let report = suppressed.validationReport()
        #expect(report.findings.isEmpty)
        #expect(report.suppressed.map(\.reason) == ["the session object is immutable"])
        #expect(report.summary == "0 errors, 0 warnings, 0 notes (1 suppressed)")
    }

    @Test func reportIsDeterministicAndErrorsComeFirst() {
        func make() -> DIValidationReport {
            let container = DIContainer()
            container.register(XYZService.init(session:)).lifetime(.single)
            container.register(XYZSessionService.init).lifetime(.objectGraph)
            container.register(Left.init(right:))
            container.register(Right.init(left:))
            container.register(Owner.init(session:))
            container.register { (a: Lazy<Z>) in Owner(session: nil) }
            return container.validationReport()
        }
        let first = make()
        #expect(first.codes == ["dependency-cycle", "missing-dependency", "long-lived-holder"])
        #expect(first.description == make().description)
        #expect(first.description.hasSuffix("validation: 2 errors, 0 warnings, 1 note"))
    }
}
