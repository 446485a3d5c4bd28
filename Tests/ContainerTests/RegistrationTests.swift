import Testing
import Tether
import TetherTestSupport

@Suite("Registration: factories, aliases, names, dependency kinds, injection, parents")
struct RegistrationTests {
    @Test func closuresWithTypedParametersResolveEachParameter() {
        let container = DIContainer()
        container.register { (e: E, d: D) in B(e: e, d: d) }
        container.register(E.init)
        container.register(D.init)
        let b: B = container.resolve()
        #expect(type(of: b.e) == E.self)
    }

    struct Wrapped<Input: Sendable>: Sendable {
        let input: Input
    }

    /// A wrapper generic over its factory's parameter, as apps write them.
    static func registerWrapped<Input: Sendable>(_ container: DIContainer, _: Input.Type) {
        container.register(taking: Input.self) { input in Wrapped(input: input) }
    }

    @Test func aGenericWrapperTakesOneDependencyWhateverItsParameterIs() throws {
        let container = DIContainer()
        container.register { () -> (Int, String) in (7, "pair") }
        container.register { 1 }
        container.register { "one" }
        Self.registerWrapped(container, (Int, String).self)
        Self.registerWrapped(container, Int.self)
        let pair = try container.resolveOrThrow(Wrapped<(Int, String)>.self).input
        #expect(pair.0 == 7 && pair.1 == "pair", "the registered tuple, not Int and String resolved apart")
        #expect(try container.resolveOrThrow(Wrapped<Int>.self).input == 1)
        let dependencies = container.registrySnapshot().components.first { $0.info.type == Wrapped<(Int, String)>.self }
        #expect(dependencies?.dependencies.map(\.typeName) == ["(Int, String)"])
    }

    @Test func aTupleWrapperWithoutItsTupleRegisteredSaysWhichTupleIsMissing() {
        let container = DIContainer()
        container.register { 1 }
        container.register { "one" }
        Self.registerWrapped(container, (Int, String).self)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Wrapped<(Int, String)>.self) }
        #expect(error?.code == "missing-dependency" || error?.code == "not-registered", "\(String(describing: error))")
        #expect(error?.description.contains("(Int, String)") == true, "\(String(describing: error))")
    }

    @Test func eachRegistrationKeepsItsOwnSiteWhenSitesAlternate() {
        let container = DIContainer()
        container.register(E.init, file: "App/One.swift", line: 1, filePath: "/src/App/One.swift")
        container.register(D.init, file: "App/Two.swift", line: 2, filePath: "/src/App/Two.swift")
        container.register(
            Cat.init as @Sendable () -> Cat, file: "App/One.swift", line: 3, filePath: "/src/App/One.swift")
        container.register(Z.init)
        let sites = container.registrySnapshot().components.map { "\($0.info.site) \($0.info.filePath)" }
        #expect(
            sites.prefix(3) == [
                "App/One.swift:1 /src/App/One.swift", "App/Two.swift:2 /src/App/Two.swift",
                "App/One.swift:3 /src/App/One.swift",
            ])
        #expect(sites.last?.hasPrefix("TetherTests/RegistrationTests.swift:") == true)
        #expect(sites.last?.hasSuffix("Tests/ContainerTests/RegistrationTests.swift") == true)
    }

    @Test func asMakesTheComponentResolvableAsAProtocolAndStillAsItself() {
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).as((any Animal).self).lifetime(.perContainer(.strong))
        let animal: any Animal = container.resolve()
        let cat: Cat = container.resolve()
        #expect(animal === cat)
    }

    @Test func aTypeGivenTwiceByOneRegistrationIsProvidedByItOnce() throws {
        let container = DIContainer()
        container.register { Cat(name: "tom") }
            .as((any Animal).self).as((any Animal).self)
            .as(Cat.self).as(Cat.self, name: "tom").as(Cat.self, name: "tom")
        let animals: [any Animal] = container.resolve()
        let cats: [Cat] = container.resolve()
        #expect(animals.count == 1 && cats.count == 1)
        #expect(try container.resolveOrThrow((any Animal).self).name == "tom", "one provider, not two: no ambiguity")
        #expect(try container.resolveOrThrow(Cat.self, name: "tom").name == "tom")
    }

    @Test func namedRegistrationsResolveByName() {
        let container = DIContainer()
        container.register { Cat(name: "tom") }.as((any Animal).self, name: "tom")
        container.register { Cat(name: "felix") }.as((any Animal).self, name: "felix")
        #expect((container.resolve(name: "tom") as any Animal).name == "tom")
        #expect((container.resolve(name: "felix") as any Animal).name == "felix")
    }

    @Test func namingTheOwnTypeReplacesItsUnnamedProvision() throws {
        let container = DIContainer()
        container.register { Cat(name: "tom") }.as(Cat.self, name: "tom")
        container.register { Cat(name: "felix") }.as(Cat.self, name: "felix")
        #expect((container.resolve(name: "felix") as Cat).name == "felix")
        #expect(throws: DIError.self) { try container.resolveOrThrow(Cat.self) }
    }

    @Test func defaultWinsAmongSeveralProviders() {
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).as((any Animal).self)
        container.register(Dog.init).as((any Animal).self).default()
        #expect(container.resolve((any Animal).self) is Dog)
    }

    final class Owner {
        let pet: (any Animal)?
        init(pet: (any Animal)?) { self.pet = pet }
    }

    @Test func optionalDependencyIsNilWhenNothingProvidesIt() {
        let container = DIContainer()
        container.register(Owner.init(pet:))
        #expect((container.resolve() as Owner).pet == nil)
        container.register(Dog.init).as((any Animal).self)
        #expect((container.resolve() as Owner).pet is Dog)
    }

    @Test func optionalTopLevelRequestIsNilWhenNothingIsRegistered() {
        let container = DIContainer()
        let missing: Cat? = container.resolve()
        #expect(missing == nil)
        container.register(Cat.init as @Sendable () -> Cat)
        let present: Cat? = container.resolve()
        #expect(present != nil)
    }

    final class Zoo {
        let animals: [any Animal]
        init(animals: [any Animal]) { self.animals = animals }
    }

    @Test func manyDependencyGetsEveryProviderInRegistrationOrder() {
        let container = DIContainer()
        container.register(Zoo.init(animals:))
        container.register(Dog.init).as((any Animal).self)
        container.register { Cat(name: "tom") }.as((any Animal).self, name: "tom")
        container.register(Cat.init as @Sendable () -> Cat).as((any Animal).self)
        let zoo: Zoo = container.resolve()
        #expect(zoo.animals.map(\.name) == ["dog", "tom", "cat"])
        let all: [any Animal] = container.resolve()
        #expect(all.count == 3)
    }

    @Test func aListOfAClassHoldsEachOfItsRegistrationsOnceNamedOrNotInRegistrationOrder() {
        // Registrations of the class alone, unnamed, are indexed apart from the rest (ProviderIndex): the list
        // merges the two, each registration once.
        let container = DIContainer()
        container.register { Cat(name: "plain") }
        container.register { Cat(name: "tom") }.as(Cat.self, name: "tom")
        container.register { Cat(name: "animal") }.as((any Animal).self)
        container.register { Cat(name: "tagged") }.tag(Zoo.self)
        container.register { Cat(name: "last") }
        #expect((container.resolve() as [Cat]).map(\.name) == ["plain", "tom", "animal", "tagged", "last"])
        container.register { Cat(name: "late") }
        container.register { Cat(name: "felix") }.as(Cat.self, name: "felix")
        #expect(
            (container.resolve() as [Cat]).map(\.name) == ["plain", "tom", "animal", "tagged", "last", "late", "felix"])
        let tagged: [DITagged<Zoo, Cat>] = container.resolve()
        #expect(tagged.map(\.value.name) == ["tagged"])
        // Those providing the class unnamed go, the list's and the index's alike.
        #expect(container.unregister(Cat.self) == 5)
        #expect((container.resolve() as [Cat]).map(\.name) == ["tom", "felix"])
    }

    @Test func aRegisteredArrayWinsOverCollectingProviders() {
        let container = DIContainer()
        container.register(Zoo.init(animals:))
        container.register(Dog.init).as((any Animal).self)
        container.register { () -> [any Animal] in [Cat(), Cat()] }
        #expect((container.resolve() as Zoo).animals.map(\.name) == ["cat", "cat"])
    }

    final class Editor {
        let checker: Lazy<D>
        init(checker: Lazy<D>) { self.checker = checker }
    }

    @Test func lazyResolvesOnFirstUseAndKeepsTheValue() {
        let counter = Counter()
        let container = DIContainer()
        container.register(Editor.init(checker:))
        container.register { () -> D in
            counter.increment()
            return D()
        }
        let editor: Editor = container.resolve()
        #expect(counter.count == 0)
        let first = editor.checker.value
        #expect(first === editor.checker.value)
        #expect(counter.count == 1)
    }

    final class Factory {
        let make: Provider<D>
        init(make: Provider<D>) { self.make = make }
    }

    @Test func providerResolvesPerTheProvidedLifetime() {
        let container = DIContainer()
        container.register(Factory.init(make:))
        container.register(D.init).lifetime(.prototype)
        let factory: Factory = container.resolve()
        #expect(factory.make() !== factory.make())

        let shared = DIContainer()
        shared.register(Factory.init(make:))
        shared.register(D.init).lifetime(.perContainer(.strong))
        let sharedFactory: Factory = shared.resolve()
        #expect(sharedFactory.make() === sharedFactory.make())
    }

    final class Profile {
        let name: String
        let age: Int
        let d: D
        init(name: String, age: Int, d: D) { (self.name, self.age, self.d) = (name, age, d) }
    }

    @Test func runtimeArgumentsArePassedInOrder() throws {
        let container = DIContainer()
        container.register { (name: DIArgument<String>, d: D, age: DIArgument<Int>) in
            Profile(name: name.value, age: age.value, d: d)
        }
        container.register(D.init)
        let profile = try container.resolveOrThrow(Profile.self, arguments: "Ada", 36)
        #expect(profile.name == "Ada")
        #expect(profile.age == 36)
        let snapshot = container.registrySnapshot()
        #expect(snapshot.components[0].arguments.map(\.typeName) == ["String", "Int"])
    }

    final class Directory {
        let profiles: Provider<Profile>
        let first: Lazy<Profile>
        init(profiles: Provider<Profile>, first: Lazy<Profile>) { (self.profiles, self.first) = (profiles, first) }
    }

    @Test func lazyAndProviderPassRuntimeArgumentsTheirComponentTakes() throws {
        let container = DIContainer()
        container.register { (name: DIArgument<String>, d: D, age: DIArgument<Int>) in
            Profile(name: name.value, age: age.value, d: d)
        }
        container.register(D.init)
        container.register(Directory.init(profiles:first:))
        let directory = try container.resolveOrThrow(Directory.self)
        let ada = try directory.profiles.get(arguments: "Ada", 36)
        #expect((ada.name, ada.age) == ("Ada", 36))
        #expect(directory.profiles(arguments: "Alan", 41).name == "Alan")
        #expect(try directory.first.get(arguments: "Grace", 85).name == "Grace")
        #expect(try directory.first.get(arguments: "Edsger", 72).name == "Grace", "a Lazy keeps its first value")
        // Without them, or with others, the provider says which it needs instead of trapping.
        let missing = try #require(throws: DIError.self) { try directory.profiles.get() }
        guard case .argumentMismatch(_, let expected, let received) = missing.kind else {
            Issue.record("expected argument-mismatch, got \(missing)")
            return
        }
        #expect((expected, received) == (["String", "Int"], []))
        #expect(throws: DIError.self) { try directory.profiles.get(arguments: 36, "Ada") }
    }

    final class Labelled: @unchecked Sendable {  // Set once, by its injection, while the resolve builds it.
        let label: String
        var number = 0
        init(label: String) { self.label = label }
    }

    @Test func runtimeArgumentsReachInjectionsAfterTheFactorysOwn() throws {
        let container = DIContainer()
        container.register { (label: DIArgument<String>) in Labelled(label: label.value) }
            .injection { (labelled: Labelled, number: DIArgument<Int>) in labelled.number = number.value }
        let labelled = try container.resolveOrThrow(Labelled.self, arguments: "seven", 7)
        #expect(labelled.label == "seven")
        #expect(labelled.number == 7)
        #expect(container.registrySnapshot().components[0].arguments.map(\.typeName) == ["String", "Int"])
        // The injection's argument counts: without it, or without any, the request is refused, never a crash.
        let short = #expect(throws: DIError.self) { try container.resolveOrThrow(Labelled.self, arguments: "seven") }
        #expect(short?.code == "argument-mismatch")
        let none = #expect(throws: DIError.self) { try container.resolveOrThrow(Labelled.self) }
        #expect(none?.code == "argument-mismatch")
    }

    @Test func optionalAndArrayRequestsPassRuntimeArgumentsToTheirComponents() throws {
        let container = DIContainer()
        container.register { (name: DIArgument<String>, d: D, age: DIArgument<Int>) in
            Profile(name: name.value, age: age.value, d: d)
        }
        container.register(D.init)
        let optional = try container.resolveOrThrow(Profile?.self, arguments: "Ada", 36)
        #expect(optional?.name == "Ada")
        #expect(optional?.age == 36)
        let all = try container.resolveOrThrow([Profile].self, arguments: "Bo", 7)
        #expect(all.map(\.name) == ["Bo"])
        #expect(try container.resolveOrThrow(Z?.self, arguments: "nobody", 0) == nil)
        // Wrong or missing arguments are refused as they are for `Profile` itself.
        let wrong = #expect(throws: DIError.self) { try container.resolveOrThrow(Profile?.self, arguments: 36) }
        #expect(wrong?.code == "argument-mismatch")
        let missing = #expect(throws: DIError.self) { try container.resolveOrThrow([Profile].self) }
        #expect(missing?.code == "argument-mismatch")
    }

    struct Mixed {
        let flag: Bool
        let d: D
        let small: Int8
        let animal: any Animal
        let name: String
        let missing: Z?
        let count: Int
    }

    @Test func everyParameterReachesTheFactoryWhateverItsSizeAndAlignment() throws {
        // Parameters of one, eight and sixteen bytes, classes, values and an existential, in an order that
        // leaves padding between them: the factory must get each one whole, at its own place.
        let container = DIContainer()
        container.register(D.init)
        container.register { Cat() }.as((any Animal).self)
        container.register {
            (
                flag: DIArgument<Bool>, d: D, small: DIArgument<Int8>, animal: any Animal, name: DIArgument<String>,
                missing: Z?, count: DIArgument<Int>
            ) in
            Mixed(
                flag: flag.value, d: d, small: small.value, animal: animal, name: name.value, missing: missing,
                count: count.value)
        }
        let mixed = try container.resolveOrThrow(
            Mixed.self, arguments: true, Int8(-7), "a name longer than fifteen bytes", 1 << 40)
        #expect(mixed.flag)
        #expect(mixed.small == -7)
        #expect(mixed.animal is Cat)
        #expect(mixed.name == "a name longer than fifteen bytes")
        #expect(mixed.missing == nil)
        #expect(mixed.count == 1 << 40)
    }

    final class Tracked {
        let deinits: Counter
        init(deinits: Counter) { self.deinits = deinits }
        deinit { deinits.increment() }
    }

    struct FactoryFailed: Error {}

    final class NeedsBoth {
        init(tracked: Tracked, failing: E) {}
    }

    @Test func parametersBuiltBeforeAFailingOneAreReleased() {
        let deinits = Counter()
        let container = DIContainer()
        container.register { Tracked(deinits: deinits) }
        container.register { () throws -> E in throw FactoryFailed() }
        container.register(NeedsBoth.init(tracked:failing:))
        #expect(throws: DIError.self) { try container.resolveOrThrow(NeedsBoth.self) }
        #expect(deinits.count == 1, "the Tracked built for the first parameter was released")
    }

    final class Person {
        var pet: (any Animal)?
        var house: House?
    }

    final class House {
        var owner: Person?
    }

    @Test func propertyInjectionRunsAfterInit() {
        let container = DIContainer()
        container.register(Person.init).injection(\.pet)
        container.register(Dog.init).as((any Animal).self)
        #expect((container.resolve() as Person).pet is Dog)
    }

    @Test func cycleInjectionConnectsObjectsThatMeetAgainInTheGraph() {
        let container = DIContainer()
        container.register(Person.init).lifetime(.objectGraph).injection(cycle: true, \.house)
        container.register(House.init).lifetime(.objectGraph).injection(cycle: true, \.owner)
        let person: Person = container.resolve()
        #expect(person.house?.owner === person)
        let other: Person = container.resolve()
        #expect(other !== person)
        #expect(other.house !== person.house)
        // The two objects hold each other strongly, as their properties say; break that so nothing leaks.
        person.house = nil
        other.house = nil
    }

    @Test func closureInjectionReceivesTheResolvedValue() {
        let container = DIContainer()
        container.register(Person.init).injection { (person: Person, dog: Dog) in person.pet = dog }
        container.register(Dog.init)
        #expect((container.resolve() as Person).pet is Dog)
    }

    @Test func childOverridesTheParentAndParentComponentsSeeTheOverride() {
        let parent = DIContainer()
        parent.register(B.init(e:d:))
        parent.register(E.init)
        parent.register(D.init)
        let child = DIContainer(parent: parent)
        let special = D()
        child.register { special }
        #expect((child.resolve() as B).d === special)
        #expect((parent.resolve() as B).d !== special)
    }

    final class Token: Sendable {
        let value: String
        init(value: String) { self.value = value }
    }
    final class Session: Sendable {
        let token: Token
        init(token: Token) { self.token = token }
    }

    @Test(arguments: [DILifeTime.perRun(.strong), .single])
    func aParentsProcessWideComponentResolvedThroughAChildIsBuiltAsTheParentBuildsIt(lifetime: DILifeTime) {
        let parent = DIContainer()
        parent.register { Token(value: "live") }
        // A line of its own per case: the cases run in parallel, and process-wide instances are per site.
        parent.register(Session.init(token:), line: lifetime == .single ? 92_001 : 92_002).lifetime(lifetime)
        parent.dropProcessWideInstances()
        defer { parent.dropProcessWideInstances() }
        let child = DIContainer(parent: parent)
        child.register { Token(value: "test") }
        // Resolved through the child first: the child's override must not fill the cell the parent reads.
        let throughChild: Session = child.resolve()
        #expect(throughChild.token.value == "live")
        #expect(parent.resolve(Session.self) === throughChild)
        #expect(child.resolve(Token.self).value == "test")  // the override still serves the child's own requests
    }

    final class Named: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }

    @Test func aLoopsRegistrationsKeepOneCustomScopeInstanceEach() {
        let scope = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        for name in ["alpha", "beta"] {
            container.register { Named(name: name) }.lifetime(.custom(scope)).as(Named.self, name: name)
        }
        #expect(container.resolve(Named.self, name: "alpha").name == "alpha")
        #expect(container.resolve(Named.self, name: "beta").name == "beta")
        #expect(scope.count == 2)
    }

    final class SharedNotes: @unchecked Sendable {  // Set once, by its injection, while the resolve builds it.
        var note: D?
    }
    final class Pair {
        let shared: SharedNotes
        let a: E
        let b: E
        init(shared: SharedNotes, a: E, b: E) { (self.shared, self.a, self.b) = (shared, a, b) }
    }

    @Test func aParentsSharedInstanceAndAChildsGraphInstanceNeverMeetUnderOneKey() throws {
        // The parent's single keeps its instance in the resolve's graph (it has an injection), and is the first
        // component the parent's plan makes; E is the first the child's plan makes. Numbered per plan, both were 0,
        // and the graph handed the single's object to E's parameters.
        let parent = DIContainer()
        parent.register(SharedNotes.init).lifetime(.single).injection(\.note)
        parent.register(D.init)
        let child = DIContainer(parent: parent)
        child.register(E.init).lifetime(.objectGraph)
        child.register(Pair.init(shared:a:b:))
        _ = try child.resolveOrThrow(E.self)
        let pair = try child.resolveOrThrow(Pair.self)
        #expect(pair.a === pair.b)
        #expect(ObjectIdentifier(pair.a) != ObjectIdentifier(pair.shared))
        child.dropProcessWideInstances()
    }

    @Test func childSeesParentRegistrationsAddedLater() {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        #expect((child.resolve() as E?) == nil)
        parent.register(E.init)
        #expect((child.resolve() as E?) != nil)
    }

    @Test func grandchildSeesGrandparentRegistrationsAddedAndChangedLater() {
        let grandparent = DIContainer()
        let middle = DIContainer(parent: grandparent)
        let grandchild = DIContainer(parent: middle)
        #expect((grandchild.resolve() as E?) == nil)
        // The middle container resolves nothing in between: the grandchild notices the change on its own.
        grandparent.register(E.init)
        #expect((grandchild.resolve() as E?) != nil)
        grandparent.register(Cat.init as @Sendable () -> Cat).as((any Animal).self)
        #expect(grandchild.resolve((any Animal).self) is Cat)
        grandparent.register(Dog.init).as((any Animal).self).default()
        #expect(grandchild.resolve((any Animal).self) is Dog)
    }

    @Test func changingALifetimeAfterTheFirstResolveTakesEffect() {
        let container = DIContainer()
        let builder = container.register(D.init).lifetime(.perContainer(.strong))
        let first: D = container.resolve()
        #expect(container.resolve(D.self) === first)
        builder.lifetime(.prototype)
        #expect(container.resolve(D.self) !== container.resolve(D.self))
        builder.lifetime(.perContainer(.weak))
        weak var released: D?
        do {
            let held: D = container.resolve()
            #expect(container.resolve(D.self) === held)
            released = held
        }
        // A weak lifetime no longer holds it, though a strong one held an instance before.
        #expect(released == nil)
    }

    @Test func aSecondProviderAddedLaterMakesDependentsAmbiguousAndDefaultSettlesIt() throws {
        let container = DIContainer()
        container.register { (animal: any Animal) in PetOwner(pet: animal) }
        container.register(Cat.init as @Sendable () -> Cat).as((any Animal).self)
        #expect(container.resolve(PetOwner.self).pet is Cat)
        let dog = container.register(Dog.init).as((any Animal).self)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(PetOwner.self) }
        #expect(error?.code == "ambiguous-dependency")
        dog.default()
        #expect(container.resolve(PetOwner.self).pet is Dog)
    }

    @Test func anAliasAddedAfterTheFirstResolveIsTheSameObjectGraphInstanceAsTheOwnType() {
        let container = DIContainer()
        let node = container.register(Node.init).lifetime(.objectGraph).injection(cycle: true, \.peer)
        #expect(container.resolve(Node.self).peer == nil)
        node.as((any Peer).self)
        let resolved: Node = container.resolve()
        #expect(resolved.peer === resolved)
    }

    protocol Peer: AnyObject {}

    final class Node: Peer {
        weak var peer: (any Peer)?  // Weak: the test makes a node its own peer.
        init() {}
    }

    final class PetOwner {
        let pet: any Animal
        init(pet: any Animal) { self.pet = pet }
    }

    @Test func registrationAfterTheFirstResolveIsSeen() {
        let container = DIContainer()
        container.register(B.init(e:d:))
        container.register(E.init)
        #expect(throws: DIError.self) { try container.resolveOrThrow(B.self) }
        container.register(D.init)
        #expect(throws: Never.self) { try container.resolveOrThrow(B.self) }
    }

    @Test func snapshotRecordsEveryDependencyWithoutRunningFactories() {
        let counter = Counter()
        let container = DIContainer()
        let line = #line + 1
        container.register { (a: Lazy<D>, b: Provider<E>, c: Z?, d: [any Animal], e: A) -> Person in
            counter.increment()
            return Person()
        }.injection(cycle: true, \.house)
        let component = container.registrySnapshot().components[0]
        #expect(component.dependencies.map(\.kind) == [.lazy, .provider, .optional, .many, .plain, .optional])
        #expect(
            component.dependencies.map(\.description) == ["Lazy<D>", "Provider<E>", "Z?", "[Animal]", "A", "House?"])
        #expect(component.dependencies.last?.isDeferred == true)
        #expect(component.info.line == line)
        #expect(counter.count == 0)
    }

    final class Screen {
        weak var model: Model?  // Weak, so that the two do not keep each other alive after the test.
        init(model: Model) { self.model = model }
    }
    final class Model {
        var screen: Screen?
        var sameScreen: Screen?
        init() {}
    }

    /// The buffer of shared instances is sized when the plan is built; resolving `Model` first builds `Screen`
    /// only through deferred injections, past that estimate, so the instances spill to the heap and must still
    /// be shared.
    @Test func objectGraphInstancesPastTheEstimatedBufferAreStillShared() throws {
        let container = DIContainer()
        container.register(Screen.init).lifetime(.objectGraph)
        container.register(Model.init).lifetime(.objectGraph)
            .injection(cycle: true, \.screen)
            .injection(cycle: true, \.sameScreen)
        let model: Model = try container.resolveOrThrow()
        let screen = try #require(model.screen)
        #expect(screen.model === model)
        #expect(model.sameScreen === screen)
        let another: Model = try container.resolveOrThrow()
        #expect(another !== model && another.screen !== screen)
    }
}
