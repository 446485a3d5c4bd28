import Testing
import Tether

@Suite("Runtime arguments through Lazy and Provider, around one component or a list")
struct ArgumentsThroughAccessorsTests {
    final class Order {
        let id: Int
        init(id: Int) { self.id = id }
    }
    final class Dog: Sendable {
        let name: String
        let age: Int
        init(name: String, age: Int) { (self.name, self.age) = (name, age) }
    }
    final class Screen {
        let maybe: Provider<Order?>
        let all: Provider<[Order]>
        let lazy: Lazy<Order?>
        init(maybe: Provider<Order?>, all: Provider<[Order]>, lazy: Lazy<Order?>) {
            (self.maybe, self.all, self.lazy) = (maybe, all, lazy)
        }
    }

    func orders() -> DIContainer {
        let container = DIContainer()
        container.register { (id: DIArgument<Int>) in Order(id: id.value) }
        container.register(Screen.init(maybe:all:lazy:))
        return container
    }

    @Test func anAccessorAroundAnOptionalOrAListPassesItsArguments() throws {
        let container = orders()  // kept: accessors made for a dependency do not keep their container
        let screen = try container.resolveOrThrow(Screen.self)
        #expect(try screen.maybe.get(arguments: 7)?.id == 7)
        #expect(try screen.all.get(arguments: 8).map(\.id) == [8])
        #expect(try screen.lazy.get(arguments: 9)?.id == 9)
        let missing = #expect(throws: DIError.self) { try screen.maybe.get() }
        #expect(missing?.code == "argument-mismatch", "without them the factory cannot be called")
        let wrong = #expect(throws: DIError.self) { try screen.all.get(arguments: "seven") }
        #expect(wrong?.code == "argument-mismatch")
        withExtendedLifetime(container) {}
    }

    @Test func anAccessorAskedForWithArgumentsBuildsWithThem() throws {
        let container = DIContainer()
        container.register { (name: DIArgument<String>, age: DIArgument<Int>) in Dog(name: name.value, age: age.value) }
        let lazy = try container.resolveOrThrow(Lazy<Dog>.self, arguments: "Hachi", 42)
        #expect(try lazy.get().name == "Hachi" && lazy.value.age == 42)
        let provider = try container.resolveOrThrow(Provider<Dog>.self, arguments: "Hachi", 42)
        let (first, second) = (try provider.get(), try provider.get())
        #expect(first !== second && second.name == "Hachi" && second.age == 42, "Dog is a prototype")
        #expect(try provider.get(arguments: "Rex", 3).name == "Rex", "arguments given to a call win")
    }
}
