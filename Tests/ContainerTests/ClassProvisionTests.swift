import Testing
import Tether

// Code specialised for a class produces its instances through a closure returning `AnyObject`; code that does not
// know the type (generic, or a dependency read from a parameter pack) uses the value closure. These tests reach
// one component both ways and expect the same instances. A debug build specialises nothing, so here both ways read
// the value closure; the benchmark package, built for release in CI, resolves and verifies through the other.

class RoadVehicle: @unchecked Sendable {}
final class SportsCar: RoadVehicle, @unchecked Sendable {}
final class CarPark: Sendable {
    let car: SportsCar
    let vehicle: RoadVehicle
    init(car: SportsCar, vehicle: RoadVehicle) { (self.car, self.vehicle) = (car, vehicle) }
}

/// Resolves without knowing `T`: not specialised, so it reads the value closure.
@_optimize(none)
func resolveWithoutKnowing<T>(_ container: DIContainer, _: T.Type) throws -> T {
    try container.resolveOrThrow(T.self)
}

/// The identity of an instance, compared without existential conversions.
private func id(_ object: AnyObject) -> ObjectIdentifier { ObjectIdentifier(object) }

@Suite("Class provisions: the same instances through known and unknown types")
struct ClassProvisionTests {
    @Test func aSingletonIsOneInstanceThroughItsTypeItsSuperclassAnyObjectAndGenericCode() throws {
        let container = DIContainer()
        container.register(SportsCar.init).lifetime(.perContainer(.strong)).as(RoadVehicle.self).as(AnyObject.self)
        let car: SportsCar = try container.resolveOrThrow()
        let vehicle: RoadVehicle = try container.resolveOrThrow()
        let object: AnyObject = try container.resolveOrThrow()
        let genericCar = try resolveWithoutKnowing(container, SportsCar.self)
        let genericVehicle = try resolveWithoutKnowing(container, RoadVehicle.self)
        let genericObject = try resolveWithoutKnowing(container, AnyObject.self)
        let ids = [vehicle, object, genericCar, genericVehicle, genericObject].map(id)
        #expect(ids == Array(repeating: id(car), count: 5))
    }

    @Test func anObjectGraphMemberIsSharedWhetherReachedAsItselfOrAsItsSuperclass() throws {
        let container = DIContainer()
        container.register(SportsCar.init).lifetime(.objectGraph).as(RoadVehicle.self)
        container.register(CarPark.init(car:vehicle:))
        let park: CarPark = try container.resolveOrThrow()
        let genericPark = try resolveWithoutKnowing(container, CarPark.self)
        #expect(id(park.vehicle) == id(park.car))
        #expect(id(genericPark.vehicle) == id(genericPark.car))
        #expect(id(genericPark.car) != id(park.car))
    }

    @Test func prototypesAreNewThroughKnownAndUnknownTypes() throws {
        let container = DIContainer()
        container.register(SportsCar.init)
        let first: SportsCar = try container.resolveOrThrow()
        let second = try resolveWithoutKnowing(container, SportsCar.self)
        #expect(id(first) != id(second))
    }
}
