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
final class ScreenRouter: Sendable {
    var screens: [String] = []
}

@Suite("registerInstance: an object that already exists")
struct InstanceRegistrationTests {
    /// Launch code on the main actor registers an object that is not `Sendable` and keeps using it.
    @MainActor
    @Test func aNonSendableInstanceOfTheMainActorIsHandedOutItselfEveryTimeThere() throws {
        let container = DIContainer()
        let made = container.registerTracker()
        made.lastPlace = "still the launch code's"
        let first = try container.resolveOrThrow(LocationTracker.self)
        let second = try container.resolveOrThrow(LocationTracker.self)
        #expect(first === made && first === second && first.lastPlace == "still the launch code's")
        #expect(try container.resolveOrThrow((any Tracking).self) === first)
        let info = try #require(container.registrySnapshot().components.first)
        #expect(info.lifetime == .perContainer(.strong) && info.dependencies.isEmpty && info.sharing == .mainActor)
    }

    @MainActor
    @Test func aNonSendableInstanceOfTheMainActorIsRefusedOffTheMainActor() async throws {
        let container = DIContainer()
        _ = container.registerTracker()
        let error = await errorOffTheMainActor { _ = try container.resolveOrThrow((any Tracking).self) }
        #expect(error?.code == "main-actor-isolated")
        #expect(
            error?.message
                == "LocationTracker was registered on the main actor, as an object that is not `Sendable`, and is "
                + "handed out there only; this resolve runs on another thread")
    }

    @Test func aSendableInstanceIsSharedNotSent() async throws {
        let container = DIContainer()
        let clock = Clock()
        container.registerInstance(clock)
        let elsewhere = try await Task.detached { try container.resolveOrThrow(Clock.self) }.value
        #expect(elsewhere === clock)
        #expect(try container.resolveOrThrow(Clock.self) === clock)
        #expect(container.registrySnapshot().components.first?.sharing == .sendable)
    }

    @MainActor
    @Test func anInstanceReplacesARegistrationAtLaunch() throws {
        let container = DIContainer()
        container.register(LocationTracker.init).as((any Tracking).self)
        let mock = LocationTracker()
        mock.lastPlace = "test"
        container.registerInstance(mock).as((any Tracking).self).replacing()
        #expect(try container.resolveOrThrow((any Tracking).self).lastPlace == "test")
    }

    @Test func anUncheckedInstanceIsSharedOnTheUsersPromise() throws {
        let container = DIContainer()
        let mock = LocationTracker()
        container.registerInstance(uncheckedSendable: mock)
        #expect(try container.resolveOrThrow(LocationTracker.self) === mock)
        #expect(container.registrySnapshot().components.first?.sharing == .unchecked)
    }

    @MainActor
    @Test func aMainActorInstanceIsRegisteredFromTheMainActor() throws {
        let container = DIContainer()
        let router = ScreenRouter()
        container.registerInstance(router)
        #expect(try container.resolveOrThrow(ScreenRouter.self) === router)
    }

    @Test func anInstanceWithALifetimeBeyondItsContainerIsAnInvalidRegistrationNotAnotherContainersInstance() {
        func launch(_ clock: Clock, lifetime: DILifeTime) -> DIContainer {
            let container = DIContainer()
            container.registerInstance(clock).lifetime(lifetime)  // one line, run for each container
            return container
        }
        let session = DIScope(name: "session", storage: DICacheStorage())
        for lifetime in [DILifeTime.single, .perRun(.strong), .perRun(.weak), .custom(session)] {
            let (first, second) = (Clock(), Clock())
            let containers = [launch(first, lifetime: lifetime), launch(second, lifetime: lifetime)]
            for container in containers {
                do {
                    _ = try container.resolveOrThrow(Clock.self)
                    Issue.record("\(lifetime): expected invalid-registration")
                } catch {
                    #expect(error.code == "invalid-registration")
                    #expect(
                        error.message
                            == "the registration of Clock is invalid: registerInstance(_:) with "
                            + ".lifetime(.\(lifetime)), which would hand this instance to every container "
                            + "registered on this line; remove the lifetime: the container keeps its instance")
                }
            }
        }
        // The lifetimes that stay in the container change nothing, and are accepted.
        for lifetime in [DILifeTime.perContainer(.weak), .objectGraph, .prototype] {
            let clock = Clock()
            #expect((try? launch(clock, lifetime: lifetime).resolveOrThrow(Clock.self)) === clock)
        }
    }
}

/// A Sendable service: its state is immutable.
final class Clock: Sendable {}

extension DIContainer {
    /// Registers a tracker made here, as a launch function would, and keeps using it.
    @MainActor
    fileprivate func registerTracker() -> LocationTracker {
        let tracker = LocationTracker()
        registerInstance(tracker).as((any Tracking).self)
        return tracker
    }
}
