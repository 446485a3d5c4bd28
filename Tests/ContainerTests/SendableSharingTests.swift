import Testing
import Tether
import TetherTestSupport

/// A service as apps write them: mutable, not `Sendable`.
final class Recorder {
    var calls: [String] = []
}

/// The same service made `Sendable`: its state behind the test support's lock.
final class SharedTally: Sendable {
    let count = Counter()
}

/// A module whose default lifetime shares what it registers, as a migrated DITranquillity part would.
enum RecordingModule: DIModule {
    static let defaultLifetime: DILifeTime? = .perContainer(.strong)
    static func register(in container: DIContainer) {
        container.register(Recorder.init)
    }
}

/// A module whose default lifetime shares what it registers, registering a `Sendable` type.
enum TallyModule: DIModule {
    static let defaultLifetime: DILifeTime? = .perContainer(.strong)
    static func register(in container: DIContainer) {
        container.register(SharedTally.init)
    }
}

/// A main-actor factory of an object that is not `Sendable`, under the same default.
enum MainActorRecordingModule: DIModule {
    static let defaultLifetime: DILifeTime? = .perContainer(.strong)
    static func register(in container: DIContainer) {
        container.register { @MainActor in Recorder() }
    }
}

@Suite("What the container shares beyond a resolve is Sendable, or isolated, or promised")
struct SendableSharingTests {
    @Test func aSendableInstanceSharedByTwoTasksCountsEveryIncrement() async {
        let container = DIContainer()
        container.register(SharedTally.init).lifetime(.perContainer(.strong))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<200_000 { container.resolve(SharedTally.self).count.increment() }
                }
            }
        }
        #expect(container.resolve(SharedTally.self).count.count == 400_000)
    }

    @Test func aSharedLifetimeFromAModuleDefaultIsRefusedAtResolveNotSharedSilently() throws {
        let container = DIContainer()
        container.install(RecordingModule.self)
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(Recorder.self) }
        #expect(error.code == "shared-not-sendable")
        #expect(error.description.contains("\n  path: Recorder\n"), "the refused type ends the path")
        #expect(
            error.message
                == "Recorder gets the shared lifetime perContainer(.strong) from a default or from the registration it "
                + "replaces, and nothing says it is safe to share between threads")
        #expect(
            error.details.first?.hasPrefix("registered at: RecordingModule > TetherTests/SendableSharingTests") == true)
        #expect(error.help.contains("`.lifetime(.perContainer(.strong))`, which compiles once Recorder is `Sendable`"))
        #expect(error.help.contains("`.lifetime(uncheckedSendable: .perContainer(.strong))`"))
        #expect(container.registrySnapshot().components.first?.sharing == .unproven)
    }

    @Test func aSharedLifetimeFromAModuleDefaultSharesATypeTheCompilerProvedSendable() throws {
        let container = DIContainer()
        container.install(TallyModule.self)
        let first = try container.resolveOrThrow(SharedTally.self)
        #expect(try container.resolveOrThrow(SharedTally.self) === first, "one instance, as the default says")
        let snapshot = try #require(container.registrySnapshot().components.first)
        #expect(snapshot.sharing == .sendable, "the register overload the compiler chose recorded the proof")
        #expect(snapshot.lifetime == .perContainer(.strong))
    }

    @Test func theProcessWideDefaultSharesASendableTypeAndRefusesAnyOther() async {
        // Its own process: `DISetting.Defaults.lifeTime` is process-wide and other tests run in parallel.
        await #expect(processExitsWith: .success) {
            DISetting.Defaults.lifeTime = .perContainer(.strong)
            let container = DIContainer()
            container.register(SharedTally.init)
            container.register(Recorder.init)
            precondition(container.resolve(SharedTally.self) === container.resolve(SharedTally.self))
            do throws(DIError) {
                _ = try container.resolveOrThrow(Recorder.self)
                preconditionFailure("a Recorder was shared")
            } catch {
                precondition(error.code == "shared-not-sendable", "\(error)")
            }
        }
    }

    @Test func aGraphLifetimeOnTheLineNeedsNoProof() throws {
        let container = DIContainer()
        container.install(RecordingModule.self)
        container.register(Recorder.init).lifetime(.objectGraph).replacing()
        #expect(try container.resolveOrThrow(Recorder.self) !== container.resolveOrThrow(Recorder.self))
    }

    @Test func theEscapeSharesOnTheUsersPromise() throws {
        let container = DIContainer()
        container.register(Recorder.init).lifetime(uncheckedSendable: .perContainer(.strong))
        let first = try container.resolveOrThrow(Recorder.self)
        first.calls.append("first")
        #expect(try container.resolveOrThrow(Recorder.self) === first)
        #expect(container.registrySnapshot().components.first?.sharing == .unchecked)
    }

    @MainActor
    @Test func aMainActorFactorysObjectIsSharedOnTheMainActorOnly() async throws {
        let container = DIContainer()
        container.register { @MainActor in Recorder() }.lifetime(.perContainer(.strong), on: MainActor.self)
        let first = try container.resolveOrThrow(Recorder.self)
        #expect(try container.resolveOrThrow(Recorder.self) === first)
        let elsewhere = await errorOffTheMainActor { _ = try container.resolveOrThrow(Recorder.self) }
        #expect(elsewhere?.code == "main-actor-isolated", "the instance exists, and is still not handed out there")
    }

    @MainActor
    @Test func aMainActorFactoryUnderASharedDefaultIsSharedOnTheMainActorOnly() async throws {
        let container = DIContainer()
        container.install(MainActorRecordingModule.self)
        let first = try container.resolveOrThrow(Recorder.self)
        #expect(try container.resolveOrThrow(Recorder.self) === first)
        #expect(container.registrySnapshot().components.first?.sharing == .mainActor)
        let elsewhere = await errorOffTheMainActor { _ = try await container.resolveAsync(Recorder.self) }
        #expect(
            elsewhere?.code == "main-actor-isolated",
            "an awaiting resolve elsewhere does not carry it off the main actor")
    }

    @Test func theMainActorLifetimeOnAPlainFactoryIsAnInvalidRegistration() throws {
        let container = DIContainer()
        container.register(Recorder.init).lifetime(.perContainer(.strong), on: MainActor.self)
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(Recorder.self) }
        #expect(error.code == "invalid-registration")
        #expect(
            error.message
                == "the registration of Recorder is invalid: lifetime(.perContainer(.strong), on: MainActor.self) "
                + "needs a @MainActor factory or an instance registered on the main actor")
    }

    /// Item 7 of issue 34: a test that swaps in a mock it inspects afterwards, on the main actor.
    @MainActor
    @Test func aMainActorTestRegistersANonSendableMockAndInspectsIt() throws {
        let container = DIContainer()
        let mock = Recorder()
        container.registerInstance(mock)
        try container.resolveOrThrow(Recorder.self).calls.append("resolved")
        #expect(mock.calls == ["resolved"])
    }
}
