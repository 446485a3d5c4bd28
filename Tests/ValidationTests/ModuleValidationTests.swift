import Testing
import Tether
import TetherValidation

final class PaymentsAPI {}
final class CheckoutFlow {
    init(api: PaymentsAPI) {}
}

enum PaymentsModule: DIModule {
    static func register(in container: DIContainer) {
        container.register(PaymentsAPI.init)
    }
}

enum CheckoutModuleMissingItsImport: DIModule {
    static func register(in container: DIContainer) {
        container.register(CheckoutFlow.init(api:))
    }
}

enum CheckoutModule: DIModule {
    static let imports: [any DIModule.Type] = [PaymentsModule.self]
    static func register(in container: DIContainer) {
        container.register(CheckoutFlow.init(api:))
    }
}

@Suite("Validating one module against the imports it declares")
struct ModuleValidationTests {
    @Test func aModuleUsingAnUndeclaredModuleIsMissingWhatThatOneProvides() throws {
        let report = CheckoutModuleMissingItsImport.validationReport()
        #expect(report.codes == ["missing-dependency"])
        let finding = try #require(report.findings.first)
        #expect(
            finding.location?.site.hasPrefix(
                "CheckoutModuleMissingItsImport > TetherValidationTests/ModuleValidationTests.swift:") == true)
        #expect(throws: DIValidationError.self) { try CheckoutModuleMissingItsImport.validate() }
    }

    @Test func aModuleWithItsImportsDeclaredValidates() throws {
        try CheckoutModule.validate()
    }
}

enum ModuleWithABadParameterPosition: DIModule {
    static func register(in container: DIContainer) {
        container.register(PaymentsAPI.init)
        container.register(CheckoutFlow.init(api:)).parameter(at: 3, name: "primary")
    }
}

extension ModuleValidationTests {
    @Test func aBuilderMistakeInAModuleIsAFindingNotATrap() throws {
        let report = ModuleWithABadParameterPosition.validationReport()
        #expect(report.codes == ["invalid-registration"])
        #expect(
            report.findings.first?.message
                == "the registration of CheckoutFlow is invalid: parameter(at: 3), but the factory takes 1 parameter")
    }
}
