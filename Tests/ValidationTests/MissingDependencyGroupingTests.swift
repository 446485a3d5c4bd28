import Testing
import Tether
import TetherValidation

// A part left out of the app is one thing to add: one finding per missing key, every consumer listed.
protocol AnalyticsTracking: AnyObject {}
final class FeedScreen {
    init(analytics: any AnalyticsTracking) {}
}
final class SearchScreen {
    init(analytics: any AnalyticsTracking) {}
}
final class ProfileScreen {
    init(analytics: any AnalyticsTracking, audit: Lazy<any AnalyticsTracking>) {}
}
final class ConsoleTracker: AnalyticsTracking {}

@Suite("missing-dependency: one finding per missing type, name and tag")
struct MissingDependencyGroupingTests {
    @Test func everyConsumerOfOneMissingTypeIsListedInOneFinding() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(FeedScreen.init(analytics:)).root()
        container.register(SearchScreen.init(analytics:)).root()
        container.register(ProfileScreen.init(analytics:audit:)).root()
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"])
        let finding = try #require(report.findings.first)
        #expect(
            finding.occurrences.map(\.location.context) == [
                "parameter 1 of FeedScreen", "parameter 1 of SearchScreen", "parameter 1 of ProfileScreen",
                "parameter 2 of ProfileScreen",
            ])
        let site = "TetherValidationTests/MissingDependencyGroupingTests.swift"
        #expect(
            finding.description == """
                error[missing-dependency]: no registration for `AnalyticsTracking` (needed in 4 places)
                  --> \(site):\(line) (parameter 1 of FeedScreen)
                  path: FeedScreen (prototype) -> AnalyticsTracking
                  needed by: parameter 1 of FeedScreen at \(site):\(line)
                  needed by: parameter 1 of SearchScreen at \(site):\(line + 1)
                  needed by: parameter 1 of ProfileScreen at \(site):\(line + 2)
                  needed by: parameter 2 of ProfileScreen at \(site):\(line + 2)
                  help: register a component that provides `AnalyticsTracking` (or add `.as((any AnalyticsTracking).self)` to one that implements it), or take `AnalyticsTracking?` if it is optional; a parameter with a default value is resolved too: to keep its default, register a closure that leaves it out
                """)
        #expect(report.summary == "1 error, 0 warnings, 0 notes")
    }

    @Test func aNameMakesAnotherKeyAndKeepsItsNearMiss() throws {
        let container = DIContainer()
        container.register(FeedScreen.init(analytics:)).parameter(at: 0, name: "main")
        container.register(SearchScreen.init(analytics:)).parameter(at: 0, name: "main")
        container.register(ProfileScreen.init(analytics:audit:))
        let line = #line + 1
        container.register(ConsoleTracker.init).as((any AnalyticsTracking).self, name: "console")
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency", "missing-dependency"])
        let named = try #require(report.findings.first)
        #expect(named.message == #"no registration for `AnalyticsTracking` named "main" (needed in 2 places)"#)
        #expect(
            named.details.last
                == "similar: ConsoleTracker registered under name \"console\" at TetherValidationTests/MissingDependencyGroupingTests.swift:\(line)"
        )
        #expect(
            named.help.hasPrefix(
                #"register `AnalyticsTracking` under "main", or add `.as((any AnalyticsTracking).self, name: "main")`"#)
        )
        let unnamed = try #require(report.findings.last)
        #expect(unnamed.message == "no registration for `AnalyticsTracking` (needed in 2 places)")
        #expect(unnamed.involved.map(\.typeName) == ["ConsoleTracker"])
    }

    @Test func aConsumerThatSuppressesTheCodeLeavesTheGroupAlone() throws {
        let container = DIContainer()
        container.register(FeedScreen.init(analytics:))
        container.register(SearchScreen.init(analytics:))
            .suppress("missing-dependency", reason: "search is resolved only in the full app")
        container.register(ProfileScreen.init(analytics:audit:))
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"])
        #expect(
            report.findings.first?.occurrences.map(\.component?.typeName) == [
                "FeedScreen", "ProfileScreen", "ProfileScreen",
            ])
        #expect(report.suppressed.map(\.finding.component?.typeName) == ["SearchScreen"])
    }
}
