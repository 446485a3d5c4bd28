import Testing
import Tether
import TetherValidation

final class Statement {
    init() {}
    init(account: Int) {}
}
final class StatementMailer {
    init(statement: Statement) {}
}

@Suite("Validation tells registrations apart by their runtime arguments")
struct AmbiguityArgumentsTests {
    @Test func aDependencyChoosesTheRegistrationThatTakesNoArguments() {
        let container = DIContainer()
        container.register { Statement() }
        container.register { (account: DIArgument<Int>) in Statement(account: account.value) }
        container.register(StatementMailer.init)
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func twoThatTakeNoArgumentsAreStillAmbiguousAndTheOneThatDoesIsNotACandidate() throws {
        let container = DIContainer()
        let first = #line + 1
        container.register { Statement() }
        let second = #line + 1
        container.register { Statement() }
        container.register { (account: DIArgument<Int>) in Statement(account: account.value) }
        container.register(StatementMailer.init)
        let report = container.validationReport()
        #expect(report.codes == ["ambiguous-dependency"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.involved.map(\.info.line) == [first, second], "\(report)")
    }
}

final class StatementArchive {
    init(makeStatement: Provider<Statement>) {}
}

@Suite("Validation of accessors over registrations told apart by arguments")
struct AccessorArgumentsTests {
    @Test func aProviderOverRegistrationsThatEachTakeTheirOwnArgumentsIsCleanAndReachesThemAll() {
        let container = DIContainer()
        container.register { (account: DIArgument<Int>) in Statement(account: account.value) }
        container.register { (name: DIArgument<String>) in Statement() }
        container.register(StatementArchive.init(makeStatement:)).root()
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func aProviderWhoseArgumentsTwoRegistrationsTakeIsAmbiguousBesideAPlainOne() throws {
        let container = DIContainer()
        container.register { Statement() }
        let first = #line + 1
        container.register { (account: DIArgument<Int>) in Statement(account: account.value) }
        let second = #line + 1
        container.register { (account: DIArgument<Int>) in Statement(account: account.value + 1) }
        let line = #line + 1
        container.register(StatementArchive.init(makeStatement:)).root()
        let report = container.validationReport()
        #expect(report.codes == ["ambiguous-dependency"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.message == "2 registrations provide `Statement` taking (Int) and none is marked `.default()`")
        #expect(finding.location?.line == line)
        #expect(finding.location?.context == "parameter 1 of StatementArchive")
        #expect(finding.involved.map(\.info.line) == [first, second])
        #expect(
            finding.details.last
                == "why: `get(arguments:)` passing (Int) chooses among the registrations taking exactly those, "
                + "whichever one a call without arguments gets")
        // What the container does with the same registrations:
        let makeStatement = try container.resolveOrThrow(Provider<Statement>.self)
        do {
            _ = try makeStatement.get(arguments: 1)
            Issue.record("expected ambiguous-dependency")
        } catch {
            #expect(error.code == DIFindingCode.ambiguousDependency.rawValue)
        }
    }

    @Test func aDefaultAmongTheRegistrationsTakingTheArgumentsChoosesAndSoDoesValidation() {
        let container = DIContainer()
        container.register { Statement() }
        container.register { (account: DIArgument<Int>) in Statement(account: account.value) }.default()
        container.register { (account: DIArgument<Int>) in Statement(account: account.value + 1) }
        container.register(StatementArchive.init(makeStatement:)).root()
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func aRootTheAppResolvesWithArgumentsIsNotAmbiguous() {
        let container = DIContainer()
        container.register { (account: DIArgument<Int>) in Statement(account: account.value) }
        container.register { (name: DIArgument<String>) in Statement() }
        let report = container.validationReport(options: DIValidationOptions(roots: [Statement.self]))
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func aRootNothingProvidesIsAnErrorWhereTheRootsWereNamed() throws {
        let container = DIContainer()
        container.register { Statement() }
        let line = #line + 1
        let options = DIValidationOptions(roots: [StatementMailer.self, Statement?.self])
        let report = container.validationReport(options: options)
        #expect(report.codes == ["missing-dependency"], "\(report)")
        let text = try #require(report.findings.first).description
        #expect(
            text.hasPrefix(
                "error[missing-dependency]: `StatementMailer` is named in `roots:`, and nothing provides it"), "\(text)"
        )
        #expect(
            text.contains(
                "--> TetherValidationTests/AmbiguityArgumentsTests.swift:\(line) (root `StatementMailer` in `roots:`)"),
            "\(text)")
    }
}
