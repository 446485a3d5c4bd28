import Testing
import Tether
import TetherValidation

/// The Tether side of Docs/*/Migration.md.
@Suite("Docs: Migration")
struct MigrationSnippets {
    // snippet: migration-types
    protocol Networking: AnyObject {}
    final class NetworkService: Networking {}
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
        container.resetPerRunInstances()
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
        container.resetPerRunInstances()
    }
}
