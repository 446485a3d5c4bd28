import Testing
import Tether
import TetherTestSupport

/// A report made two ways: for everything, or for a title given at the request.
final class PeriodReport: Sendable {
    let title: String
    init() { title = "all" }
    init(title: String) { self.title = title }
    init(quarter: Int) { title = "Q\(quarter)" }
}

final class ReportExporter: Sendable {
    let report: PeriodReport
    init(report: PeriodReport) { self.report = report }
}

@Suite("Registrations of one type told apart by the runtime arguments they take")
struct ArgumentChoiceTests {
    static func container() -> DIContainer {
        let container = DIContainer()
        container.register { PeriodReport() }
        container.register { (title: DIArgument<String>) in PeriodReport(title: title.value) }
        container.register { (quarter: DIArgument<Int>) in PeriodReport(quarter: quarter.value) }
        container.register(ReportExporter.init)
        return container
    }

    @Test func eachRequestGetsTheRegistrationItsArgumentsMatch() throws {
        let container = Self.container()
        #expect(try container.resolveOrThrow(PeriodReport.self).title == "all")
        #expect(try container.resolveOrThrow(PeriodReport.self, arguments: "Sales").title == "Sales")
        #expect(try container.resolveOrThrow(PeriodReport.self, arguments: 3).title == "Q3")
        #expect(try container.resolveOrThrow(ReportExporter.self).report.title == "all", "a dependency passes none")
    }

    @Test func aProviderCalledWithArgumentsGetsTheRegistrationTheyMatch() throws {
        let container = Self.container()
        let provider = try container.resolveOrThrow(Provider<PeriodReport>.self)
        #expect(try provider.get().title == "all")
        #expect(try provider.get(arguments: "Ops").title == "Ops")
        #expect(try provider.get(arguments: 4).title == "Q4")
    }

    @Test func argumentsNoRegistrationTakesAreAnErrorNamingTheCandidates() throws {
        let container = Self.container()
        let error = try #require(throws: DIError.self) {
            try container.resolveOrThrow(PeriodReport.self, arguments: 2.5)
        }
        #expect(error.code == "argument-mismatch", "no `.default()` would choose one: none takes a Double")
        #expect(error.message == "no registration of `PeriodReport` takes the arguments (Double)")
        #expect(error.details.count == 2, "the two that take arguments: \(error)")
        #expect(error.details.allSatisfy { $0.hasPrefix("candidate: PeriodReport at TetherTests/ArgumentChoiceTests") })
        #expect(error.details.map { $0.split(separator: " takes ").last } == ["(String)", "(Int)"])
        #expect(error.help.hasPrefix("pass the arguments one of the candidates takes"), "\(error.help)")
        let single = DIContainer()
        single.register { PeriodReport() }
        single.register { (title: DIArgument<String>) in PeriodReport(title: title.value) }
        let mismatch = try #require(throws: DIError.self) {
            try single.resolveOrThrow(PeriodReport.self, arguments: 2.5)
        }
        #expect(mismatch.message == "PeriodReport takes arguments (String) but was given (Double)")
    }

    @Test func replacingARegistrationThatTakesArgumentsIsSeenByTheNextRequest() throws {
        let container = Self.container()
        #expect(try container.resolveOrThrow(PeriodReport.self, arguments: "Sales").title == "Sales")
        container.register { (title: DIArgument<String>) in PeriodReport(title: title.value.uppercased()) }.replacing()
        #expect(try container.resolveOrThrow(PeriodReport.self, arguments: "Sales").title == "SALES")
        #expect(try container.resolveOrThrow(PeriodReport.self).title == "all", "the others stay")
    }

    @Test func requestsWithArgumentsRaceWithReplacements() async {
        let container = Self.container()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for round in 0..<200 {
                        let title = try? container.resolveOrThrow(PeriodReport.self, arguments: "r\(round)").title
                        #expect(title == "r\(round)" || title == "R\(round)", "worker \(worker): \(title ?? "nil")")
                        #expect(
                            (try? container.resolveOrThrow(PeriodReport.self, arguments: worker))?.title == "Q\(worker)"
                        )
                    }
                }
            }
            group.addTask {
                for round in 0..<100 {
                    // Published whole: a request never sees the new registration beside the one it replaces.
                    container.update { container in
                        container.register { (title: DIArgument<String>) in
                            PeriodReport(title: round.isMultiple(of: 2) ? title.value.uppercased() : title.value)
                        }.replacing()
                    }
                }
            }
        }
    }
}

@Suite("Registrations told apart by runtime arguments: accessors, names, levels, removal")
struct ArgumentChoiceEdgeTests {
    final class QuarterlyScreen {
        let makeReport: Provider<PeriodReport>
        init(makeReport: Provider<PeriodReport>) { self.makeReport = makeReport }
    }

    @Test func aProviderOverRegistrationsThatEachTakeTheirOwnArgumentsChoosesPerCall() throws {
        let container = DIContainer()
        container.register { (title: DIArgument<String>) in PeriodReport(title: title.value) }
        container.register { (quarter: DIArgument<Int>) in PeriodReport(quarter: quarter.value) }
        container.register(QuarterlyScreen.init(makeReport:))
        let screen = try container.resolveOrThrow(QuarterlyScreen.self)
        #expect(try screen.makeReport.get(arguments: 2).title == "Q2")
        #expect(try screen.makeReport.get(arguments: "Year").title == "Year")
    }

    @Test func aNamedRequestChoosesAmongItsNamesRegistrationsByArguments() throws {
        let container = DIContainer()
        container.register { PeriodReport() }.as(PeriodReport.self, name: "audit")
        container.register { (quarter: DIArgument<Int>) in PeriodReport(quarter: quarter.value) }
            .as(PeriodReport.self, name: "audit")
        #expect(try container.resolveOrThrow(PeriodReport.self, name: "audit").title == "all")
        #expect(try container.resolveOrThrow(PeriodReport.self, name: "audit", arguments: 1).title == "Q1")
    }

    @Test func theNearestContainerWithAProviderDecidesForRequestsWithArguments() throws {
        let parent = DIContainer()
        parent.register { (quarter: DIArgument<Int>) in PeriodReport(quarter: quarter.value) }
        let child = DIContainer(parent: parent)
        #expect(try child.resolveOrThrow(PeriodReport.self, arguments: 3).title == "Q3")
        child.register { PeriodReport() }
        let error = try #require(throws: DIError.self) { try child.resolveOrThrow(PeriodReport.self, arguments: 3) }
        #expect(error.code == "argument-mismatch")
    }

    @Test func unregisteringTheRegistrationAnArgumentRequestChoseIsSeenAtTheNextRequest() throws {
        let container = ArgumentChoiceTests.container()
        #expect(try container.resolveOrThrow(PeriodReport.self, arguments: 3).title == "Q3")
        container.unregister(PeriodReport.self)
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(PeriodReport.self, arguments: 3) }
        #expect(error.code == "not-registered")
    }
}
