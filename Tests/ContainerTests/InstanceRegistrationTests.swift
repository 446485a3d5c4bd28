import Testing
import Tether
import TetherTestSupport

/// A service as apps write them: a class that is not `Sendable`.
final class LocationTracker {
    var lastPlace = "home"
}

protocol Tracking: AnyObject {
    var lastPlace: String { get }
}
extension LocationTracker: Tracking {}

@MainActor
final class ScreenRouter {
    var screens: [String] = []
}

@Suite("registerInstance: an object that already exists")
struct InstanceRegistrationTests {
    @Test func aNonSendableInstanceIsHandedOutItselfEveryTime() throws {
        let container = DIContainer()
        let made = container.registerTracker()
        let first = try container.resolveOrThrow(LocationTracker.self)
        let second = try container.resolveOrThrow(LocationTracker.self)
        #expect(ObjectIdentifier(first) == made && first === second)
        #expect(try container.resolveOrThrow((any Tracking).self) === first)
        let info = try #require(container.registrySnapshot().components.first)
        #expect(info.lifetime == .perContainer(.strong) && info.dependencies.isEmpty)
    }

    @Test func anInstanceReplacesARegistrationAtLaunch() throws {
        let container = DIContainer()
        container.register(LocationTracker.init).as((any Tracking).self)
        let mock = LocationTracker()
        mock.lastPlace = "test"
        container.registerInstance(mock).as((any Tracking).self).replacing()
        #expect(try container.resolveOrThrow((any Tracking).self).lastPlace == "test")
    }

    @MainActor
    @Test func aMainActorInstanceIsRegisteredFromTheMainActor() throws {
        let container = DIContainer()
        let router = ScreenRouter()
        container.registerInstance(router)
        #expect(try container.resolveOrThrow(ScreenRouter.self) === router)
    }
}

extension DIContainer {
    /// Registers a tracker made here, as a launch function would, and returns its identity: the tracker itself is
    /// the container's once sent (using it here afterwards does not compile).
    fileprivate func registerTracker() -> ObjectIdentifier {
        let tracker = LocationTracker()
        let identity = ObjectIdentifier(tracker)
        registerInstance(tracker).as((any Tracking).self)
        return identity
    }
}
