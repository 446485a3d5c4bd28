import Tether

// The app's types. Nothing here says `@MainActor`: the target's default isolation makes every declaration the main
// actor's unless it says `nonisolated`.

// snippet: main-actor-app-types
protocol OrdersAPI: AnyObject {
    func orders() -> [String]
}
final class LiveOrdersAPI: OrdersAPI {  // @MainActor, as everything here
    func orders() -> [String] { ["#1", "#2"] }
}
final class Session {
    let user: String
    init(user: String) { self.user = user }
}
final class CartStore {
    let api: any OrdersAPI
    let session: Session
    init(api: any OrdersAPI, session: Session) { (self.api, self.session) = (api, session) }
}
final class OrdersModel {
    let store: CartStore
    let prices: PriceFormatter
    init(store: CartStore, prices: PriceFormatter) { (self.store, self.prices) = (store, prices) }
}
final class AppSettings {
    var theme = "dark"
}
nonisolated final class PriceFormatter: Sendable {  // a service for any thread: `nonisolated` and `Sendable`
    init() {}
    func format(cents: Int) -> String { "\(cents / 100).\(cents % 100)" }
}
// end-snippet

// snippet: main-actor-app-registrations
enum ShopModule: DIModule {  // nonisolated: a `DIModule` is `SendableMetatype`, so the default does not apply
    static func register(in container: DIContainer) {
        container.register(LiveOrdersAPI.init).as((any OrdersAPI).self).lifetime(.perContainer(.strong))
        container.register { @MainActor in Session(user: "ada") }.lifetime(.perContainer(.strong))
        container.register { @MainActor (api: any OrdersAPI, session: Session) in
            CartStore(api: api, session: session)
        }.lifetime(.perContainer(.strong))
        // Without `@MainActor` the closure above does not compile: "call to main actor-isolated initializer
        // 'init(api:session:)' in a synchronous nonisolated context".
        container.register(OrdersModel.init(store:prices:))  // a main-actor initializer, by reference
        container.register(PriceFormatter.init).lifetime(.perRun(.strong))  // nonisolated: built on any thread
    }
}

/// What the App's `init` runs: on the main actor, as all code here.
func makeContainer(settings: AppSettings) -> DIContainer {
    let container = DIContainer()
    container.install(ShopModule.self)
    container.registerInstance(settings)  // a main-actor class is `Sendable`: the `Sendable` overload
    return container
}
// end-snippet
