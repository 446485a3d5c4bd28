import Testing
import Tether
import TetherValidation

// The edge to defer is named as the consumer declares it: the protocol, not the implementation behind `.as`.
protocol SessionService: AnyObject {}
final class SessionServiceImp: SessionService {
    init(tokens: TokenRefresher) {}
}
final class TokenRefresher {
    init(session: any SessionService) {}
    init(deferred session: Lazy<any SessionService>) {}
}

@Suite("dependency-cycle: the fix names the type the consumer asks for")
struct CycleHelpTests {
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register(SessionServiceImp.init(tokens:)).as((any SessionService).self).lifetime(.objectGraph)
        container.register(TokenRefresher.init(session:)).lifetime(.objectGraph)
        return container
    }

    @Test func theRuntimeCycleErrorNamesTheProtocolTheConsumerAsksFor() throws {
        let error = try #require(
            #expect(throws: DIError.self) { try container().resolveOrThrow((any SessionService).self) })
        #expect(error.code == "dependency-cycle")
        // Spelled as code under ExistentialAny must spell it.
        #expect(
            error.help.hasPrefix(
                "take `SessionService` as `Lazy<any SessionService>` or `Provider<any SessionService>`"))
        #expect(!error.description.contains("Lazy<SessionServiceImp>"))
        #expect(error.message == "`SessionService` is needed while it is still being built")
    }

    @Test func theValidationFindingNamesTheProtocolToo() throws {
        let finding = try #require(container().validationReport().findings.first)
        #expect(finding.code == .dependencyCycle)
        #expect(finding.details.last == "defer: parameter 1 of TokenRefresher (`SessionService`)")
        #expect(
            finding.help.hasPrefix(
                "take it as `Lazy<any SessionService>` or `Provider<any SessionService>` in TokenRefresher"))
    }

    final class Looping: SessionService, Sendable {}

    @Test func aNestedResolveBackThroughAnAliasNamesTheAliasNotTheImplementation() throws {
        let container = DIContainer()
        container.register { [unowned container] () throws -> Looping in
            _ = try container.resolveOrThrow((any SessionService).self)  // itself, through its alias
            return Looping()
        }.as((any SessionService).self).lifetime(.perContainer(.strong))
        let error = try #require(
            #expect(throws: DIError.self) { try container.resolveOrThrow((any SessionService).self) })
        #expect(error.code == "dependency-cycle")
        #expect(error.message == "`SessionService` is needed while it is still being built")
        #expect(error.help.hasPrefix("take `SessionService` as `Lazy<any SessionService>`"))
    }

    @Test func deferringTheNamedEdgeEndsTheCycle() throws {
        let container = DIContainer()
        container.register(SessionServiceImp.init(tokens:)).as((any SessionService).self).lifetime(.objectGraph)
        container.register { (session: Lazy<any SessionService>) in TokenRefresher(deferred: session) }
            .lifetime(.objectGraph)
        try container.validate()
        _ = try container.resolveOrThrow((any SessionService).self)
    }
}
