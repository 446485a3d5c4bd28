import Testing
import Tether
import TetherValidation

protocol Storefront: AnyObject {}
final class WebStorefront: Storefront {}
final class KioskStorefront: Storefront {}

@Suite("A root named in roots: that a request could not choose is an error")
struct RootChoiceTests {
    @Test func anAmbiguousRootFailsValidationNamingEveryCandidate() throws {
        let container = DIContainer()
        container.register(WebStorefront.init).as((any Storefront).self)
        container.register(KioskStorefront.init).as((any Storefront).self)
        let options = DIValidationOptions(roots: [(any Storefront).self])
        let report = container.validationReport(options: options)
        #expect(report.codes == ["ambiguous-dependency"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .error)
        #expect(
            finding.message
                == "`Storefront` is named in `roots:`, and 2 registrations provide it with none marked `.default()`")
        #expect(finding.details.count == 2 && finding.details[1].hasPrefix("candidate: KioskStorefront at "))
        #expect(throws: DIValidationError.self) { try container.validate(options: options) }
    }

    @Test func aRootWithOneDefaultIsValid() throws {
        let container = DIContainer()
        container.register(WebStorefront.init).as((any Storefront).self).default()
        container.register(KioskStorefront.init).as((any Storefront).self)
        try container.validate(options: DIValidationOptions(roots: [(any Storefront).self]))
    }

    @Test func twoDefaultsForARootAreMultipleDefaults() {
        let container = DIContainer()
        container.register(WebStorefront.init).as((any Storefront).self).default()
        container.register(KioskStorefront.init).as((any Storefront).self).default()
        let report = container.validationReport(options: DIValidationOptions(roots: [(any Storefront).self]))
        #expect(report.codes.contains("multiple-defaults"), "\(report)")
    }
}
