import Testing
import Tether
import TetherValidation

/// Two features that each name their use cases `UseCases`, as the Swinject app the issue ported does 28 times.
enum AuthFeature {
    final class UseCases {
        init(api: AuthAPI) {}
    }
}
enum OrdersFeature {
    final class UseCases {
        init(history: Lazy<OrdersFeature.History>) {}
    }
    final class History {}
}
final class AuthAPI {}

@Suite("Reports name a type with its parents where its short name is shared")
struct TypeNameTests {
    @Test func typesThatShareAShortNameAreNamedWithTheirParents() throws {
        let container = DIContainer()
        container.register(AuthFeature.UseCases.init(api:))
        container.register(OrdersFeature.UseCases.init(history:))
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency", "missing-dependency"], "\(report)")
        let text = report.description
        #expect(text.contains("(parameter 1 of AuthFeature.UseCases)"), "\(text)")
        #expect(text.contains("(parameter 1 of OrdersFeature.UseCases)"), "\(text)")
        #expect(text.contains("no registration for `History`"), "a name nothing else has stays short: \(text)")
        #expect(!text.contains("TetherValidationTests."), "no module: \(text)")
    }

    @Test func aShortNameOnlyOneTypeHasStaysShort() throws {
        let container = DIContainer()
        container.register(AuthFeature.UseCases.init(api:))
        let text = container.validationReport().description
        #expect(text.contains("(parameter 1 of UseCases)"), "\(text)")
    }

    @Test func errorsThrownByAResolveKeepTheShortName() throws {
        let container = DIContainer()
        container.register(AuthFeature.UseCases.init(api:))
        container.register(OrdersFeature.UseCases.init(history:))
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(AuthFeature.UseCases.self) }
        #expect(error.description.contains("path: UseCases"), "\(error)")
    }
}
