import Foundation
import Testing
import Tether
import TetherTestSupport

@Suite("Method injection with several parameters, and completion steps")
struct CompletionAndMethodInjectionTests {
    final class Food: Sendable {}
    final class Bowl: Sendable {}
    /// Records what was done to it, in order.
    final class Pet: @unchecked Sendable {  // Touched only by the resolve that builds it.
        var food: Food?
        var bowl: Bowl?
        var log: [String] = []
        func feed(_ food: Food, in bowl: Bowl) { (self.food, self.bowl) = (food, bowl) }
    }

    @Test func methodInjectionResolvesEveryParameterInOrder() throws {
        let container = DIContainer()
        container.register(Food.init).lifetime(.perContainer(.strong))
        container.register(Bowl.init).lifetime(.perContainer(.strong))
        container.register(Pet.init).injection { (pet: Pet, food: Food, bowl: Bowl) in pet.feed(food, in: bowl) }
        let pet = try container.resolveOrThrow(Pet.self)
        #expect(pet.food === (try container.resolveOrThrow(Food.self)))
        #expect(pet.bowl === (try container.resolveOrThrow(Bowl.self)))
        let dependencies = container.registrySnapshot().components.last!.dependencies
        #expect(dependencies.map(\.description) == ["Food", "Bowl"])
        #expect(
            dependencies.map(\.position) == [
                .injection(property: "Food, Bowl", cycle: false), .injection(property: "Food, Bowl", cycle: false),
            ])
    }

    @Test func aFactorysParametersAndEachInjectionReadTheirOwnProvidersInOrder() throws {
        // The factory's parameters and the injections' values are one list of providers: each step must start
        // where its own part of the list does, or a value of one type would be read as another.
        final class Owner: @unchecked Sendable {  // Touched only by the resolve that builds it.
            let bowl: Bowl
            var food: Food?
            var fed: (Food, Bowl)?
            init(bowl: Bowl) { self.bowl = bowl }
        }
        let container = DIContainer()
        container.register(Food.init).lifetime(.perContainer(.strong))
        container.register(Bowl.init)
        container.register(Owner.init(bowl:))
            .injection(\.food)
            .injection { (owner: Owner, food: Food, bowl: Bowl) in owner.fed = (food, bowl) }
        let owner = try container.resolveOrThrow(Owner.self)
        let food = try container.resolveOrThrow(Food.self)
        #expect(owner.food === food)
        #expect(owner.fed?.0 === food)
        #expect(owner.fed.map { $0.1 !== owner.bowl } == true, "each Bowl is a new prototype instance")
    }

    @Test func aCompletionRunsOnceAfterEveryInjectionEvenOnesAddedAfterIt() throws {
        let container = DIContainer()
        let runs = Counter()
        container.register(Food.init)
        container.register(Pet.init).lifetime(.perContainer(.strong))
            .completion { (pet: Pet) in
                runs.increment()
                pet.log.append("completion, fed: \(pet.food != nil)")
            }
            .injection { (pet: Pet, food: Food) in
                pet.food = food
                pet.log.append("injection")
            }
        let pet = try container.resolveOrThrow(Pet.self)
        #expect(pet.log == ["injection", "completion, fed: true"])
        #expect(try container.resolveOrThrow(Pet.self) === pet)
        #expect(runs.count == 1)
    }

    final class Parent: @unchecked Sendable {  // Set up during one resolve.
        var child: Child?
    }
    final class Child: @unchecked Sendable {  // Set up during one resolve.
        weak var parent: Parent?
        var sawParentWithChild = false
    }

    @Test func aDeferredCompletionClosesACycleAndSeesTheDeferredInjections() throws {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph).injection(cycle: true, \.child)
        container.register(Child.init).lifetime(.objectGraph)
            .completion(cycle: true) { (child: Child, parent: Parent) in
                child.parent = parent
                child.sawParentWithChild = parent.child === child
            }
        let parent = try container.resolveOrThrow(Parent.self)
        let child = try #require(parent.child)
        #expect(child.parent === parent)
        #expect(child.sawParentWithChild)
    }

    @Test func aCompletionOfAComponentWithADeferredInjectionWaitsForIt() throws {
        let container = DIContainer()
        container.register(Parent.init).lifetime(.objectGraph)
            .injection(cycle: true, \.child)
            .completion { (parent: Parent) in parent.child?.sawParentWithChild = true }
        container.register(Child.init).lifetime(.objectGraph)
        let positions = container.registrySnapshot().components[0].dependencies.map(\.position)
        #expect(positions == [.injection(property: "child", cycle: true)])
        let parent = try container.resolveOrThrow(Parent.self)
        #expect(parent.child?.sawParentWithChild == true)
    }

    struct Refused: Error {}

    @Test func aCompletionThatThrowsFailsTheResolveAtTheComponentsSite() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(Pet.init).completion { (_: Pet) in throw Refused() }
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(Pet.self) }
        guard case .factoryFailed(let component, let underlying) = error.kind else {
            Issue.record("expected factory-failed, got \(error)")
            return
        }
        #expect(component.line == line)
        #expect(underlying is Refused)
    }

    @Test func aCompletionsMissingDependencyFailsTheResolve() throws {
        let container = DIContainer()
        container.register(Pet.init).completion { (pet: Pet, bowl: Bowl) in pet.bowl = bowl }
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(Pet.self) }
        #expect(error.code == "not-registered")
        #expect(error.failedRequest == "Bowl")
        #expect(container.registrySnapshot().components[0].dependencies.map(\.position) == [.completion(cycle: false)])
    }
}
