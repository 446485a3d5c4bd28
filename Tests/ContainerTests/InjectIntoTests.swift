import Testing
import Tether
import TetherTestSupport

/// A screen the system makes (a storyboard's view controller): the container only injects into it.
final class StoryboardScreen: @unchecked Sendable {  // Set once, by the injection, before the screen is shown.
    var presenter: ScreenPresenter?
    var opened: [String] = []
}

/// Points back at its screen, set at the end of the injection (`cycle: true`).
final class ScreenPresenter: @unchecked Sendable {  // Set once, at the end of the resolve that makes it.
    weak var screen: StoryboardScreen?
}

final class ScreenAnalytics: Sendable {}

protocol Screen: AnyObject {}
extension StoryboardScreen: Screen {}

class BaseScreen: @unchecked Sendable {  // Set once, by the injection.
    var presenter: ScreenPresenter?
}
final class SettingsScreen: BaseScreen, @unchecked Sendable {}

@MainActor
final class MainActorScreen {
    var analytics: ScreenAnalytics?
}

@Suite("inject(into:): an object made elsewhere gets what is registered for its type")
struct InjectIntoTests {
    @Test func injectionsAndCompletionsAreSetOnTheObjectItself() throws {
        let container = DIContainer()
        container.register(ScreenAnalytics.init).lifetime(.perContainer(.strong))
        container.register(ScreenPresenter.init)
        container.registerInjections(into: StoryboardScreen.self)
            .injection(\.presenter)
            .completion { (screen: StoryboardScreen, _: ScreenAnalytics) in screen.opened.append("completed") }
        let screen = StoryboardScreen()
        try container.injectOrThrow(into: screen)
        #expect(screen.presenter != nil)
        #expect(screen.opened == ["completed"])
        let other = StoryboardScreen()
        container.inject(into: other)
        #expect(other.presenter != nil && other.presenter !== screen.presenter)
    }

    @Test func aDependencyThatLeadsBackGetsTheObjectBeingInjectedInto() throws {
        let container = DIContainer()
        container.register(ScreenPresenter.init).lifetime(.objectGraph)
            .injection(cycle: true, \.screen)
        container.registerInjections(into: StoryboardScreen.self)
            .injection(\.presenter)
        let screen = StoryboardScreen()
        try container.injectOrThrow(into: screen)
        let presenter = try #require(screen.presenter)
        #expect(presenter.screen === screen)
    }

    @Test func anyRegistrationOfTheTypeInjectsWithoutCallingItsFactory() throws {
        let container = DIContainer()
        let made = Counter()
        container.register(ScreenPresenter.init)
        container.register { () -> StoryboardScreen in
            made.increment()
            return StoryboardScreen()
        }
        .injection(\.presenter)
        let screen = StoryboardScreen()
        try container.injectOrThrow(into: screen)
        #expect(screen.presenter != nil && made.count == 0)
    }

    @Test func anUnregisteredTypeIsNotInjectableAndTheHelpSaysHowToRegisterIt() {
        let container = DIContainer()
        #expect {
            try container.injectOrThrow(into: StoryboardScreen())
        } throws: { error in
            let text = (error as? DIError)?.description ?? ""
            return text == """
                error[not-injectable]: no registration of `StoryboardScreen` to inject into
                  path: StoryboardScreen
                  help: register what to inject with `container.registerInjections(into: StoryboardScreen.self)`, \
                then `.injection` and `.completion` on it
                """
        }
    }

    @Test func anObjectTypedAsAProtocolIsInjectedAsItsOwnType() throws {
        let container = DIContainer()
        container.register(ScreenPresenter.init)
        container.registerInjections(into: StoryboardScreen.self).injection(\.presenter)
        let screen: any Screen = StoryboardScreen()
        try container.injectOrThrow(into: screen)  // the existential is opened: `T` is `StoryboardScreen`
        #expect((screen as? StoryboardScreen)?.presenter != nil)
    }

    @Test func aBaseClassProvidedOnlyThroughAnAliasIsNotInjectableAndNamesTheRegistration() throws {
        let container = DIContainer()
        container.register(ScreenPresenter.init)
        let line = #line + 1
        container.registerInjections(into: SettingsScreen.self).injection(\.presenter).as(BaseScreen.self)
        let screen: BaseScreen = SettingsScreen()
        let error = try #require(throws: DIError.self) { try container.injectOrThrow(into: screen) }
        #expect(error.code == "not-injectable")
        #expect(
            error.message
                == "`BaseScreen` is provided through an alias, and `inject(into:)` needs a registration of its own type"
        )
        #expect(error.details == ["registered at: TetherTests/InjectIntoTests.swift:\(line)"])
        #expect(
            error.help
                == "call `inject(into:)` with the object typed as SettingsScreen, the type registered at TetherTests/InjectIntoTests.swift:\(line)"
        )
        #expect(screen.presenter == nil)
        try container.injectOrThrow(into: screen as! SettingsScreen)
        #expect(screen.presenter != nil)
    }

    @Test func resolvingATypeMadeElsewhereOrDependingOnItFailsWithMadeElsewhere() throws {
        let container = DIContainer()
        let line = #line + 1
        container.registerInjections(into: StoryboardScreen.self)
        container.register { (screen: StoryboardScreen) in ScreenPresenter() }
        let direct = try #require(throws: DIError.self) { try container.resolveOrThrow(StoryboardScreen.self) }
        #expect(direct.code == "made-elsewhere")
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(ScreenPresenter.self) }
        #expect(
            error.description == """
                error[made-elsewhere]: StoryboardScreen is made outside the container, which only injects into it
                  path: ScreenPresenter (prototype, TetherTests/InjectIntoTests.swift:\(line + 1)) -> StoryboardScreen (objectGraph, \
                TetherTests/InjectIntoTests.swift:\(line))
                  registered at: TetherTests/InjectIntoTests.swift:\(line)
                  help: depend on what StoryboardScreen provides rather than on StoryboardScreen, or register it with a \
                factory instead of `registerInjections(into:)` at TetherTests/InjectIntoTests.swift:\(line)
                """)
    }

    @Test func aMissingDependencyOfAnInjectionNamesThePathFromTheObject() throws {
        let container = DIContainer()
        container.register(ScreenPresenter.init)
        container.registerInjections(into: StoryboardScreen.self)
            .injection(\.presenter)
            .completion { (screen: StoryboardScreen, _: ScreenAnalytics) in screen.opened.append("completed") }
        let screen = StoryboardScreen()
        let error = try #require(throws: DIError.self) { try container.injectOrThrow(into: screen) }
        #expect(error.code == "not-registered")
        #expect(
            error.description.contains("path: StoryboardScreen (objectGraph, TetherTests/InjectIntoTests.swift:"),
            "\(error)")
        #expect(error.failedRequest == "ScreenAnalytics")
        #expect(screen.presenter != nil && screen.opened.isEmpty)  // set before the failure, and kept
    }

    @MainActor
    @Test func aMainActorObjectIsInjectedIntoOnTheMainActor() throws {
        let container = Self.mainActorScreenContainer()
        let screen = MainActorScreen()
        try container.injectOrThrow(into: screen)
        #expect(screen.analytics != nil)
    }

    @Test func aMainActorObjectInjectedIntoElsewhereThrowsBeforeAnythingIsSet() async throws {
        let container = Self.mainActorScreenContainer()
        let screen = MainActorScreen()
        let code = await Task.detached { () -> String? in
            do throws(DIError) {
                try container.injectOrThrow(into: screen)
                return nil
            } catch {
                return error.code
            }
        }.value
        #expect(code == "main-actor-isolated")
        #expect(await screen.analytics == nil)
    }

    /// Injects a main-actor screen's analytics through a main-actor step.
    static func mainActorScreenContainer() -> DIContainer {
        let container = DIContainer()
        container.register(ScreenAnalytics.init)
        container.registerInjections(into: MainActorScreen.self)
            .injection(on: MainActor.self) { (screen: MainActorScreen, analytics: ScreenAnalytics) in
                screen.analytics = analytics
            }
        return container
    }
}
