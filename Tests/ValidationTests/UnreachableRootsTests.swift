import Testing
import Tether
import TetherValidation

// Roots add up, they are all the entry points unless the options infer the rest, and what no root reaches is one
// note.
protocol OrdersAPI: AnyObject {}
final class OrdersClient: OrdersAPI {}
final class LegacyOrdersClient: OrdersAPI {
    init(cache: OrdersCache) {}
}
final class OrdersCache {}
final class OrdersScreen {
    init(api: any OrdersAPI) {}
}
final class HelpScreen {}
final class StartScreen {}
final class Legacy {}

@Suite("unreachable: additive roots and one summary note")
struct UnreachableRootsTests {
    @Test func aPlainLeftoverBesideOneRootIsReported() throws {
        let container = DIContainer()
        container.register(StartScreen.init).root()
        let line = #line + 1
        container.register(Legacy.init)
        let report = container.validationReport()
        let finding = try #require(report.findings.first)
        #expect(report.codes == ["unreachable"])
        #expect(
            finding.description == """
                note[unreachable]: no root reaches Legacy
                  --> TetherValidationTests/UnreachableRootsTests.swift:\(line) (registration of Legacy)
                  help: remove the registration, mark it `.root()` or list its type in `DIValidationOptions.roots` if the app resolves it directly, or suppress this note
                """)
        #expect(finding.occurrences.map(\.component?.typeName) == ["Legacy"])
    }

    @Test func inferredEntryPointsHideTheScreensTheAppResolvesByTheirOwnTypeAndAreListed() throws {
        let container = DIContainer()
        container.register(StartScreen.init).root()
        container.register(OrdersScreen.init(api:))
        let line = #line + 1
        container.register(HelpScreen.init)
        container.register(OrdersClient.init).as((any OrdersAPI).self)
        let inferring = DIValidationOptions(infersEntryPoints: true)
        #expect(container.validationReport(options: inferring).findings.isEmpty)
        #expect(container.validationReport().findings.map(\.message) == ["no root reaches 3 registrations"])

        container.register(LegacyOrdersClient.init(cache:)).as((any OrdersAPI).self, name: "legacy")
        container.register(OrdersCache.init)
        let finding = try #require(container.validationReport(options: inferring).findings.first)
        #expect(finding.message == "no root reaches 2 registrations")
        let site = "TetherValidationTests/UnreachableRootsTests.swift"
        #expect(
            finding.details.filter { $0.hasPrefix("assumed") } == [
                "assumed entry point: OrdersScreen at \(site):\(line - 2)",
                "assumed entry point: HelpScreen at \(site):\(line)",
            ])
    }

    @Test func aBindingNothingAsksForAndWhatOnlyItReachesAreOneNote() throws {
        let container = DIContainer()
        container.register(StartScreen.init).root()
        container.register(OrdersClient.init).as((any OrdersAPI).self)
        let line = #line + 1
        container.register(LegacyOrdersClient.init(cache:)).as((any OrdersAPI).self, name: "legacy")
        container.register(OrdersCache.init)
        let report = container.validationReport()
        #expect(report.codes == ["unreachable"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .note)
        #expect(
            finding.occurrences.map(\.component?.typeName) == ["OrdersClient", "LegacyOrdersClient", "OrdersCache"])
        let site = "TetherValidationTests/UnreachableRootsTests.swift"
        #expect(
            finding.description == """
                note[unreachable]: no root reaches 3 registrations
                  --> \(site):\(line - 2) (registration of OrdersClient)
                  unreachable: OrdersClient at \(site):\(line - 2)
                  unreachable: LegacyOrdersClient at \(site):\(line)
                  unreachable: OrdersCache at \(site):\(line + 1)
                  help: remove the ones left over, mark those the app resolves directly `.root()` or list their types in `DIValidationOptions.roots`, or suppress this note on each registration meant to stay
                """)
    }

    @Test func rootsInTheOptionsAddToTheMarks() {
        let container = DIContainer()
        container.register(StartScreen.init).root()
        container.register(OrdersClient.init).as((any OrdersAPI).self)
        container.register(LegacyOrdersClient.init(cache:)).as((any OrdersAPI).self, name: "legacy")
        container.register(OrdersCache.init)
        let options = DIValidationOptions(roots: [(any OrdersAPI).self])
        #expect(container.validationReport(options: options).findings.isEmpty)
        // Options roots alone turn the check on, as a mark does.
        let unmarked = DIContainer()
        unmarked.register(StartScreen.init)
        unmarked.register(OrdersClient.init).as((any OrdersAPI).self)
        #expect(unmarked.validationReport().findings.isEmpty)
        #expect(
            unmarked.validationReport(options: .init(roots: [StartScreen.self])).findings.map(\.message)
                == ["no root reaches OrdersClient"])
    }

    final class Leftover {}

    @Test func aLongListNamesTheFirstTwentyAndCountsTheRest() throws {
        let container = DIContainer()
        container.register(StartScreen.init).root()
        for index in 0..<25 { container.register(Leftover.init).as(Leftover.self, name: "copy \(index)") }
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.message == "no root reaches 25 registrations")
        #expect(finding.occurrences.count == 25)
        #expect(finding.details.count == 21)
        #expect(finding.details.last == "... and 5 more")
    }

    @Test func aSuppressedRegistrationLeavesTheSummary() {
        let container = DIContainer()
        container.register(StartScreen.init).root()
        container.register(OrdersClient.init).as((any OrdersAPI).self)
            .suppress("unreachable", reason: "resolved by the widget extension")
        container.register(LegacyOrdersClient.init(cache:)).as((any OrdersAPI).self, name: "legacy")
        container.register(OrdersCache.init)
        let report = container.validationReport()
        #expect(report.findings.map(\.message) == ["no root reaches 2 registrations"])
        #expect(report.suppressed.map(\.finding.message) == ["no root reaches OrdersClient"])
    }
}
