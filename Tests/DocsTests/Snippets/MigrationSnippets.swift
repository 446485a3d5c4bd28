import Testing
import Tether
import TetherTesting
import TetherValidation

/// The Tether side of Docs/*/Migration.md.
@Suite("Docs: Migration")
struct MigrationSnippets {
    // snippet: migration-types
    protocol Networking: AnyObject {}
    final class NetworkService: Networking, Sendable {}
    final class Endpoint {
        let url: String
        init(url: String) { self.url = url }
    }
    final class ProfileViewModel {
        let network: any Networking
        init(network: any Networking) { self.network = network }
    }
    final class OrderScreen {
        let orderID: Int
        init(orderID: Int, network: any Networking) { self.orderID = orderID }
    }
    final class ChatView {
        var presenter: ChatPresenter?
    }
    final class ChatPresenter {
        weak var view: ChatView?
    }
    // end-snippet

    // snippet: migration-protocol-in-sendable-types
    protocol Payments: AnyObject, Sendable {}  // `Sendable`, so that a Sendable class may keep `any Payments`
    final class StripePayments: Payments {}  // and so each conforming class must be Sendable
    final class Checkout: Sendable {
        let payments: any Payments
        init(payments: any Payments) { self.payments = payments }
    }
    // end-snippet

    // snippet: migration-closure-to-protocol-types
    protocol Receipts: AnyObject {}  // not Sendable: its mocks need not be
    final class PrintedReceipts: Receipts, Sendable {}
    // end-snippet

    @Test func aProtocolHeldByASendableClassRefinesSendable() {
        // snippet: migration-protocol-in-sendable
        let container = DIContainer()
        container.register(StripePayments.init).as((any Payments).self).lifetime(.perContainer(.strong))
        container.register(Checkout.init(payments:)).lifetime(.perContainer(.strong))
        #expect(container.resolve(Checkout.self).payments === container.resolve((any Payments).self))
        // end-snippet
    }

    @Test func aSharedProtocolIsBetterRegisteredAsItsClass() {
        // snippet: migration-closure-to-protocol
        let container = DIContainer()
        // A closure declared `-> any P` registers `any P`, so a shared lifetime needs `P: Sendable`:
        container.register { () -> any Payments in StripePayments() }.lifetime(.perContainer(.strong))
        // Better: register the class, whose `Sendable` the compiler checks, and provide it as the protocol.
        container.register(PrintedReceipts.init).as((any Receipts).self).lifetime(.perContainer(.strong))
        #expect(container.resolve((any Payments).self) === container.resolve((any Payments).self))
        #expect(container.resolve((any Receipts).self) === container.resolve((any Receipts).self))
        // end-snippet
    }

    @MainActor
    @Test func aGenericHelperReachesTheSendableRegisterInstanceOnlyWithASendableConstraint() async {
        // snippet: migration-generic-instance
        let container = DIContainer()
        container.registerLoaded(MenuCatalog())  // T: Sendable: the `Sendable` overload
        container.registerLoaded(DraftBook())  // any T: the main actor's
        container.registerAnyLoaded(PriceList())  // Sendable, yet the main actor's
        let components = container.registrySnapshot().components
        #expect(components[0].sharing == .sendable)  // handed out on every thread
        #expect(components[1].sharing == .mainActor)  // handed out on the main actor only
        #expect(components[2].sharing == .mainActor)  // so is this one: the helper chose for it
        // end-snippet
        let error = await Task.detached {
            #expect(throws: DIError.self) { try container.resolveOrThrow(PriceList.self) }
        }.value
        #expect(error?.code == "main-actor-isolated")
        let shared = await Task.detached { container.resolve(MenuCatalog.self) }.value
        #expect(shared === container.resolve(MenuCatalog.self))
    }

    // snippet: migration-factory-app-types
    protocol APIClient: AnyObject, Sendable {}
    protocol OrderService: AnyObject {}
    protocol LocationService: AnyObject {
        var city: String { get }
    }
    final class LiveAPI: APIClient {}
    final class DefaultOrderService: OrderService, Sendable {
        init(api: any APIClient) {}
    }
    final class DefaultLocationService: LocationService, Sendable {
        var city: String { "from GPS" }
    }
    final class FixedLocation: LocationService {  // not Sendable, as app services often are
        var city = "Lisbon"
    }

    @MainActor
    final class OrdersViewModel {  // an ObservableObject in the app
        @Injected var orders: any OrderService
        @LazyInjected var location: any LocationService
    }

    @MainActor
    struct OrdersView {  // a SwiftUI view in the app: `@StateObject private var model = OrdersViewModel()`
        let model = OrdersViewModel()
    }
    // end-snippet

    @MainActor
    @Test func aFactoryAppPortedWithWrappers() async throws {
        try await withTetherSandbox {  // as `.tetherSandbox` gives each test
            // snippet: migration-factory-app
            // At launch (the App's init), in place of Factory's `extension Container`:
            let container = DIContainer()
            container.register(LiveAPI.init).as((any APIClient).self).lifetime(.perRun(.strong))
            container.register(DefaultOrderService.init(api:)).as((any OrderService).self).lifetime(
                .perContainer(.strong))
            container.register(DefaultLocationService.init).as((any LocationService).self).lifetime(.perRun(.strong))
            container.registerWrappers(of: OrdersViewModel.self)  // so that validate() sees what it asks for
            DIContainer.setAmbient(container)

            // A launch-time override (UI tests, a demo mode), in place of `Container.shared.location.register { }`:
            container.registerInstance(FixedLocation()).as((any LocationService).self).replacing()

            let view = OrdersView()  // SwiftUI makes it, and it makes its model
            #expect(view.model.location.city == "Lisbon")
            try container.validate()
            // end-snippet
        }
    }

    protocol Analytics: AnyObject, Sendable {
        func start()
    }
    final class AppAnalytics: Analytics {
        func start() {}
    }
    enum LaunchSteps {
        static func run() throws -> any Analytics {
            // snippet: migration-factory-ambient
            // An AppDelegate's launch step, which no container makes, in place of `Container.shared.analytics()`:
            let analytics = try #require(DIContainer.ambient).resolveOrThrow((any Analytics).self)
            analytics.start()
            // end-snippet
            return analytics
        }
    }

    @Test func aLaunchStepNoContainerMakesResolvesFromTheAmbientContainer() async throws {
        try await withTetherSandbox {
            let container = DIContainer()
            container.register(AppAnalytics.init).as((any Analytics).self).lifetime(.perContainer(.strong))
            DIContainer.setAmbient(container)
            let started = try LaunchSteps.run()
            let registered = try container.resolveOrThrow((any Analytics).self)
            #expect(started === registered)
        }
    }

    @Test func resolverSetupInTether() {
        // snippet: migration-resolver
        let container = DIContainer()
        container.register(NetworkService.init)
            .as((any Networking).self)
            .lifetime(.application)
        container.register(ProfileViewModel.init(network:))
            .lifetime(.graph)  // Resolver's default; Tether's is .prototype
        container.register { Endpoint(url: "https://staging.example") }
            .as(Endpoint.self, name: "staging")
        container.register { (id: DIArgument<Int>, network: any Networking) in
            OrderScreen(orderID: id.value, network: network)
        }

        let model: ProfileViewModel = container.resolve()
        let staging: Endpoint = container.resolve(name: "staging")
        let screen: OrderScreen = container.resolve(arguments: 42)
        let optional: ChatView? = container.resolve()  // Resolver's `optional()`
        // end-snippet
        #expect(model.network === container.resolve((any Networking).self))
        #expect(staging.url == "https://staging.example")
        #expect(screen.orderID == 42)
        #expect(optional == nil)
        container.dropProcessWideInstances()
    }

    // snippet: migration-factory-types
    final class MockNetwork: Networking {}
    final class ProfileScreen {
        let model: ProfileViewModel  // Factory: @Injected(\.profileViewModel) var model
        let network: Lazy<any Networking>  // Factory: @LazyInjected(\.network) var network
        init(model: ProfileViewModel, network: Lazy<any Networking>) { (self.model, self.network) = (model, network) }
    }
    // end-snippet

    @Test func factorySetupInTether() {
        // snippet: migration-factory
        let container = DIContainer()  // made by the app and passed along, where Factory has Container.shared
        container.register(NetworkService.init)
            .as((any Networking).self)
            .lifetime(.perContainer(.strong))  // Factory's .cached; .perRun(.strong) for its .singleton
        container.register(ProfileViewModel.init(network:))  // .prototype, like Factory's default .unique
        container.register(ProfileScreen.init(model:network:))
        let screen: ProfileScreen = container.resolve()
        #expect(screen.network.value === screen.model.network)

        // A test overrides in a child container instead of `.register { }` on the shared one and `reset()` after:
        let test = DIContainer(parent: container)
        test.register(MockNetwork.init).as((any Networking).self)
        #expect(test.resolve(ProfileScreen.self).model.network is MockNetwork)
        #expect(container.resolve(ProfileScreen.self).model.network is NetworkService)  // the app's is untouched
        // end-snippet
    }

    // snippet: migration-wrapper-types
    final class FeedModel {
        let network: any Networking  // was @Injected: an initializer parameter
        let profile: Lazy<ProfileViewModel>  // was @LazyInjected: built on the first `.value`, then kept
        let makeEndpoint: Provider<Endpoint>  // resolved again on every call
        init(network: any Networking, profile: Lazy<ProfileViewModel>, makeEndpoint: Provider<Endpoint>) {
            (self.network, self.profile, self.makeEndpoint) = (network, profile, makeEndpoint)
        }
    }
    final class SettingsScreen {
        var network: (any Networking)?  // the system calls init(), so the container sets this afterwards
    }
    enum Storyboard {  // stands for the framework that creates the screen
        static func instantiateSettings() -> SettingsScreen { SettingsScreen() }
    }
    // end-snippet

    @Test func propertyWrappersBecomeParametersAndInjections() {
        // snippet: migration-property-wrappers
        let container = DIContainer()
        container.register(NetworkService.init).as((any Networking).self).lifetime(.perContainer(.strong))
        container.register(ProfileViewModel.init(network:))
        container.register { Endpoint(url: "https://api.example") }
        container.register(FeedModel.init(network:profile:makeEndpoint:))
        // An object the system creates: register what to set on it, and inject into it where it is made.
        container.registerInjections(into: SettingsScreen.self)
            .injection(\.network)

        let feed: FeedModel = container.resolve()
        #expect(feed.profile.value === feed.profile.value)
        #expect(feed.makeEndpoint() !== feed.makeEndpoint())
        let settings = Storyboard.instantiateSettings()
        container.inject(into: settings)
        #expect(settings.network === feed.network)
        // end-snippet
    }

    @Test func swinjectSetupInTether() throws {
        // snippet: migration-swinject
        let container = DIContainer()
        container.register(NetworkService.init)
            .as((any Networking).self)
            .lifetime(.perContainer(.strong))
        container.register(ProfileViewModel.init(network:))
            .lifetime(.objectGraph)  // Swinject's default; Tether's is .prototype
        container.register(ChatView.init).lifetime(.objectGraph)
            .injection(\.presenter)
        container.register(ChatPresenter.init).lifetime(.objectGraph)
            .injection(cycle: true, \.view)  // what `initCompleted` did for the cycle

        let model = try container.resolveOrThrow(ProfileViewModel.self)  // throws instead of returning nil
        let view: ChatView = container.resolve()
        // end-snippet
        #expect(model.network === container.resolve((any Networking).self))
        #expect(view.presenter?.view === view)
    }

    @Test func ditranquillitySetupInTether() throws {
        // snippet: migration-ditranquillity
        let container = DIContainer()
        container.register(NetworkService.init)
            .as((any Networking).self)
            .lifetime(.perRun(.strong))
        container.register(ProfileViewModel.init(network:))
            .root()
        container.register(ChatView.init).lifetime(.objectGraph)
            .injection(\.presenter)
        container.register(ChatPresenter.init).lifetime(.objectGraph)
            .injection(cycle: true, \.view)
            .root()

        try container.validate()  // replaces makeGraph().checkIsValid(checkGraphCycles: true)
        container.initializeSingletonObjects()
        let model: ProfileViewModel = container.resolve()
        // end-snippet
        #expect(model.network === container.resolve((any Networking).self))
        container.dropProcessWideInstances()
    }
}

// snippet: migration-generic-instance-types
final class MenuCatalog: Sendable {}
final class PriceList: Sendable {}
final class DraftBook {  // not Sendable
    var drafts: [String] = []
}
extension DIContainer {
    /// Registers what a loader made. For any `T` this reaches only the `@MainActor` `registerInstance`.
    @MainActor func registerLoaded<T>(_ loaded: T) { registerInstance(loaded) }
    /// For a `Sendable` `T` (the caller's type picks it): the `Sendable` one, shared on every thread.
    @MainActor func registerLoaded<T: Sendable>(_ loaded: T) { registerInstance(loaded) }
    /// A helper with no `Sendable` overload: every instance it registers is the main actor's.
    @MainActor func registerAnyLoaded<T>(_ loaded: T) { registerInstance(loaded) }
}
// end-snippet
