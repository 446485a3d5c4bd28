import Testing
import Tether
import TetherValidation

/// A view controller a storyboard makes, injected with `inject(into:)`.
final class StoryboardController {
    var model: ControllerModel?
}

final class ControllerModel {}

final class ControllerCoordinator {
    init(controller: StoryboardController) {}
}

@Suite("registerInjections(into:): what is injected into objects made elsewhere is validated")
struct MadeElsewhereTests {
    @Test func aDependencyOnATypeMadeElsewhereIsAnErrorAtTheDependency() throws {
        let container = DIContainer()
        let site = #line + 1
        container.registerInjections(into: StoryboardController.self)
        let line = #line + 1
        container.register(ControllerCoordinator.init)
        let report = container.validationReport()
        #expect(report.codes == ["made-elsewhere"], "\(report)")
        let text = try #require(report.findings.first).description
        #expect(
            text.hasPrefix(
                "error[made-elsewhere]: StoryboardController is made outside the container, which only injects into it"),
            "\(text)")
        #expect(
            text.contains(
                "--> TetherValidationTests/MadeElsewhereTests.swift:\(line) (parameter 1 of ControllerCoordinator)"),
            "\(text)")
        #expect(
            text.contains("path: ControllerCoordinator (prototype) -> StoryboardController (made elsewhere)"), "\(text)"
        )
        #expect(
            text.contains(
                "or register it with a factory instead of `registerInjections(into:)` at TetherValidationTests/MadeElsewhereTests.swift:\(site)"
            ), "\(text)")
    }

    @Test func aMissingDependencyOfAnInjectionIsReportedAtTheInjection() throws {
        let container = DIContainer()
        container.registerInjections(into: StoryboardController.self)
            .injection { (controller: StoryboardController, model: ControllerModel) in controller.model = model }
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"], "\(report)")
        #expect(
            try #require(report.findings.first).description.contains(
                "(injection `ControllerModel` of StoryboardController)"), "\(report)")
        container.register(ControllerModel.init)
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func whatATypeMadeElsewhereNeedsIsReachedWhenTheAppNamesItsRoots() {
        let container = DIContainer()
        container.register(ControllerModel.init)
        container.registerInjections(into: StoryboardController.self).injection(\.model)
        container.register { ControllerCoordinator(controller: StoryboardController()) }.root()
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }
}
