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
