import Testing
import Tether
import TetherValidation

// `var provider: FeatureToggleProvider!` injected with `.injection(\.provider)` asks for an Optional, which is nil
// when nothing provides it: the injection does nothing, silently.
protocol FeatureToggleProvider: AnyObject {}
final class RemoteToggles: FeatureToggleProvider {}
final class CheckoutController {
    var toggles: (any FeatureToggleProvider)!
}
final class DefaultedController {
    var toggles: (any FeatureToggleProvider)? = RemoteToggles()
}
final class ToggleAwareService {
    init(toggles: (any FeatureToggleProvider)?) {}
}

@Suite("optional-injection-unprovided: an injection of an Optional nothing provides")
struct OptionalInjectionTests {
    @Test func anImplicitlyUnwrappedPropertyInjectedWithoutAProviderIsAWarning() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(CheckoutController.init).injection(\.toggles)
        let report = container.validationReport()
        #expect(report.codes == ["optional-injection-unprovided"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .warning)
        #expect(
            finding.description == """
                warning[optional-injection-unprovided]: nothing provides `FeatureToggleProvider`, so the injection `toggles` of CheckoutController always sets nil
                  --> TetherValidationTests/OptionalInjectionTests.swift:\(line) (injection `toggles` of CheckoutController)
                  path: CheckoutController (prototype) -> FeatureToggleProvider?
                  why: a property of type `FeatureToggleProvider!` or `FeatureToggleProvider?` is injected as `FeatureToggleProvider?`, which resolves to nil when nothing provides `FeatureToggleProvider`, so the injection leaves it unset or overwrites its default with nil
                  help: register a component that provides `FeatureToggleProvider` (or add `.as((any FeatureToggleProvider).self)` to one that implements it), or remove the injection
                """)
        // What the warning says happens.
        #expect(container.resolve(CheckoutController.self).toggles == nil)
    }

    @Test func theSameInjectionWithItsProviderIsNoFinding() throws {
        let container = DIContainer()
        container.register(CheckoutController.init).injection(\.toggles)
        container.register(RemoteToggles.init).as((any FeatureToggleProvider).self)
        try container.validate()
        #expect(container.validationReport().findings.isEmpty)
        #expect(container.resolve(CheckoutController.self).toggles != nil)
    }

    @Test func anInjectionOverwritesAPropertyDefaultWithNilAsTheWhySays() throws {
        let container = DIContainer()
        container.register(DefaultedController.init).injection(\.toggles)
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.code == .optionalInjectionUnprovided)
        #expect(
            finding.details.first?.hasSuffix("so the injection leaves it unset or overwrites its default with nil")
                == true)
        #expect(DefaultedController().toggles != nil)
        #expect(container.resolve(DefaultedController.self).toggles == nil)
    }

    @Test func anOptionalFactoryParameterWithoutAProviderStaysOptionalByDesign() {
        let container = DIContainer()
        container.register(ToggleAwareService.init(toggles:))
        #expect(container.validationReport().findings.isEmpty)
    }

    @Test func theWarningDoesNotFailValidateButCanBeMadeAnError() {
        let container = DIContainer()
        container.register(CheckoutController.init).injection(\.toggles)
        #expect(throws: Never.self) { try container.validate() }
        #expect(throws: DIValidationError.self) {
            try container.validate(options: .init(severities: [.optionalInjectionUnprovided: .error]))
        }
    }
}
