import Testing
import Tether

@Suite("DIError: every failure is an error with its path, sites and fix")
struct ErrorTests {
    /// The error `body` throws, failing the test when it throws none or another type.
    private func thrown(_ body: () throws -> Void) -> DIError? {
        do {
            try body()
            Issue.record("expected a DIError")
            return nil
        } catch {
            return error as? DIError
        }
    }

    @Test func unregisteredTypeNamesTheRequest() throws {
        let container = DIContainer()
        let error = try #require(thrown { _ = try container.resolveOrThrow(Cat.self) })
        guard case .notRegistered(let request, let similar) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(request.typeName == "Cat")
        #expect(similar.isEmpty)
        #expect(error.code == "not-registered")
        #expect(error.description.hasPrefix("error[not-registered]: no registration for `Cat`"))
        #expect(error.description.contains("help: "))
    }

    @Test func missingDependencyShowsThePathWithLifetimesAndSites() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(XYZViewModel.init(fetcher:updater:service:)).lifetime(.objectGraph)
        container.register(XYZCombinedService.init).as((any XYZFetching).self).as((any XYZUpdating).self)
        container.register(XYZService.init(session:))
        let error = try #require(thrown { _ = try container.resolveOrThrow(XYZViewModel.self) })
        #expect(error.code == "not-registered")
        #expect(error.path.map(\.component.line) == [line, line + 2])
        let text = error.description
        #expect(
            text.contains(
                "path: XYZViewModel (objectGraph, TetherTests/ErrorTests.swift:\(line)) -> XYZService (prototype, TetherTests/ErrorTests.swift:\(line + 2)) -> XYZSessionService"
            ), "\(text)")
    }

    @Test func nearMissUnderAnotherNameIsSuggested() throws {
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).as((any Animal).self, name: "tom")
        let error = try #require(thrown { _ = try container.resolveOrThrow((any Animal).self) })
        guard case .notRegistered(_, let similar) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(similar.map(\.reason) == [.differentName("tom")])
        #expect(error.help.contains("name: \"tom\""))
    }

    @Test func nearMissNamesTheFirstNameTheRegistrationProvidesTheTypeUnder() throws {
        let container = DIContainer()
        // The provider index keeps no names of its own: a near miss reads them from the registration, tags aside.
        container.register(Cat.init as @Sendable () -> Cat).as(Cat.self, name: "tom").as(Cat.self, name: "felix")
            .tag(Cat.self)
        let error = try #require(thrown { _ = try container.resolveOrThrow(Cat.self, name: "garfield") })
        guard case .notRegistered(_, let similar) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(similar.map(\.reason) == [.differentName("tom")])
        #expect(error.help.contains("name: \"tom\""), "\(error.help)")
    }

    @Test func nearMissOfOptionalOnlyIsSuggested() throws {
        let container = DIContainer()
        container.register { () -> D? in nil }
        let error = try #require(thrown { _ = try container.resolveOrThrow(D.self) })
        guard case .notRegistered(_, let similar) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(similar.map(\.reason) == [.optionalOnly])
    }

    @Test func aDependencysOptionalNearMissFollowsALateRegistrationOfTheOptional() throws {
        // Binding asks about `D?` only where nothing provides `D`: a late `D?` must still reach the bound error.
        let container = DIContainer()
        container.register(C.init(d:z:))
        container.register(Z.init)
        let before = try #require(thrown { _ = try container.resolveOrThrow(C.self) })
        guard case .notRegistered(let request, let similarBefore) = before.kind else {
            Issue.record("wrong kind: \(before.kind)")
            return
        }
        #expect(request.typeName == "D")
        #expect(similarBefore.isEmpty)
        container.register { () -> D? in nil }
        let after = try #require(thrown { _ = try container.resolveOrThrow(C.self) })
        guard case .notRegistered(_, let similarAfter) = after.kind else {
            Issue.record("wrong kind: \(after.kind)")
            return
        }
        #expect(similarAfter.map(\.reason) == [.optionalOnly])
        container.register(D.init)
        #expect(try container.resolveOrThrow(C.self).z !== container.resolveOrThrow(C.self).z)
    }

    @Test func ambiguityListsEveryCandidateWithItsSite() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(Cat.init as @Sendable () -> Cat).as((any Animal).self)
        container.register(Dog.init).as((any Animal).self)
        let error = try #require(thrown { _ = try container.resolveOrThrow((any Animal).self) })
        guard case .ambiguous(_, let candidates) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(candidates.map(\.line) == [line, line + 1])
        #expect(error.code == "ambiguous-dependency")
        #expect(error.description.contains("candidate: Dog at TetherTests/ErrorTests.swift:\(line + 1)"))
    }

    @Test func multipleDefaultsAreAnError() throws {
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).as((any Animal).self).default()
        container.register(Dog.init).as((any Animal).self).default()
        let error = try #require(thrown { _ = try container.resolveOrThrow((any Animal).self) })
        guard case .multipleDefaults(_, let candidates) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(candidates.count == 2)
    }

    final class Left { init(right: Right) {} }
    final class Right { init(left: Left) {} }

    @Test func constructorCycleIsReportedWithItsPathNotAStackOverflow() throws {
        let container = DIContainer()
        container.register(Left.init(right:))
        container.register(Right.init(left:))
        let error = try #require(thrown { _ = try container.resolveOrThrow(Left.self) })
        guard case .cycle(let request, let cycle) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(request.typeName == "Left")
        #expect(cycle.map(\.requested.typeName) == ["Left", "Right"])
        #expect(error.description.contains("path: Left (prototype,"))
        #expect(error.description.contains("cycle: Left (prototype"))
    }

    final class Selfish { init(me: Selfish) {} }

    @Test func factoryNeedingItsOwnTypeIsACycle() throws {
        let container = DIContainer()
        container.register(Selfish.init(me:))
        let error = try #require(thrown { _ = try container.resolveOrThrow(Selfish.self) })
        #expect(error.code == "dependency-cycle")
    }

    final class Person { var pet: Pet? }
    final class Pet { var owner: Person? }

    @Test func injectionCycleOfPrototypesNeverEndsSoItIsAnError() throws {
        let container = DIContainer()
        container.register(Person.init).injection(\.pet)
        container.register(Pet.init).injection(\.owner)
        let error = try #require(thrown { _ = try container.resolveOrThrow(Person.self) })
        #expect(error.code == "dependency-cycle")
    }

    final class Hub { var spoke: Spoke? }
    final class Spoke { var hub: Hub? }

    @Test func immediateInjectionCycleIsAnErrorEvenWhenSharedInTheGraph() throws {
        let container = DIContainer()
        container.register(Hub.init).lifetime(.objectGraph).injection(\.spoke)
        container.register(Spoke.init).lifetime(.objectGraph).injection(\.hub)
        let error = try #require(thrown { _ = try container.resolveOrThrow(Hub.self) })
        guard case .cycle(_, let cycle) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(cycle.map(\.requested.typeName) == ["Hub", "Spoke"])
        #expect(error.help.contains("cycle: true"))
    }

    @Test func cachedComponentWithArgumentsIsRefused() throws {
        let container = DIContainer()
        container.register { (text: DIArgument<String>) in Greeting(text: text.value) }.lifetime(.perContainer(.strong))
        let error = try #require(thrown { _ = try container.resolveOrThrow(Greeting.self, arguments: "hi") })
        #expect(error.code == "cached-arguments")
    }

    @Test func deferredInjectionCycleOfPrototypesIsAnError() throws {
        let container = DIContainer()
        container.register(Person.init).injection(cycle: true, \.pet)
        container.register(Pet.init).injection(cycle: true, \.owner)
        let error = try #require(thrown { _ = try container.resolveOrThrow(Person.self) })
        #expect(error.code == "dependency-cycle")
    }

    @Test func failedAliasCastNamesTheAliasAndTheSite() throws {
        let container = DIContainer()
        container.register(D.init).as((any Animal).self)
        let error = try #require(thrown { _ = try container.resolveOrThrow((any Animal).self) })
        guard case .aliasCastFailed(let component, let alias, _) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(alias.typeName == "Animal")
        #expect(ObjectIdentifier(component.type) == ObjectIdentifier(D.self))
        #expect(error.help.hasPrefix("remove `.as((any Animal).self)` from the registration at "))
    }

    @Test func failedNamedAliasCastSuggestsRemovingTheNamedAlias() throws {
        let container = DIContainer()
        container.register(D.init).as((any Animal).self, name: "pet")
        let error = try #require(thrown { _ = try container.resolveOrThrow((any Animal).self, name: "pet") })
        #expect(error.code == "alias-cast-failed")
        #expect(error.failedRequest == "Animal named \"pet\"")
        #expect(error.help.hasPrefix("remove `.as((any Animal).self, name: \"pet\")` from the registration at "))
    }

    final class Greeting: Sendable {
        init(text: String) {}
    }

    @Test func wrongOrMissingRuntimeArgumentsAreErrors() throws {
        let container = DIContainer()
        container.register { (text: DIArgument<String>) in Greeting(text: text.value) }
        let missing = try #require(thrown { _ = try container.resolveOrThrow(Greeting.self) })
        guard case .argumentMismatch(_, let expected, let received) = missing.kind else {
            Issue.record("wrong kind: \(missing.kind)")
            return
        }
        #expect(expected == ["String"])
        #expect(received.isEmpty)
        let wrong = try #require(thrown { _ = try container.resolveOrThrow(Greeting.self, arguments: 42) })
        guard case .argumentMismatch(_, _, let got) = wrong.kind else {
            Issue.record("wrong kind: \(wrong.kind)")
            return
        }
        #expect(got == ["Int"])
    }

    final class Host { init(greeting: Greeting) {} }

    @Test func componentWithArgumentsCannotBeAPlainDependency() throws {
        let container = DIContainer()
        container.register { (text: DIArgument<String>) in Greeting(text: text.value) }
        container.register(Host.init(greeting:))
        let error = try #require(thrown { _ = try container.resolveOrThrow(Host.self) })
        #expect(error.code == "arguments-unavailable")
        #expect(error.path.map(\.requested.typeName) == ["Host"])
    }

    final class WrongStorage: DIStorage {
        var any: [DIComponentInfo: Any] { [:] }
        func fetch(key: DIComponentInfo) -> Any? { "not a cat" }
        func save(object: Any, by key: DIComponentInfo) {}
        func clean() {}
    }

    @Test func storageReturningTheWrongTypeIsAnErrorNotACrash() throws {
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).lifetime(
            .custom(DIScope(name: "broken", storage: WrongStorage())))
        let error = try #require(thrown { _ = try container.resolveOrThrow(Cat.self) })
        guard case .storageTypeMismatch(let scope, _, let found) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(scope == "broken")
        #expect(found == "String")
    }

    struct Boom: Error {}

    @Test func factoryErrorsAreWrappedWithThePath() throws {
        let container = DIContainer()
        container.register { () throws -> D in throw Boom() }
        container.register(C.init(d:z:))
        container.register(Z.init)
        let error = try #require(thrown { _ = try container.resolveOrThrow(C.self) })
        guard case .factoryFailed(_, let underlying) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(underlying is Boom)
        #expect(error.path.map(\.requested.typeName) == ["C", "D"])
    }

    @Test func trappingResolvePrintsTheSameText() async {
        await #expect(processExitsWith: .failure) {
            let container = DIContainer()
            let _: Cat = container.resolve()
        }
    }
}
