import Testing
import Tether
import TetherValidation

@testable import MainActorApp

/// The registrations of a target whose code is `@MainActor` by default, as Concurrency.md writes them: they
/// compile (this target builds with warnings as errors), validate, and resolve as the page says, on the main actor
/// and off it. The tests are the main actor's too, by the same default.
@Suite("An app whose code is main-actor by default")
struct MainActorAppTests {
    @Test func theRegistrationsAsTheDocsWriteThemPassValidation() throws {
        let container = makeContainer(settings: AppSettings())
        try container.validate()
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func initializerReferencesAndMainActorClosuresRegisterMainActorComponents() {
        let container = makeContainer(settings: AppSettings())
        let components = container.registrySnapshot().components
        #expect(
            components.map(\.typeName) == [
                "LiveOrdersAPI", "Session", "CartStore", "OrdersModel", "PriceFormatter", "AppSettings",
            ])
        // A class's synthesized `init()` is nonisolated (its properties' defaults are), so it is a plain factory; a
        // written initializer and a `@MainActor in` closure are the main actor's.
        #expect(
            components.map(\.factoryKind) == [
                .synchronous, .mainActor, .mainActor, .mainActor, .synchronous, .synchronous,
            ])
        #expect(components.map(\.sharing) == [.sendable, .sendable, .sendable, .mainActor, .sendable, .sendable])
    }

    @Test func mainActorComponentsGetTheSharedInstancesTheyDependOn() throws {
        let container = makeContainer(settings: AppSettings())
        let model = try container.resolveOrThrow(OrdersModel.self)
        #expect(model.store === (try container.resolveOrThrow(CartStore.self)))
        #expect(model.store.session === (try container.resolveOrThrow(Session.self)))
        #expect(model.store.api === (try container.resolveOrThrow((any OrdersAPI).self)))
        #expect(model.store.session.user == "ada")
        #expect(model.prices === (try container.resolveOrThrow(PriceFormatter.self)))
        #expect(try container.resolveOrThrow(OrdersModel.self) !== model)  // prototype: a new one each time
    }

    @Test func theNonisolatedSendableServiceIsOneInstanceOnEveryThread() async throws {
        let container = makeContainer(settings: AppSettings())
        let elsewhere = try await Task.detached { try container.resolveOrThrow(PriceFormatter.self) }.value
        #expect(elsewhere === (try container.resolveOrThrow(PriceFormatter.self)))
        #expect(elsewhere.format(cents: 1250) == "12.50")
        container.dropProcessWideInstances()
    }

    @Test func theInstanceRegisteredAtLaunchIsHandedOutOnEveryThread() async throws {
        let settings = AppSettings()
        let container = makeContainer(settings: settings)
        #expect(try container.resolveOrThrow(AppSettings.self) === settings)
        let elsewhere = try await Task.detached { try container.resolveOrThrow(AppSettings.self) }.value
        #expect(elsewhere === settings)  // a main-actor class is `Sendable`: shared, and used on the main actor
    }

    @Test func aMainActorComponentOffTheMainActorThrowsUntilAnAwaitingResolveBuildsIt() async throws {
        // snippet: main-actor-app-elsewhere
        let container = makeContainer(settings: AppSettings())
        let error = await Task.detached {  // a background job
            #expect(throws: DIError.self) { try container.resolveOrThrow(OrdersModel.self) }
        }.value
        #expect(error?.code == "main-actor-isolated")  // built on the main actor only: nothing was built

        let model = try await Task.detached {
            try await container.resolveAsync(OrdersModel.self)  // hops to the main actor to build it
        }.value
        let store = try await Task.detached { try container.resolveOrThrow(CartStore.self) }.value
        #expect(store === model.store)  // it exists now, and its lifetime is on its line: any thread gets it
        // end-snippet
        container.dropProcessWideInstances()
    }
}
