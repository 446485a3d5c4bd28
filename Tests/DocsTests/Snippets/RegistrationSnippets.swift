import Testing
import Tether
import TetherValidation

/// The examples of Docs/*/Registration.md.
@Suite("Docs: Registration")
struct RegistrationSnippets {
    // snippet: registration-types
    final class HTTPClient: Sendable {}
    final class TokenStore: Sendable {
        let token: String
        init(token: String) { self.token = token }
    }
    final class APIClient: Sendable {
        let http: HTTPClient
        let tokens: TokenStore
        let retries: Int
        init(http: HTTPClient, tokens: TokenStore, retries: Int) {
            (self.http, self.tokens, self.retries) = (http, tokens, retries)
        }
    }
    // end-snippet

    @Test func initializersAndClosuresResolveTheirParameters() {
        // snippet: registration-factories
        let container = DIContainer()
        container.register(HTTPClient.init)
        container.register { TokenStore(token: "live") }  // the token is a value, not a component
        // A closure's typed parameters are resolved like an initializer's; the rest is yours to pass.
        container.register { (http: HTTPClient, tokens: TokenStore) in
            APIClient(http: http, tokens: tokens, retries: 3)
        }
        let client: APIClient = container.resolve()
        #expect(client.retries == 3)
        #expect(client.tokens.token == "live")
        // end-snippet
    }

    // snippet: registration-as-written-types
    protocol APIManagerProtocol {}
    struct LiveAPI: APIManagerProtocol {}
    final class ProfileModel {
        let api: any APIManagerProtocol
        init(api: some APIManagerProtocol) { self.api = api }  // generic: one initializer per API type
    }
    final class Uploader {
        let http: HTTPClient
        let retries: Int
        init(http: HTTPClient, retries: Int = 3) { (self.http, self.retries) = (http, retries) }
    }
    // end-snippet

    @Test func aGenericInitializerIsRegisteredWithItsParameterTypeFixed() {
        // snippet: registration-generic-initializer
        // `register(ProfileModel.init(api:))` does not compile: the compiler cannot pick a type for `api`.
        let closure = DIContainer()
        closure.register { LiveAPI() }
        closure.register { (api: LiveAPI) in ProfileModel(api: api) }  // a closure names the type
        #expect(closure.resolve(ProfileModel.self).api is LiveAPI)

        let coerced = DIContainer()
        coerced.register { LiveAPI() }
        coerced.register(ProfileModel.init(api:) as @Sendable (LiveAPI) -> ProfileModel)  // so does a coercion
        #expect(coerced.resolve(ProfileModel.self).api is LiveAPI)
        // end-snippet
    }

    // snippet: registration-generic-wrapper-types
    struct Logged<Input: Sendable>: Sendable {
        let input: Input
    }

    /// Registers a `Logged` of whatever the app passes, a tuple included.
    func registerLogged<Input: Sendable>(_ container: DIContainer, _: Input.Type) {
        container.register(taking: Input.self) { input in Logged(input: input) }
    }
    // end-snippet

    @Test func aGenericWrapperTakesItsParameterWhole() throws {
        let container = DIContainer()
        container.register { () -> (Int, String) in (1, "a") }
        // snippet: registration-generic-wrapper
        registerLogged(container, (Int, String).self)  // one dependency: the tuple
        registerLogged(container, Int.self)  // one dependency: the Int
        // end-snippet
        container.register { 2 }
        #expect(try container.resolveOrThrow(Logged<(Int, String)>.self).input.1 == "a")
        #expect(try container.resolveOrThrow(Logged<Int>.self).input == 2)
    }

    // snippet: registration-instance-types
    final class LocationTracker {  // not Sendable, as app services often are
        var lastPlace = "home"
    }
    final class AppClock: Sendable {}  // immutable: Sendable
    // end-snippet

    @MainActor
    @Test func anExistingInstanceIsRegisteredAsItIs() throws {
        // snippet: registration-instance
        // Launch code, on the main actor: it registers what it made and keeps using it.
        let container = DIContainer()
        let tracker = LocationTracker()
        container.registerInstance(tracker)  // not Sendable: handed out on the main actor only
        container.registerInstance(AppClock())  // Sendable: handed out on any thread
        tracker.lastPlace = "work"
        let resolved = try container.resolveOrThrow(LocationTracker.self)  // the same object, every time
        // end-snippet
        #expect(resolved.lastPlace == "work")
        #expect(try container.resolveOrThrow(LocationTracker.self) === resolved)
    }

    // snippet: registration-inject-types
    final class ProfilePresenter {}
    final class ProfileViewController {  // made by a storyboard, not by the container
        var presenter: ProfilePresenter?
        var isReady = false
    }
    // end-snippet

    @Test func anObjectMadeElsewhereIsInjectedInto() {
        // snippet: registration-inject
        let container = DIContainer()
        container.register(ProfilePresenter.init)
        container.registerInjections(into: ProfileViewController.self)
            .injection(\.presenter)
            .completion { (screen: ProfileViewController) in screen.isReady = true }

        let screen = ProfileViewController()  // what the storyboard made
        container.inject(into: screen)
        #expect(screen.presenter != nil && screen.isReady)
        // end-snippet
    }

    // snippet: registration-wrappers-types
    protocol Payments: AnyObject {}
    final class CardPayments: Payments {}
    final class ReceiptExporter {}

    @MainActor
    final class CheckoutModel {
        @Injected var payments: any Payments  // resolved when the model is made
        @LazyInjected var exporter: ReceiptExporter  // resolved on the first read, then kept
        @OptionalInjected var promoCode: String?  // nil when nothing provides it
    }
    // end-snippet

    @MainActor
    @Test func propertyWrappersResolveFromTheAmbientContainer() {
        // snippet: registration-wrappers
        let container = DIContainer()
        container.register(CardPayments.init).as((any Payments).self)
        container.register(ReceiptExporter.init)
        // At launch: DIContainer.setAmbient(container). In a test, for the objects made inside:
        let model = DIContainer.withAmbient(container) { CheckoutModel() }
        #expect(model.payments is CardPayments && model.promoCode == nil)
        // end-snippet
        #expect(model.exporter === model.exporter)
    }

    @Test func aDefaultArgumentIsADependencyUnlessAClosureLeavesItOut() {
        // snippet: registration-default-arguments
        let container = DIContainer()
        container.register(HTTPClient.init)
        container.register(Uploader.init)  // (HTTPClient, Int): the Int is a dependency, default or not
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Uploader.self) }
        #expect(error?.code == "not-registered")

        let fixed = DIContainer()
        fixed.register(HTTPClient.init)
        fixed.register { (http: HTTPClient) in Uploader(http: http) }  // retries keeps its default
        #expect(fixed.resolve(Uploader.self).retries == 3)
        // end-snippet
    }

    // snippet: registration-implicitly-unwrapped-types
    final class LegacyScreen {
        var http: HTTPClient!  // read as `HTTPClient?` by a key path
    }
    // end-snippet

    @Test func anImplicitlyUnwrappedPropertyIsAnOptionalDependency() {
        // snippet: registration-implicitly-unwrapped
        let container = DIContainer()
        container.register(LegacyScreen.init).injection(\.http)  // asks for HTTPClient?, so it may stay nil
        #expect(container.resolve(LegacyScreen.self).http == nil)  // nothing provides HTTPClient: no error
        container.register(HTTPClient.init)
        #expect(container.resolve(LegacyScreen.self).http != nil)
        // end-snippet
    }

    // snippet: registration-storage-types
    protocol Storage: AnyObject {
        var kind: String { get }
    }
    final class DiskStorage: Storage, Sendable {
        let kind = "disk"
    }
    final class MemoryStorage: Storage {
        let kind = "memory"
    }
    // end-snippet

    @Test func asProvidesTheComponentAsAProtocolAndStillAsItself() {
        // snippet: registration-as
        let container = DIContainer()
        container.register(DiskStorage.init)
            .as((any Storage).self)
            .lifetime(.perContainer(.strong))
        let storage: any Storage = container.resolve()
        let disk: DiskStorage = container.resolve()
        #expect(storage === disk)
        // end-snippet
    }

    @Test func namedRegistrationsAreResolvedByName() {
        // snippet: registration-as-named
        let container = DIContainer()
        container.register(DiskStorage.init).as((any Storage).self, name: "disk")
        container.register(MemoryStorage.init).as((any Storage).self, name: "memory")
        let cache: any Storage = container.resolve(name: "memory")
        #expect(cache.kind == "memory")
        // end-snippet
    }

    // snippet: registration-tagged-types
    enum Primary {}
    enum Replica {}
    final class Database: Sendable {
        let host: String
        init(host: String) { self.host = host }
    }
    final class Repository {
        let primary: Database
        let replica: Database
        init(primary: Database, replica: Database) { (self.primary, self.replica) = (primary, replica) }
    }
    // end-snippet

    @Test func tagsAndNamesChooseTheProviderOfADependency() throws {
        // snippet: registration-tagged
        let container = DIContainer()
        container.register { Database(host: "db-1") }.tag(Primary.self)
        container.register { Database(host: "db-2") }.tag(Replica.self)
        // A closure says it in the parameter's type:
        container.register { (primary: DITagged<Primary, Database>, replica: DITagged<Replica, Database>) in
            Repository(primary: primary.value, replica: replica.value)
        }
        let repository: Repository = container.resolve()
        #expect(repository.replica.host == "db-2")
        // The shapes work inside a tag: every Database tagged Primary, or nil if there is none.
        let primaries = try container.resolveOrThrow(DITagged<Primary, [Database]>.self).value
        #expect(primaries.map(\.host) == ["db-1"])
        // end-snippet
    }

    @Test func initializerParametersAndInjectionsTakeNamesAndTags() throws {
        // snippet: registration-named-parameters
        let container = DIContainer()
        container.register { Database(host: "db-1") }.as(Database.self, name: "primary")
        container.register { Database(host: "db-2") }.as(Database.self, name: "replica").tag(Replica.self)
        // An initializer's parameter types cannot say it: name the parameter by position, from 0.
        container.register(Repository.init(primary:replica:))
            .parameter(at: 0, name: "primary")
            .parameter(at: 1, tag: Replica.self)
        #expect(container.resolve(Repository.self).primary.host == "db-1")
        // end-snippet
    }

    // snippet: registration-endpoint
    final class Endpoint {
        let url: String
        init(url: String) { self.url = url }
    }
    // end-snippet

    @Test func namingTheOwnTypeReplacesItsUnnamedProvision() {
        // snippet: registration-own-type-named
        let container = DIContainer()
        container.register { Endpoint(url: "https://a.example") }.as(Endpoint.self, name: "primary")
        container.register { Endpoint(url: "https://b.example") }.as(Endpoint.self, name: "backup")
        let backup: Endpoint = container.resolve(name: "backup")
        #expect(backup.url == "https://b.example")
        // Neither answers an unnamed request any more, so the two do not compete for it.
        #expect(throws: DIError.self) { try container.resolveOrThrow(Endpoint.self) }
        // end-snippet
    }

    @Test func defaultWinsAmongSeveralProviders() {
        // snippet: registration-default
        let container = DIContainer()
        container.register(DiskStorage.init).as((any Storage).self)
        container.register(MemoryStorage.init).as((any Storage).self).default()
        #expect(container.resolve((any Storage).self).kind == "memory")
        // end-snippet
    }

    @Test func replacingAndUnregisteringOnPurpose() {
        // snippet: registration-replacing
        let container = DIContainer()
        container.register(DiskStorage.init).as((any Storage).self)
        // A test or a variant swaps the implementation: the disk registration is removed, not competing.
        container.register(MemoryStorage.init).as((any Storage).self).replacing()
        #expect(container.resolve((any Storage).self).kind == "memory")
        #expect(container.registrySnapshot().components.count == 1)
        container.unregister((any Storage).self)  // and nothing provides Storage any more
        #expect(container.resolve((any Storage)?.self) == nil)
        // end-snippet
    }

    @Test func anUpdatePublishesAReplacementWithItsWholeChain() {
        // snippet: registration-update
        let container = DIContainer()
        container.register(DiskStorage.init).as((any Storage).self).tag(Primary.self)
        // Later, while other threads resolve `DITagged<Primary, any Storage>`:
        container.update { container in
            container.register(MemoryStorage.init).replacing().as((any Storage).self).tag(Primary.self)
        }
        #expect(container.resolve(DITagged<Primary, any Storage>.self).value.kind == "memory")
        // end-snippet
    }

    // snippet: registration-optional
    final class Coupons {}
    final class Checkout {
        let coupons: Coupons?
        init(coupons: Coupons?) { self.coupons = coupons }
    }
    // end-snippet

    @Test func optionalDependencyIsNilWhenNothingProvidesIt() {
        // snippet: registration-optional-resolve
        let container = DIContainer()
        container.register(Checkout.init(coupons:))
        #expect(container.resolve(Checkout.self).coupons == nil)
        container.register(Coupons.init)
        #expect(container.resolve(Checkout.self).coupons != nil)
        // end-snippet
    }

    // snippet: registration-many
    final class StorageReport {
        let kinds: [String]
        init(storages: [any Storage]) { kinds = storages.map(\.kind) }
    }
    // end-snippet

    @Test func manyDependencyGetsEveryProviderInRegistrationOrder() {
        // snippet: registration-many-resolve
        let container = DIContainer()
        container.register(StorageReport.init(storages:))
        container.register(MemoryStorage.init).as((any Storage).self, name: "fast")
        container.register(DiskStorage.init).as((any Storage).self)
        #expect(container.resolve(StorageReport.self).kinds == ["memory", "disk"])  // named ones too

        // A registration of the array type itself wins over collecting the providers.
        container.register { () -> [any Storage] in [DiskStorage()] }
        #expect(container.resolve(StorageReport.self).kinds == ["disk"])
        // end-snippet
    }

    // snippet: registration-lazy-provider
    final class Thumbnailer {}
    final class Upload {}
    final class Gallery {
        let thumbnailer: Lazy<Thumbnailer>  // built on first `.value`, then kept
        let makeUpload: Provider<Upload>  // resolved again on every call
        init(thumbnailer: Lazy<Thumbnailer>, makeUpload: Provider<Upload>) {
            (self.thumbnailer, self.makeUpload) = (thumbnailer, makeUpload)
        }
    }
    // end-snippet

    @Test func lazyKeepsItsValueAndProviderResolvesOnEveryCall() {
        // snippet: registration-lazy-provider-resolve
        let container = DIContainer()
        container.register(Gallery.init(thumbnailer:makeUpload:))
        container.register(Thumbnailer.init)
        container.register(Upload.init)
        let gallery: Gallery = container.resolve()
        #expect(gallery.thumbnailer.value === gallery.thumbnailer.value)
        #expect(gallery.makeUpload() !== gallery.makeUpload())  // Upload is a prototype
        // end-snippet

        // snippet: registration-lazy-clear
        let first = gallery.thumbnailer.value
        gallery.thumbnailer.dropInstance()  // forgets the value: the next access resolves again
        #expect(gallery.thumbnailer.value !== first)
        // end-snippet
        let copy = gallery.thumbnailer
        let second = copy.value
        gallery.thumbnailer.dropInstance()
        #expect(copy.value !== second, "a copy shares the value, and forgets it with the original")

        let missing = DIContainer()
        missing.register(Gallery.init(thumbnailer:makeUpload:))
        missing.register(Upload.init)
        let error = #expect(throws: DIError.self) { try missing.resolveOrThrow(Gallery.self) }
        #expect(error?.code == "not-registered", "a Lazy of nothing fails when its owner is built")
    }

    // snippet: registration-arguments
    final class OrderScreen {
        let orderID: Int
        let api: APIClient
        init(orderID: Int, api: APIClient) { (self.orderID, self.api) = (orderID, api) }
    }

    func registerOrders(in container: DIContainer) {
        container.register(HTTPClient.init)
        container.register { TokenStore(token: "live") }
        container.register { (http: HTTPClient, tokens: TokenStore) in
            APIClient(http: http, tokens: tokens, retries: 3)
        }
        container.register { (id: DIArgument<Int>, api: APIClient) in
            OrderScreen(orderID: id.value, api: api)
        }
    }
    // end-snippet

    @Test func runtimeArgumentsArePassedByPosition() throws {
        // snippet: registration-arguments-resolve
        let container = DIContainer()
        registerOrders(in: container)
        let screen: OrderScreen = container.resolve(arguments: 42)
        #expect(screen.orderID == 42)
        let other = try container.resolveOrThrow(OrderScreen.self, arguments: 7)
        #expect(other.orderID == 7)
        // end-snippet
    }

    // snippet: registration-arguments-errors-types
    final class OrderList {
        init(screen: OrderScreen) {}  // OrderScreen needs an order ID nobody here can pass
    }
    final class Receipt: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }
    // end-snippet

    // snippet: registration-arguments-choose-types
    final class Invoice: Sendable {
        let number: Int?
        init(number: Int?) { self.number = number }
    }
    // end-snippet

    @Test func argumentsChooseAmongRegistrationsOfOneType() {
        // snippet: registration-arguments-choose
        let container = DIContainer()
        container.register { Invoice(number: nil) }  // a draft, for requests that pass nothing
        container.register { (number: DIArgument<Int>) in Invoice(number: number.value) }
        #expect(container.resolve(Invoice.self).number == nil)
        #expect(container.resolve(Invoice.self, arguments: 42).number == 42)
        // end-snippet
    }

    // snippet: registration-arguments-provider-types
    final class OrderHistory {
        let makeScreen: Provider<OrderScreen>  // OrderScreen takes the order ID as a DIArgument
        init(makeScreen: Provider<OrderScreen>) { self.makeScreen = makeScreen }
    }
    // end-snippet

    @Test func aProviderPassesRuntimeArguments() throws {
        // snippet: registration-arguments-provider
        let container = DIContainer()
        registerOrders(in: container)
        container.register(OrderHistory.init(makeScreen:))
        let history: OrderHistory = container.resolve()
        #expect(try history.makeScreen.get(arguments: 42).orderID == 42)
        #expect(history.makeScreen(arguments: 7).orderID == 7)
        // end-snippet
    }

    // snippet: registration-argument-at-types
    struct ScreenInput {  // what a Swinject app passed with `resolve(AccountModel.self, argument: input)`
        let userID: Int
    }
    final class AccountModel {
        let api: APIClient
        let input: ScreenInput
        init(api: APIClient, input: ScreenInput) { (self.api, self.input) = (api, input) }
    }
    // end-snippet

    @Test func anInitializerParameterIsARuntimeArgumentWhereTheRegistrationSaysSo() {
        // snippet: registration-argument-at
        let container = DIContainer()
        registerOrders(in: container)
        container.register(AccountModel.init(api:input:)).argument(at: 1)  // `input` is passed at resolve
        let model: AccountModel = container.resolve(arguments: ScreenInput(userID: 7))
        #expect(model.input.userID == 7)
        // end-snippet
    }

    @Test func runtimeArgumentsFailInThreeWays() {
        // snippet: registration-arguments-errors
        let container = DIContainer()
        registerOrders(in: container)

        // Missing or mistyped arguments.
        let mistyped = #expect(throws: DIError.self) { try container.resolveOrThrow(OrderScreen.self, arguments: "42") }
        #expect(mistyped?.code == "argument-mismatch")

        // A dependency on it, where nobody could pass the order ID.
        container.register(OrderList.init(screen:))
        let unavailable = #expect(throws: DIError.self) { try container.resolveOrThrow(OrderList.self) }
        #expect(unavailable?.code == "arguments-unavailable")

        // A caching lifetime, which would hand receipt 7 the instance built for receipt 42.
        let cached = DIContainer()
        cached.register { (number: DIArgument<Int>) in Receipt(number: number.value) }
            .lifetime(.perContainer(.strong))
        let refused = #expect(throws: DIError.self) { try cached.resolveOrThrow(Receipt.self, arguments: 42) }
        #expect(refused?.code == "cached-arguments")
        // end-snippet
    }

    // snippet: registration-injection-types
    protocol Tracking: AnyObject {}
    final class ConsoleTracker: Tracking {}
    final class ProfileScreen {
        var tracker: (any Tracking)?  // an Optional property: nil when nothing provides Tracking
        init() {}
    }
    // end-snippet

    @Test func propertyInjectionRunsAfterTheInitializer() {
        // snippet: registration-injection
        let container = DIContainer()
        container.register(ProfileScreen.init).injection(\.tracker)
        container.register(ConsoleTracker.init).as((any Tracking).self)
        #expect(container.resolve(ProfileScreen.self).tracker is ConsoleTracker)
        // end-snippet
    }

    @Test func closureInjectionSetsWhatAKeyPathCannot() {
        // snippet: registration-injection-closure
        let container = DIContainer()
        container.register(ProfileScreen.init)
            .injection { (screen: ProfileScreen, tracker: ConsoleTracker) in screen.tracker = tracker }
        container.register(ConsoleTracker.init)
        #expect(container.resolve(ProfileScreen.self).tracker is ConsoleTracker)
        // end-snippet
    }

    // snippet: registration-completion-types
    final class AudioSession: Sendable {}
    final class Analytics {}
    final class Player {
        private(set) var isReady = false
        func attach(_ audio: AudioSession, reporting analytics: Analytics) { isReady = true }
    }
    // end-snippet

    @Test func methodInjectionAndCompletionSteps() {
        // snippet: registration-completion
        let container = DIContainer()
        container.register(AudioSession.init).lifetime(.perContainer(.strong))
        container.register(Analytics.init)
        container.register(Player.init)
            // Several values for one method call:
            .injection { (player: Player, audio: AudioSession, analytics: Analytics) in
                player.attach(audio, reporting: analytics)
            }
            // Runs once the player is built and every injection is done:
            .completion { (player: Player) in precondition(player.isReady) }
        #expect(container.resolve(Player.self).isReady)
        // end-snippet
    }

    // snippet: registration-cycle-types
    final class LoginView {
        var presenter: LoginPresenter?
    }
    final class LoginPresenter {
        weak var view: LoginView?  // the view owns the presenter, not the other way round
    }
    // end-snippet

    @Test func deferredInjectionClosesACycle() {
        // snippet: registration-cycle
        let container = DIContainer()
        container.register(LoginView.init)
            .lifetime(.objectGraph)
            .injection(\.presenter)
        container.register(LoginPresenter.init)
            .lifetime(.objectGraph)
            .injection(cycle: true, \.view)  // set once the whole graph exists
        let view: LoginView = container.resolve()
        #expect(view.presenter?.view === view)
        // end-snippet
    }

    @Test func aCycleWithoutADeferredEdgeIsAnError() {
        // snippet: registration-cycle-error
        let container = DIContainer()
        container.register(LoginView.init).lifetime(.objectGraph).injection(\.presenter)
        container.register(LoginPresenter.init).lifetime(.objectGraph).injection(\.view)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(LoginView.self) }
        #expect(error?.code == "dependency-cycle")
        // end-snippet
    }

    // snippet: registration-parent-types
    final class SyncService: Sendable {
        let tokens: TokenStore
        init(tokens: TokenStore) { self.tokens = tokens }
    }
    // end-snippet

    @Test func childOverridesAndParentComponentsSeeTheOverride() {
        // snippet: registration-parent-child
        let app = DIContainer()
        app.register { TokenStore(token: "live") }
        app.register(SyncService.init(tokens:))

        let tests = DIContainer(parent: app)
        tests.register { TokenStore(token: "test") }  // overrides the parent's, no ambiguity

        #expect(tests.resolve(SyncService.self).tokens.token == "test")  // the parent's SyncService sees it
        #expect(app.resolve(SyncService.self).tokens.token == "live")  // the parent is unchanged
        // end-snippet
    }

    @Test func perContainerThroughAChildIsOnePerResolvingContainer() {
        // snippet: registration-parent-per-container
        let app = DIContainer()
        app.register(HTTPClient.init).lifetime(.perContainer(.strong))
        let feature = DIContainer(parent: app)
        #expect(feature.resolve(HTTPClient.self) === feature.resolve(HTTPClient.self))
        #expect(feature.resolve(HTTPClient.self) !== app.resolve(HTTPClient.self))  // one per resolving container
        // end-snippet
    }

    // snippet: registration-siblings-types
    final class Session: Sendable {}
    final class AccountScreen {
        init(session: Session) {}
    }
    // end-snippet

    @Test func siblingContainersShareThroughAParentOrAForward() throws {
        // snippet: registration-siblings
        // What several containers need goes to a parent they share.
        let app = DIContainer()
        app.register(HTTPClient.init).lifetime(.perContainer(.strong))
        let accounts = DIContainer(parent: app)
        accounts.register(Session.init).lifetime(.perContainer(.strong))
        // Where one container must use another's component, forward to it explicitly.
        let profile = DIContainer(parent: app)
        profile.register { [unowned accounts] () throws -> Session in try accounts.resolveOrThrow(Session.self) }
        profile.register(AccountScreen.init(session:))
        _ = try profile.resolveOrThrow(AccountScreen.self)
        #expect(try profile.resolveOrThrow(Session.self) === accounts.resolveOrThrow(Session.self))
        // end-snippet
    }

    // snippet: registration-modules-types
    final class URLSessionClient {}
    final class ArticleStore {
        init(client: URLSessionClient) {}
    }

    enum NetworkModule: DIModule {
        static let defaultLifetime: DILifeTime? = .objectGraph  // a shared default would need proof per line
        static func register(in container: DIContainer) {
            container.register(URLSessionClient.init)
        }
    }

    enum ArticlesModule: DIModule {
        static let imports: [any DIModule.Type] = [NetworkModule.self]
        static func register(in container: DIContainer) {
            container.register(ArticleStore.init(client:)).lifetime(.objectGraph)
        }
    }
    // end-snippet

    @Test func modulesInstallOnceWithTheirImports() {
        // snippet: registration-modules
        let container = DIContainer()
        container.install(ArticlesModule.self)  // NetworkModule first
        container.install(NetworkModule.self)  // already there: nothing happens
        let client = container.registrySnapshot().components[0]
        #expect(client.lifetime == .objectGraph)  // NetworkModule's default
        #expect(client.info.modulePath == ["ArticlesModule", "NetworkModule"])
        // errors and findings show it as "ArticlesModule > NetworkModule > RegistrationSnippets.swift:..."
        // end-snippet
        #expect(container.registrySnapshot().components.count == 2)
    }

    // snippet: registration-root-types
    final class AppCoordinator {
        init(sync: SyncService) {}
    }
    // end-snippet

    @Test func rootAndSuppressOnlyConcernValidation() {
        // snippet: registration-root-suppress
        let container = DIContainer()
        container.register(AppCoordinator.init(sync:)).root()  // resolved by the app itself
        container.register(SyncService.init(tokens:)).lifetime(.single)
            .suppress("long-lived-holder", reason: "TokenStore is immutable; one per process is fine")
        container.register { TokenStore(token: "live") }
        // end-snippet
        #expect(container.registrySnapshot().components.map(\.isRoot) == [true, false, false])
        // The note it silences is there, and silenced: the report keeps it with its reason.
        let report = container.validationReport()
        #expect(report.findings.isEmpty)
        #expect(report.suppressed.map(\.finding.code) == ["long-lived-holder"])
    }
}
