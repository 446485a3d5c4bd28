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
        #expect(finding.component.info.site.hasPrefix("CheckoutModuleMissingItsImport > TetherValidationTests/ModuleValidationTests.swift:"))
        #expect(throws: DIValidationError.self) { try CheckoutModuleMissingItsImport.validate() }
    }

    @Test func aModuleWithItsImportsDeclaredValidates() throws {
        try CheckoutModule.validate()
    }
}
