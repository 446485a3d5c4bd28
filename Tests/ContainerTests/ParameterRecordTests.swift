import Testing

@testable import Tether

/// Registration records a factory's plain parameters by their types alone, and describes them when asked; what
/// it describes is what describing each type one by one gives.
@Suite("Parameter records: plain parameters are described when asked, as their types say")
struct ParameterRecordTests {
    final class Engine: Sendable {}
    struct Wheel: Sendable {}
    protocol Part: Sendable {}
    protocol ObjectPart: AnyObject, Sendable {}
    struct Bolt: Part {}
    final class Nut: ObjectPart {}
    enum Gear: Sendable { case first }
    final class Crate<Content>: @unchecked Sendable {}

    final class Car: Sendable {
        let engine: Engine
        init(engine: Engine, wheel: Wheel, part: any Part, objectPart: any ObjectPart) { self.engine = engine }
    }

    /// Types a parameter may declare without a shape, a tag or a name.
    static let plainTypes: [any Any.Type] = [
        Engine.self, Wheel.self, (any Part).self, (any ObjectPart).self, Int.self, (Int, String).self,
        (@Sendable () -> Void).self, [String: Int].self, Gear.self, Any.self, AnyObject.self, Engine.Type.self,
        Crate<Int>.self,
    ]

    @Test func aFactoryOfPlainTypesIsRecordedByItsTypesAlone() throws {
        let container = DIContainer()
        container.register(Car.init(engine:wheel:part:objectPart:))
        let registration = try #require(container.registrations.first)
        #expect(registration.parameterRecord.isPlain)
        #expect(registration.parameterRecord.count == 4)
        #expect(registration.parameter(at: 0).isObject)
        #expect(!registration.parameter(at: 1).isObject)
        #expect(
            registration.parameters.map { ObjectIdentifier($0.element) } == [
                ObjectIdentifier(Engine.self), ObjectIdentifier(Wheel.self), ObjectIdentifier((any Part).self),
                ObjectIdentifier((any ObjectPart).self),
            ])
        #expect(registration.argumentTypes.isEmpty)
        #expect(
            registration.splitTuple.map(ObjectIdentifier.init)
                == ObjectIdentifier((Engine, Wheel, any Part, any ObjectPart).self))
        container.register(Engine.init).lifetime(.perContainer(.strong))
        container.register(Wheel.init)
        container.register { Bolt() as any Part }
        container.register { Nut() as any ObjectPart }
        let engine: Engine = container.resolve()
        #expect(container.resolve(Car.self).engine === engine)
    }

    @Test func aShapedParameterHasTheFactorysParametersDescribed() throws {
        let container = DIContainer()
        container.register { (engine: Engine, wheel: Wheel?) in
            Car(engine: engine, wheel: wheel ?? Wheel(), part: Bolt(), objectPart: Nut())
        }
        let registration = try #require(container.registrations.first)
        #expect(!registration.parameterRecord.isPlain)
        #expect(registration.parameters.map(\.kind) == [.plain, .optional])
        #expect(registration.parameters[0].isObject)
        container.register(Engine.init)
        #expect(throws: Never.self) { try container.resolveOrThrow(Car.self) }
    }

    @Test func namingAParameterDescribesThemAllAndKeepsTheName() throws {
        let container = DIContainer()
        container.register(Car.init(engine:wheel:part:objectPart:)).parameter(at: 0, name: "v8")
        let registration = try #require(container.registrations.first)
        #expect(!registration.parameterRecord.isPlain)
        #expect(registration.parameters.map(\.name) == ["v8", nil, nil, nil])
        #expect(registration.parameters.map(\.isObject) == [true, false, false, false])
    }

    @Test func taggingAParameterDescribesThemAllAndKeepsTheTag() throws {
        enum Turbo {}
        let container = DIContainer()
        container.register(Car.init(engine:wheel:part:objectPart:)).parameter(at: 0, tag: Turbo.self)
        let registration = try #require(container.registrations.first)
        #expect(!registration.parameterRecord.isPlain)
        #expect(
            registration.parameters.map { $0.tag.map(ObjectIdentifier.init) } == [
                ObjectIdentifier(Turbo.self), nil, nil, nil,
            ])
    }

    @Test func makingAParameterAnArgumentDescribesThemAllAndTakesTheArgument() throws {
        let container = DIContainer()
        container.register(Car.init(engine:wheel:part:objectPart:)).argument(at: 1)
        let registration = try #require(container.registrations.first)
        #expect(!registration.parameterRecord.isPlain)
        #expect(registration.parameters.map(\.kind) == [.plain, .argument, .plain, .plain])
        #expect(registration.argumentTypes.map(ObjectIdentifier.init) == [ObjectIdentifier(Wheel.self)])
    }

    @Test func aPlainTypeIsDescribedAsDescribingItsTypeGives() {
        for type in Self.plainTypes {
            #expect(ShapeDetection.isPlain(type), "\(type)")
            let plain = DependencyDescriptor(plain: type)
            let described = DependencyDescriptor(erased: type)
            #expect(plain.kind == described.kind, "\(type)")
            #expect(plain.isObject == described.isObject, "\(type)")
            #expect(ObjectIdentifier(plain.declaredType) == ObjectIdentifier(described.declaredType), "\(type)")
            #expect(ObjectIdentifier(plain.element) == ObjectIdentifier(described.element), "\(type)")
            #expect(plain.shape == nil && described.shape == nil, "\(type)")
            #expect(plain.inner == nil && described.inner == nil, "\(type)")
            #expect(plain.name == nil && plain.tag == nil && described.name == nil && described.tag == nil, "\(type)")
            #expect(plain.unsupported == nil && described.unsupported == nil, "\(type)")
        }
    }

    @Test func shapesAndTagsAreNotPlain() {
        enum Primary {}
        let shaped: [any Any.Type] = [
            Engine?.self, [Engine].self, Lazy<Engine>.self, Provider<Engine>.self, DIArgument<Int>.self,
            DITagged<Primary, Engine>.self,
        ]
        for type in shaped { #expect(!ShapeDetection.isPlain(type), "\(type)") }
    }
}
