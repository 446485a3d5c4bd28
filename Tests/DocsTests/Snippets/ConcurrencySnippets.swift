import Testing
import Tether
import TetherTestSupport
import TetherValidation

/// The examples of Docs/*/Concurrency.md.
@Suite("Docs: Concurrency")
struct ConcurrencySnippets {
    // snippet: concurrency-types
    final class Catalog: Sendable {
        static let loads = Counter()
        init() { Self.loads.increment() }
    }
    // end-snippet

    @Test func manyTasksAskingFirstGetOneInstance() async {
        // snippet: concurrency-exactly-once
        let container = DIContainer()
        container.register(Catalog.init).lifetime(.perContainer(.strong))

        let instances = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(container.resolve(Catalog.self)) }
            }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        #expect(instances.count == 1)
        #expect(Catalog.loads.count == 1)  // the factory ran once
        // end-snippet
    }

    final class Feature {}
    final class Inbox: Sendable {}

    @Test func registeringAndResolvingMayHappenAtOnce() async {
        // snippet: concurrency-register-resolve
        let container = DIContainer()
        container.register(Feature.init)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { container.register(Inbox.init).lifetime(.perRun(.strong)) }
            group.addTask { _ = container.resolve(Feature.self) }
        }
        #expect(container.resolve(Inbox.self) === container.resolve(Inbox.self))
        // end-snippet
        container.dropProcessWideInstances()
    }

    // snippet: concurrency-nested-types
    final class Session: Sendable {}
    final class Feed: Sendable {
        let session: Session
        init(session: Session) { self.session = session }
    }
    // end-snippet

    @Test func aFactoryMayResolveFromTheContainer() {
        // snippet: concurrency-nested
        let container = DIContainer()
        container.register(Session.init).lifetime(.perContainer(.strong))
        // `unowned`: the container keeps this closure, so a strong capture would keep the container forever.
        container.register { [unowned container] in Feed(session: container.resolve()) }
        #expect(container.resolve(Feed.self).session === container.resolve(Session.self))
        // end-snippet
    }

    final class Loop: Sendable {}

    @Test func aNestedResolveBackIntoTheSameInstanceIsRefused() {
        // snippet: concurrency-reentry
        let container = DIContainer()
        container.register { [unowned container] () throws -> Loop in
            try container.resolveOrThrow(Loop.self)  // asks for itself while being built
        }.lifetime(.perContainer(.strong))
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Loop.self) }
        #expect(error?.code == "dependency-cycle")  // an error, not a deadlock
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "concurrency-reentry")
    }

    // MARK: Main-actor components

    // snippet: concurrency-main-actor-types
    final class Store: Sendable {}
    @MainActor final class SettingsScreen {
        let store: Store
        init(store: Store) { self.store = store }
    }
    // end-snippet

    @Test @MainActor func aMainActorInitializerIsRegisteredAsWrittenAndBuiltOnTheMainActor() throws {
        // snippet: concurrency-main-actor
        let container = DIContainer()
        container.register(Store.init).lifetime(.perContainer(.strong))
        container.register(SettingsScreen.init)  // the @MainActor initializer, as it is written

        let screen: SettingsScreen = try container.resolveOrThrow()  // on the main actor: built here, no await
        #expect(screen.store === (try container.resolveOrThrow(Store.self)))
        // end-snippet
    }

    @Test @MainActor func aMainActorClosureIsRegisteredAsWritten() throws {
        let container = DIContainer()
        container.register(Store.init)
        // snippet: concurrency-main-actor-closure
        container.register { @MainActor (store: Store) in SettingsScreen(store: store) }
        // end-snippet
        let kinds = DIRegistrySnapshot(of: container).components.map(\.factoryKind)
        #expect(kinds == [.synchronous, .mainActor])
        _ = try container.resolveOrThrow(SettingsScreen.self)
    }

    @Test func aMainActorComponentResolvedElsewhereThrowsOrIsAwaited() async throws {
        // snippet: concurrency-main-actor-elsewhere
        let container = DIContainer()
        container.register(Store.init).lifetime(.perContainer(.strong))
        container.register(SettingsScreen.init)

        let error = await Task.detached {  // another thread, as a background job would be
            #expect(throws: DIError.self) { try container.resolveOrThrow(SettingsScreen.self) }
        }.value
        #expect(error?.code == "main-actor-isolated")  // an error, not a trap; nothing was built

        let screen = try await Task.detached {
            try await container.resolveAsync(SettingsScreen.self)  // hops to the main actor to build it
        }.value
        #expect(screen.store === (try container.resolveOrThrow(Store.self)))
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "concurrency-main-actor-elsewhere")
    }

    @Test func aMainActorInstanceThatExistsIsHandedOutOnAnyThread() async throws {
        // snippet: concurrency-main-actor-made
        let container = DIContainer()
        container.register(Store.init)
        container.register(SettingsScreen.init).lifetime(.perContainer(.strong))

        let made = try await container.resolveAsync(SettingsScreen.self)  // built on the main actor
        let reused = try await Task.detached { try container.resolveOrThrow(SettingsScreen.self) }.value
        #expect(reused === made)  // no main actor needed: nothing is built
        // end-snippet
    }

    // snippet: concurrency-main-actor-injection-types
    @MainActor final class ProfileScreen {
        var store: Store?
        var isReady = false
        init() {}
    }
    // end-snippet

    @Test @MainActor func mainActorPropertiesAreSetByClosuresOnTheMainActor() throws {
        // snippet: concurrency-main-actor-injection
        let container = DIContainer()
        container.register(Store.init).lifetime(.perContainer(.strong))
        container.register(ProfileScreen.init)
            .injection(on: MainActor.self) { (screen: ProfileScreen, store: Store) in screen.store = store }
            .completion(on: MainActor.self) { (screen: ProfileScreen) in screen.isReady = screen.store != nil }

        let screen: ProfileScreen = try container.resolveOrThrow()
        #expect(screen.store === (try container.resolveOrThrow(Store.self)))
        #expect(screen.isReady)
        // end-snippet
    }

    @Test func theSnapshotTellsEachFactoryKind() {
        // snippet: concurrency-factory-kind
        let container = DIContainer()
        container.register(Store.init)
        container.register(SettingsScreen.init)
        container.register { () async in Store() }.as(Store.self, name: "remote")
        let kinds = DIRegistrySnapshot(of: container).components.map(\.factoryKind)
        #expect(kinds == [.synchronous, .mainActor, .asynchronous])
        #expect(kinds.map(\.description) == ["synchronous", "@MainActor", "async"])
        // end-snippet
    }
}

extension ConcurrencySnippets {
    /// The async factories of the page, in a suite of their own so that their `Session` and `Feed` take
    /// a database, unlike the page's first ones.
    @Suite("Docs: Concurrency, async factories")
    struct AsyncFactories {
        // snippet: concurrency-async-types
        final class Database: Sendable {
            init() async { await Task.yield() }  // opens its file, say
        }
        final class Session: Sendable {
            let db: Database
            init(db: Database) async throws { self.db = db }
        }
        final class Feed: Sendable {
            let session: Session
            init(session: Session) { self.session = session }
        }
        // end-snippet

        @Test func resolveAsyncMakesTheAsyncDependenciesFirst() async throws {
            // snippet: concurrency-async
            let container = DIContainer()
            container.register(Database.init).lifetime(.perContainer(.strong))  // an async initializer
            container.register { (db: Database) async throws in try await Session(db: db) }
                .lifetime(.perContainer(.strong))
            container.register(Feed.init)  // synchronous, needs the async Session

            let feed = try await container.resolveAsync(Feed.self)  // Database, then Session, then Feed
            let again: Feed = try container.resolveOrThrow()  // no await: reuses the Session made above
            #expect(again !== feed)
            #expect(again.session === feed.session)
            // end-snippet
        }

        @Test func aSynchronousResolveWithoutTheAsyncInstanceThrows() {
            // snippet: concurrency-async-sync-resolve
            let container = DIContainer()
            container.register(Database.init).lifetime(.perContainer(.strong))
            container.register(Session.init(db:)).lifetime(.perContainer(.strong))
            container.register(Feed.init)

            let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Feed.self) }
            #expect(error?.code == "async-factory")  // nothing awaited Database or Session yet
            // end-snippet
            DocOutput.check(error?.description ?? "", named: "concurrency-async-sync-resolve")
        }

        @Test func concurrentAwaitingResolvesRunAnAsyncFactoryOnce() async throws {
            // snippet: concurrency-async-once
            let opened = Counter()
            let container = DIContainer()
            container.register { () async in
                opened.increment()
                return await Database()
            }.lifetime(.perContainer(.strong))
            container.register(Session.init(db:)).lifetime(.perContainer(.strong))
            container.register(Feed.init)

            let sessions = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<8 {
                    group.addTask { ObjectIdentifier(try await container.resolveAsync(Feed.self).session) }
                }
                return try await group.reduce(into: Set()) { $0.insert($1) }
            }
            #expect(sessions.count == 1)
            #expect(opened.count == 1)  // the async factory ran once
            // end-snippet
        }

        @Test func anAsyncPrototypeIsResolvedItselfButNotAsADependency() async throws {
            // snippet: concurrency-async-prototype
            let container = DIContainer()
            container.register(Database.init).lifetime(.perContainer(.strong))
            container.register(Session.init(db:))  // prototype: a new one each time, kept nowhere
            container.register(Feed.init)

            let first = try await container.resolveAsync(Session.self)
            let second = try await container.resolveAsync(Session.self)
            #expect(first !== second)
            #expect(first.db === second.db)

            let error = await #expect(throws: DIError.self) { try await container.resolveAsync(Feed.self) }
            #expect(error?.code == "async-factory")  // Session must be built inside Feed's resolve: it cannot be
            // end-snippet
            DocOutput.check(error?.description ?? "", named: "concurrency-async-prototype")
        }

        // snippet: concurrency-global-actor-types
        @globalActor actor DatabaseActor {
            static let shared = DatabaseActor()
        }
        @DatabaseActor final class Journal {
            init() async {}
        }
        @DatabaseActor final class SearchIndex {
            init() {}
        }
        // end-snippet

        @Test func componentsOfOtherGlobalActorsAreAsyncFactories() async throws {
            // snippet: concurrency-global-actor
            let container = DIContainer()
            container.register(Journal.init)  // an async initializer: runs on DatabaseActor
            container.register { @DatabaseActor () async in SearchIndex() }  // written async, so it can hop there

            let journal = try await container.resolveAsync(Journal.self)
            let index = try await container.resolveAsync(SearchIndex.self)
            // end-snippet
            _ = (journal, index)
        }

        // MARK: Starting up

        @Test func initializeSingletonObjectsAsyncBuildsEachSingleWhereItMustBeBuilt() async throws {
            // snippet: concurrency-startup
            let container = DIContainer()
            container.register(Store.init).lifetime(.single)
            container.register(SettingsScreen.init).lifetime(.single)  // built on the main actor
            container.register(Database.init).lifetime(.single)  // awaited
            container.register(Session.init(db:)).lifetime(.single)  // awaited, after Database
            container.register(Feed.init)

            try await container.initializeSingletonObjectsAsync()

            // From here, synchronous resolves on any thread reuse them.
            let feed = try await Task.detached { try container.resolveOrThrow(Feed.self) }.value
            let screen = try await Task.detached { try container.resolveOrThrow(SettingsScreen.self) }.value
            #expect(feed.session === (try container.resolveOrThrow(Session.self)))
            #expect(screen.store === (try container.resolveOrThrow(Store.self)))
            // end-snippet
        }

        @Test func initializeSingletonObjectsOffTheMainThreadNamesTheMainActorSingle() async {
            // snippet: concurrency-startup-off-main
            let container = DIContainer()
            container.register(Store.init).lifetime(.single)
            container.register(SettingsScreen.init).lifetime(.single)

            let error = await Task.detached {
                #expect(throws: DIError.self) { try container.initializeSingletonObjectsOrThrow() }
            }.value
            #expect(error?.code == "main-actor-isolated")
            // end-snippet
            DocOutput.check(error?.description ?? "", named: "concurrency-startup-off-main")
        }

        // MARK: What validation checks

        @Test func validationReportsAnAsyncDependencyByWhetherItKeepsItsInstance() {
            // snippet: concurrency-validation-async
            let container = DIContainer()
            container.register(Database.init).lifetime(.perContainer(.strong))
            container.register(Session.init(db:))  // prototype: nothing can make it ahead of Feed
            container.register(Feed.init)
            let report = container.validationReport()
            #expect(report.findings.map(\.code) == [.asyncFactory])
            #expect(report.findings.map(\.severity) == [.error])

            container.register(Session.init(db:)).lifetime(.perContainer(.strong)).replacing()
            let kept = container.validationReport()
            #expect(kept.findings.map(\.code) == [.asyncFactory])
            #expect(kept.findings.map(\.severity) == [.note])  // Feed resolves synchronously once Session exists
            // end-snippet
            DocOutput.check(report.description, named: "concurrency-validation-async")
            DocOutput.check(kept.description, named: "concurrency-validation-async-kept")
        }

        // snippet: concurrency-validation-main-actor-types
        final class AppCoordinator: Sendable {
            let settings: SettingsScreen
            init(settings: SettingsScreen) { self.settings = settings }
        }
        final class SettingsRoute: Sendable {
            init(settings: SettingsScreen) {}
        }
        // end-snippet

        @Test func validationReportsNonIsolatedComponentsThatNeedAMainActorOne() {
            // snippet: concurrency-validation-main-actor
            let container = DIContainer()
            container.register(Store.init).lifetime(.perContainer(.strong))
            container.register(SettingsScreen.init).lifetime(.perContainer(.strong))
            container.register(AppCoordinator.init).lifetime(.perContainer(.strong))  // keeps it beyond the main actor
            container.register(SettingsRoute.init)  // builds one now and then: only there, or with await
            let report = container.validationReport()
            #expect(report.findings.map(\.code) == [.mainActorIsolated, .mainActorIsolated])
            #expect(report.findings.map(\.severity) == [.warning, .note])
            // end-snippet
            DocOutput.check(report.description, named: "concurrency-validation-main-actor")
        }
    }
}

extension ConcurrencySnippets {
    /// What the container shares beyond one resolve, and why it must be `Sendable`: at the end of the file, so that
    /// the sites in the page's recorded outputs above do not move.
    @Suite("Docs: Concurrency, what the container shares")
    struct Sharing {
        // snippet: concurrency-sharing-types
        final class Recorder {  // not Sendable: its state is a `var`
            var events: [String] = []
        }
        final class Tally: Sendable {  // Sendable: its state behind a lock
            let count = Counter()
        }
        enum RecordingModule: DIModule {
            static let defaultLifetime: DILifeTime? = .perContainer(.strong)
            static func register(in container: DIContainer) {
                container.register(Tally.init)  // Sendable: the compiler proved it, and the default shares it
                container.register(Recorder.init)  // shared by the module's default, which nothing proved sound
            }
        }
        // end-snippet

        @Test func aSharedLifetimeCompilesForASendableComponentOnly() {
            // snippet: concurrency-sharing
            let container = DIContainer()
            container.register(Tally.init).lifetime(.perContainer(.strong))  // Sendable: one for every thread
            container.register(Recorder.init).lifetime(.objectGraph)  // any type: one per resolve, never shared
            // `.lifetime(.perContainer(.strong))` on Recorder does not compile:
            // "type 'Recorder' does not conform to the 'Sendable' protocol"
            #expect(container.resolve(Tally.self) === container.resolve(Tally.self))
            #expect(container.resolve(Recorder.self) !== container.resolve(Recorder.self))
            // end-snippet
        }

        @Test @MainActor func aMainActorObjectIsSharedOnTheMainActorOnly() async throws {
            // snippet: concurrency-sharing-main-actor
            let container = DIContainer()
            container.register { @MainActor in Recorder() }.lifetime(.perContainer(.strong), on: MainActor.self)
            let recorder = try container.resolveOrThrow(Recorder.self)  // on the main actor: the shared one
            #expect(try container.resolveOrThrow(Recorder.self) === recorder)
            #expect(try await container.resolveAsync(Recorder.self) === recorder)  // awaiting here too

            let error = await Task.detached {  // another thread
                #expect(throws: DIError.self) { try container.resolveOrThrow(Recorder.self) }
            }.value
            #expect(error?.code == "main-actor-isolated")  // it exists, and still stays on the main actor
            // end-snippet
        }

        @Test func aSharedLifetimeFromADefaultSharesASendableTypeAndRefusesAnyOther() throws {
            // snippet: concurrency-sharing-default
            let container = DIContainer()
            container.install(RecordingModule.self)
            let report = container.validationReport()
            #expect(report.findings.map(\.code) == [.sharedNotSendable])  // an error, at Recorder's line

            let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Recorder.self) }
            #expect(error?.code == "shared-not-sendable")  // refused, not a new Recorder per resolve
            #expect(try container.resolveOrThrow(Tally.self) === container.resolveOrThrow(Tally.self))  // one Tally
            // end-snippet
        }
    }
}

// snippet: concurrency-generic-helper-types
final class ShopAPI: Sendable {}
protocol OrderScreenModel: AnyObject {
    init(api: ShopAPI, orderID: Int)
}
final class OrderDetailsModel: OrderScreenModel {  // not Sendable: only its type is captured
    let orderID: Int
    init(api: ShopAPI, orderID: Int) { self.orderID = orderID }
}
final class OrderReceiptModel: OrderScreenModel {
    init(api: ShopAPI, orderID: Int) {}
}

extension DIContainer {
    /// Registers a screen model that is given the order it shows at resolve.
    func registerOrderScreen<Model: OrderScreenModel & SendableMetatype>(_: Model.Type) {
        register { (api: ShopAPI, orderID: DIArgument<Int>) in Model(api: api, orderID: orderID.value) }
    }
}
// end-snippet

extension ConcurrencySnippets {
    @Test func aGenericHelperRegistersEachModelOnceItsMetatypeIsSendable() {
        // snippet: concurrency-generic-helper
        let container = DIContainer()
        container.register(ShopAPI.init).lifetime(.perContainer(.strong))
        container.registerOrderScreen(OrderDetailsModel.self)
        container.registerOrderScreen(OrderReceiptModel.self)
        #expect(container.resolve(OrderDetailsModel.self, arguments: 42).orderID == 42)
        // end-snippet
    }
}
