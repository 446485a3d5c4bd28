import Testing
import Tether
import TetherTestSupport

@Suite("Resetting a container's instances, replacing and removing registrations")
struct ResetAndReplaceTests {
    final class Cache: Sendable {
        let released: Counter
        init(released: Counter) { self.released = released }
        deinit { released.increment() }
    }

    protocol TripService: AnyObject, Sendable {}
    final class LiveTrips: TripService {}
    final class StaticTrips: TripService {}

    @Test func aSendableReplacementWithoutALifetimeKeepsTheSharedOneAndSharesIt() throws {
        let container = DIContainer()
        container.register(LiveTrips.init).as((any TripService).self).lifetime(.perRun(.strong))
        // A launch-time override as a Factory app writes it: no lifetime on the line, a Sendable type.
        container.register(StaticTrips.init).as((any TripService).self).replacing()
        #expect(container.registrySnapshot().components.map(\.lifetime) == [.perRun(.strong)])
        #expect(container.registrySnapshot().components.map(\.sharing) == [.sendable])
        let first = try container.resolveOrThrow((any TripService).self)
        #expect(first is StaticTrips)
        #expect(first === (try container.resolveOrThrow((any TripService).self)))
    }

    protocol Tracker: AnyObject {}
    final class LiveTracker: Tracker, Sendable {}
    final class StubTracker: Tracker {  // not Sendable
        var events: [String] = []
    }

    @Test func aReplacementNotProvenSendableKeepsTheSharedLifetimeAndAsksForItOnItsLine() throws {
        let container = DIContainer()
        container.register(LiveTracker.init).as((any Tracker).self).lifetime(.perRun(.strong))
        container.register(StubTracker.init).as((any Tracker).self).replacing()
        #expect(container.registrySnapshot().components.map(\.lifetime) == [.perRun(.strong)])
        // Never a new instance per resolve: the error says where to write the lifetime.
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow((any Tracker).self) }
        #expect(error.code == "shared-not-sendable")
        #expect(error.help.contains("`.lifetime(.perRun(.strong))`"), "\(error)")
    }

    @Test func aReplacementThatWritesTheLifetimeSharesOneInstance() throws {
        let container = DIContainer()
        container.register(LiveTrips.init).as((any TripService).self).lifetime(.perContainer(.strong))
        container.register(StaticTrips.init).as((any TripService).self).replacing().lifetime(.perContainer(.strong))
        let first = try container.resolveOrThrow((any TripService).self)
        #expect(first is StaticTrips)
        #expect(first === (try container.resolveOrThrow((any TripService).self)))
    }

    @Test func aReplacementKeepsAGraphLifetimeAndItsOwnWrittenOne() throws {
        let container = DIContainer()
        container.register(LiveTrips.init).as((any TripService).self).lifetime(.objectGraph)
        container.register(StaticTrips.init).as((any TripService).self).replacing()
        #expect(container.registrySnapshot().components.map(\.lifetime) == [.objectGraph])
        container.register(LiveTrips.init).as((any TripService).self).replacing().lifetime(.prototype)
        #expect(container.registrySnapshot().components.map(\.lifetime) == [.prototype], "written on its line")
    }

    @Test func resettingPerContainerInstancesReleasesThemAtOnceAndBuildsAnew() throws {
        let released = Counter()
        let container = DIContainer()
        container.register { Cache(released: released) }.lifetime(.perContainer(.strong))
        let child = DIContainer(parent: container)
        let childs = try child.resolveOrThrow(Cache.self)
        weak var first: Cache?
        do {
            let cache = try container.resolveOrThrow(Cache.self)
            #expect(cache === (try container.resolveOrThrow(Cache.self)))
            first = cache
        }
        #expect(first != nil, "the container holds it")
        container.dropInstances(of: .perContainer(.strong), .perContainer(.weak))
        #expect(first == nil, "released by the reset, not kept until the container goes")
        #expect(released.count == 1)
        let second = try container.resolveOrThrow(Cache.self)
        #expect(second === (try container.resolveOrThrow(Cache.self)))
        #expect(try child.resolveOrThrow(Cache.self) === childs, "a child keeps its own")
    }

    protocol API: AnyObject { var name: String { get } }
    final class LiveAPI: API, Sendable { let name = "live" }
    final class StubAPI: API { let name = "stub" }

    @Test func replacingRemovesTheEarlierProvidersOfItsTypesAndSaysSo() throws {
        let container = DIContainer()
        let liveLine = #line + 1
        container.register(LiveAPI.init).as((any API).self).lifetime(.perContainer(.strong))
        #expect(try container.resolveOrThrow((any API).self).name == "live")
        // Replacing after the first resolve: the next one sees the stub, without ambiguity.
        container.register(StubAPI.init).replacing().as((any API).self).lifetime(.prototype)
        #expect(try container.resolveOrThrow((any API).self).name == "stub")
        #expect(try container.resolveOrThrow([any API].self).map(\.name) == ["stub"])
        #expect(try container.resolveOrThrow(LiveAPI?.self) == nil, "the replaced registration is gone whole")
        let snapshot = container.registrySnapshot()
        #expect(snapshot.components.map(\.typeName) == ["StubAPI"])
        #expect(snapshot.components[0].replaced.map(\.line) == [liveLine])
    }

    @Test func replacingLeavesOtherTypesAndOtherNamesAlone() throws {
        let container = DIContainer()
        container.register(LiveAPI.init).as((any API).self, name: "primary")
        container.register(LiveAPI.init).as((any API).self, name: "backup")
        container.register(StubAPI.init).as((any API).self, name: "primary").replacing()
        #expect(try container.resolveOrThrow((any API).self, name: "primary").name == "stub")
        #expect(try container.resolveOrThrow((any API).self, name: "backup").name == "live")
    }

    @Test func unregisterRemovesAChildsOverrideAndTheParentsShowsThrough() throws {
        let parent = DIContainer()
        parent.register(LiveAPI.init).as((any API).self)
        let child = DIContainer(parent: parent)
        child.register(StubAPI.init).as((any API).self)
        #expect(try child.resolveOrThrow((any API).self).name == "stub")
        #expect(child.unregister((any API).self) == 1)
        #expect(child.unregister((any API).self) == 0)
        #expect(try child.resolveOrThrow((any API).self).name == "live")
        #expect(child.registrySnapshot().components.map(\.typeName) == ["LiveAPI"])
    }
}

extension ResetAndReplaceTests {
    @Test func removingARegistrationReleasesItsPerContainerInstanceAndItsBuilderCannotBringItBack() throws {
        let released = Counter()
        let container = DIContainer()
        let cache = container.register { Cache(released: released) }.lifetime(.perContainer(.strong))
        _ = try container.resolveOrThrow(Cache.self)
        #expect(container.unregister(Cache.self) == 1)
        #expect(released.count == 1, "its cell went with it")
        cache.as(AnyObject.self)  // a builder of the removed registration: changes nothing
        #expect(try container.resolveOrThrow(AnyObject?.self) == nil)
        #expect(container.registrySnapshot().components.isEmpty)
    }
}
