import Testing
import Tether
import TetherValidation

// An app's main-actor screens and async sessions, and the services around them.
private final class Database: Sendable {}
private final class LiveSession: Sendable {
    init(database: Database) async {}
}
private final class SessionFeed: Sendable {
    init(session: LiveSession) {}
}
private final class SessionBadge: Sendable {
    init(session: LiveSession) {}
}
@MainActor private final class RootScreen {
    init(database: Database) {}
}
private final class RootCoordinator: Sendable {
    init(screen: RootScreen) {}
}
private final class ScreenFactory: Sendable {
    init(screen: Provider<RootScreen>) {}
}

@Suite("async-factory and main-actor-isolated: what a synchronous resolve cannot build")
struct IsolationCheckTests {
    @Test func anAsyncDependencyThatKeepsNoInstanceIsOneErrorNamingEveryConsumer() throws {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        let line = #line + 1
        container.register(LiveSession.init)
        container.register(SessionFeed.init)
        container.register(SessionBadge.init)
        let report = container.validationReport()
        #expect(report.codes == ["async-factory"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .error)
        #expect(
            finding.message
                == "`LiveSession` has an async factory and the lifetime prototype, so no resolve can build `SessionFeed`, `SessionBadge`, which need it"
        )
        #expect(finding.occurrences.map(\.component?.typeName) == ["SessionFeed", "SessionBadge"])
        #expect(
            finding.help.hasPrefix(
                "give the registration at TetherValidationTests/IsolationCheckTests.swift:\(line) a lifetime that keeps its instance"
            ))
        // What the error says: even an awaiting resolve cannot build the consumer.
        #expect(throws: DIValidationError.self) { try container.validate() }
    }

    @Test func anAsyncDependencyThatKeepsItsInstanceIsANoteAndResolvesOnceMade() async throws {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(LiveSession.init).lifetime(.single)
        container.register(SessionFeed.init)
        let report = container.validationReport()
        #expect(report.codes == ["async-factory"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .note)
        #expect(
            finding.message
                == "`LiveSession` has an async factory: a synchronous resolve of `SessionFeed` works only once an awaiting resolve made it"
        )
        // What the note says.
        #expect(throws: DIError.self) { try container.resolveOrThrow(SessionFeed.self) }
        _ = try await container.resolveAsync(SessionFeed.self)
        _ = try container.resolveOrThrow(SessionFeed.self)
    }

    @Test func anAsyncConsumerOfAKeptAsyncComponentIsNoFinding() {
        final class Sync: Sendable {
            init(session: LiveSession) async {}
        }
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(LiveSession.init).lifetime(.perContainer(.strong))
        container.register(Sync.init)
        #expect(container.validationReport().findings.isEmpty)
    }

    @Test func aNonIsolatedSingletonHoldingAMainActorComponentIsAWarning() throws {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(RootScreen.init).lifetime(.single)
        container.register(RootCoordinator.init).lifetime(.single)
        let report = container.validationReport()
        #expect(report.codes == ["main-actor-isolated"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .warning)
        #expect(
            finding.message
                == "`RootCoordinator` (single) is not isolated to the main actor but keeps `RootScreen`, which is")
        #expect(finding.location?.context == "parameter 1 of RootCoordinator")
        #expect(finding.help.contains("`Provider<RootScreen>`"))
    }

    @Test func aNonIsolatedPrototypeNeedingAMainActorComponentIsANote() throws {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(RootScreen.init)
        container.register(RootCoordinator.init)
        let report = container.validationReport()
        let finding = try #require(report.findings.first)
        #expect(report.codes == ["main-actor-isolated"])
        #expect(finding.severity == .note)
        #expect(
            finding.message
                == "`RootScreen` is built on the main actor, so `RootCoordinator`, not isolated to it, resolves only there or with `await`"
        )
    }

    @Test func aProviderOfAMainActorComponentIsNoFinding() {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(RootScreen.init)
        container.register(ScreenFactory.init).lifetime(.single)
        #expect(container.validationReport().findings.isEmpty)
    }

    @Test func theSnapshotRecordsEachFactoryKind() {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(LiveSession.init)
        container.register(RootScreen.init)
        #expect(
            DIRegistrySnapshot(of: container).components.map(\.factoryKind) == [
                .synchronous, .asynchronous, .mainActor,
            ])
    }

    @Test func theAwaitingResolveThatTheErrorRulesOutFailsAsTheErrorSays() async {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(LiveSession.init)
        container.register(SessionFeed.init)
        await #expect(throws: DIError.self) { _ = try await container.resolveAsync(SessionFeed.self) }
    }
}

private final class SessionLoader: Sendable {
    let session: Lazy<LiveSession>
    init(session: Lazy<LiveSession>) { self.session = session }
}
private final class AsyncHolder: Sendable {
    init(screen: RootScreen) async {}
}

extension IsolationCheckTests {
    @Test func aLazyOfAnAsyncComponentThatKeepsNoInstanceIsAnError() throws {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(LiveSession.init)
        container.register(SessionLoader.init)
        let report = container.validationReport()
        #expect(report.codes == ["async-factory"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.location?.context == "parameter 1 of SessionLoader")
        #expect(finding.message.hasPrefix("`LiveSession` has an async factory and the lifetime prototype, so the `"))
        // What the error says: the Lazy can never get it.
        let loader = try container.resolveOrThrow(SessionLoader.self)
        #expect(throws: DIError.self) { try loader.session.get() }
    }

    @Test func anAsyncHolderOfAMainActorComponentIsNoFinding() {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(RootScreen.init).lifetime(.single)
        container.register(AsyncHolder.init).lifetime(.single)
        #expect(container.validationReport().findings.isEmpty)
    }
}

/// An object launch code makes on the main actor and registers there: not `Sendable`.
private final class Ledger {
    var lines: [String] = []
}
private final class LedgerTotals: Sendable {
    init(ledger: Ledger) {}
}
private final class LedgerPage: Sendable {
    init(ledger: Ledger) {}
}
/// Types the container does not make, which hold a wrapper of a main-actor component.
@MainActor private final class RootScreenModel {
    @Injected var screen: RootScreen
}
@MainActor private class MainActorBase {}
private final class InheritingScreenModel: MainActorBase {
    @LazyInjected var screen: RootScreen
}

extension IsolationCheckTests {
    /// The error a resolve of `type` on another thread throws, awaiting or not; `nil` if it throws none.
    private func errorOffTheMainActor<T: Sendable>(
        _ container: DIContainer, _ type: T.Type, awaiting: Bool = false
    ) async -> DIError? {
        await Task.detached { () async -> DIError? in
            do throws(DIError) {
                if awaiting {
                    _ = try await container.resolveAsync(T.self)
                } else {
                    _ = try container.resolveOrThrow(T.self)
                }
                return nil
            } catch {
                return error
            }
        }.value
    }

    @MainActor
    @Test func aKeptComponentNeedingAnInstanceRegisteredOnTheMainActorIsAWarningAsItsResolveElsewhereFails()
        async throws
    {
        let container = DIContainer()
        let line = #line + 1
        container.registerInstance(Ledger())
        container.register(LedgerTotals.init).lifetime(.perContainer(.strong))
        let report = container.validationReport()
        #expect(report.codes == ["main-actor-isolated"])
        let finding = try #require(report.findings.first)
        #expect(
            finding.description == """
                warning[main-actor-isolated]: `LedgerTotals` (perContainer(.strong)) is not isolated to the main actor but keeps `Ledger`, which was registered on the main actor and is handed out there only
                  --> TetherValidationTests/IsolationCheckTests.swift:\(line + 1) (parameter 1 of LedgerTotals)
                  path: LedgerTotals (perContainer(.strong)) -> Ledger (perContainer(.strong))
                  why: it can be built only on the main actor, wherever it is first resolved, and it holds a main-actor object that it may use only there
                  help: isolate `LedgerTotals` to the main actor (register a `@MainActor` type or closure), or take `Provider<Ledger>` and get it on the main actor when needed, or make `Ledger` `Sendable`, which the other `registerInstance` shares on any thread
                """)
        // What the resolve does: elsewhere it is refused, here it is built.
        #expect(await errorOffTheMainActor(container, LedgerTotals.self)?.code == "main-actor-isolated")
        _ = try container.resolveOrThrow(LedgerTotals.self)
    }

    @MainActor
    @Test func aPrototypeNeedingAnInstanceRegisteredOnTheMainActorIsANoteThatOffersNoAwait() async throws {
        let container = DIContainer()
        container.registerInstance(Ledger())
        container.register(LedgerPage.init)
        let report = container.validationReport()
        #expect(report.codes == ["main-actor-isolated"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .note)
        #expect(
            finding.message
                == "`Ledger` was registered on the main actor and is handed out there only, so `LedgerPage`, not isolated to it, resolves only there"
        )
        #expect(
            finding.help
                == "resolve them on the main actor: from `@MainActor` code (`resolveAsync` too), or inside `await MainActor.run { ... }`; elsewhere a resolve throws `main-actor-isolated`, awaiting or not"
        )
        let awaiting = await errorOffTheMainActor(container, LedgerPage.self, awaiting: true)
        #expect(awaiting?.code == "main-actor-isolated")
    }

    @MainActor
    @Test func aPrototypeNeedingAnInstanceSharedAsTheMainActorsIsANote() throws {
        let container = DIContainer()
        container.register { @MainActor in Ledger() }.lifetime(.perContainer(.strong), on: MainActor.self)
        container.register(LedgerPage.init)
        let report = container.validationReport()
        #expect(report.codes == ["main-actor-isolated"])
        #expect(
            try #require(report.findings.first).message
                == "`Ledger` is shared as the main actor's and handed out there only, so `LedgerPage`, not isolated to it, resolves only there"
        )
    }

    @Test func aMainActorTypeTheContainerDoesNotMakeIsNotReportedForItsWrappers() {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.register(RootScreen.init)
        container.registerWrappers(of: RootScreenModel.self)  // `@MainActor` written
        container.registerWrappers(of: InheritingScreenModel.self)  // inherited from its base class
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }
}
