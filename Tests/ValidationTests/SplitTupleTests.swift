import Testing
import Tether
import TetherValidation

struct Paired<Input: Sendable>: Sendable {
    let input: Input
}

/// A wrapper generic over its factory's parameter, written with `register(_:)`.
func registerPairedSplitting<Input: Sendable>(_ container: DIContainer, _: Input.Type, line: Int = #line) {
    container.register({ (input: Input) in Paired(input: input) }, line: line)
}

@Suite("split-tuple-parameter: a factory's tuple read as its parameters, beside a registered tuple")
struct SplitTupleTests {
    @Test func aGenericWrapperGivenARegisteredTupleIsAWarningNamingTheTupleAndTheFix() throws {
        let container = DIContainer()
        container.register { () -> (Int, String) in (1, "a") }
        container.register { 2 }
        container.register { "b" }
        let line = #line + 1
        registerPairedSplitting(container, (Int, String).self)
        let report = container.validationReport()
        #expect(report.codes == ["split-tuple-parameter"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .warning)
        let text = finding.description
        #expect(
            text.hasPrefix(
                "warning[split-tuple-parameter]: the factory of Paired<(Int, String)> takes `Int` and `String` as 2 dependencies, and `(Int, String)` is registered at TetherValidationTests/SplitTupleTests.swift:"
            ), "\(text)")
        #expect(
            text.contains(
                "--> TetherValidationTests/SplitTupleTests.swift:\(line) (parameters of Paired<(Int, String)>)"),
            "\(text)")
        #expect(
            text.contains(
                "help: if the factory takes the tuple, register it with `register(taking: (Int, String).self) { ... }`"),
            "\(text)")
    }

    @Test func theSameWrapperWrittenWithRegisterTakingIsClean() {
        let container = DIContainer()
        container.register { () -> (Int, String) in (1, "a") }
        container.register(taking: (Int, String).self) { input in Paired(input: input) }
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func aTupleBuiltFromItsElementsIsNotItsOwnWarning() {
        let container = DIContainer()
        container.register { 2 }
        container.register { "b" }
        container.register { (number: Int, text: String) in (number, text) }
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func aFactoryOfTwoParametersWithNoSuchTupleRegisteredIsClean() {
        let container = DIContainer()
        container.register { 2 }
        container.register { "b" }
        container.register { (number: Int, text: String) in Paired(input: "\(number)\(text)") }
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }
}
