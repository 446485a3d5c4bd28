import Testing
import TetherTestSupport
import Tether

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
    final class Inbox {}

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
        container.resetPerRunInstances()
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

    // snippet: concurrency-main-actor-types
    @MainActor final class SettingsScreen {
        init() {}
    }
    // end-snippet

    @Test @MainActor func mainActorTypesAreBuiltOnTheMainActor() {
        // snippet: concurrency-main-actor
        let container = DIContainer()
        // Factories are nonisolated; this one asserts it runs on the main actor, and traps elsewhere.
        container.register { MainActor.assumeIsolated { SettingsScreen() } }
        let screen: SettingsScreen = container.resolve()  // here, on the main actor
        // end-snippet
        _ = screen
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
}
