import Foundation
import Testing
import Tether
import TetherDiagnostics
import TetherValidation

@Suite("Renderers: text, compiler-style lines, JSON")
struct RendererTests {
    @Test func textNamesTheSitePathNearMissAndFix() {
        let (container, line) = brokenCheckout()
        let text = container.validationReport().rendered(as: .text)
        #expect(
            text == """
                error[missing-dependency]: no registration for `PaymentGateway`
                  --> TetherDiagnosticsTests/Fixtures.swift:\(line + 1) (parameter 2 of CheckoutService)
                  path: CheckoutViewModel (objectGraph) -> CheckoutService (prototype) -> PaymentGateway
                  similar: StripeGateway registered under name "stripe" at TetherDiagnosticsTests/Fixtures.swift:\(line + 3)
                  help: register `PaymentGateway` without a name, or add `.as((any PaymentGateway).self)` to the registration at TetherDiagnosticsTests/Fixtures.swift:\(line + 3) (it is registered under "stripe")

                note[unreachable]: no root reaches StripeGateway
                  --> TetherDiagnosticsTests/Fixtures.swift:\(line + 3) (registration of StripeGateway)
                  help: remove the registration, mark it `.root()` or list its type in `DIValidationOptions.roots` if the app resolves it directly, or suppress this note

                validation: 1 error, 0 warnings, 1 note
                """)
    }

    @Test func compilerStyleLinesUseTheFilePathRelativeToTheRoot() throws {
        let (container, line) = brokenCheckout()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        let lines = container.validationReport().rendered(as: .compiler(root: root))
        #expect(
            lines
                == "Fixtures.swift:\(line + 1): error: [missing-dependency] no registration for `PaymentGateway`; help: register `PaymentGateway` without a name, or add `.as((any PaymentGateway).self)` to the registration at TetherDiagnosticsTests/Fixtures.swift:\(line + 3) (it is registered under \"stripe\")\nFixtures.swift:\(line + 3): note: [unreachable] no root reaches StripeGateway; help: remove the registration, mark it `.root()` or list its type in `DIValidationOptions.roots` if the app resolves it directly, or suppress this note"
        )
    }

    @Test func jsonRoundTripsAndCarriesTheSchemaVersion() throws {
        let (container, line) = brokenCheckout()
        let json = container.validationReport().rendered(as: .json)
        let document = try DIDiagnosticsDocument.decode(json)
        #expect(document.schemaVersion == DIDiagnosticsDocument.currentSchemaVersion)
        #expect(document.summary == .init(errors: 1, warnings: 0, notes: 1))
        #expect(document.findings.first?.location?.line == line + 1)
        #expect(
            document.findings.first?.path.map(\.type) == ["CheckoutViewModel", "CheckoutService", "PaymentGateway"])
        #expect(try DIDiagnosticsDocument.decode(document.encoded()) == document)
    }

    @Test func aDocumentOfAnotherSchemaVersionIsRefusedNamingBothVersions() throws {
        let (container, _) = brokenCheckout()
        let json = container.validationReport().rendered(as: .json)
        #expect(json.contains(#""schemaVersion" : 3"#))
        for version in [2, 4] {
            let other = json.replacingOccurrences(of: #""schemaVersion" : 3"#, with: #""schemaVersion" : \#(version)"#)
            #expect(throws: DIDiagnosticsDocument.ReadError.unsupportedSchemaVersion(version)) {
                try DIDiagnosticsDocument.decode(other)
            }
        }
        #expect(
            DIDiagnosticsDocument.ReadError.unsupportedSchemaVersion(2).description
                == "the document has schema version 2, older than version 3, the only one this TetherDiagnostics "
                + "reads: validate again and write it with this one (`rendered(as: .json)`)")
        #expect(
            DIDiagnosticsDocument.ReadError.unsupportedSchemaVersion(4).description
                == "the document has schema version 4, newer than version 3, the only one this TetherDiagnostics "
                + "reads: read it with the TetherDiagnostics that wrote it (update this one)")
        // Version 2 kept its findings under `diagnostics`: the version is what the reader is told, not a missing key.
        let versionTwo =
            #"{"schemaVersion": 2, "summary": {"errors": 0, "warnings": 0, "notes": 0}, "diagnostics": []}"#
        #expect(throws: DIDiagnosticsDocument.ReadError.unsupportedSchemaVersion(2)) {
            try DIDiagnosticsDocument.decode(versionTwo)
        }
    }

    @Test func aDocumentWhoseSummaryContradictsItsFindingsIsRefused() throws {
        let (container, _) = brokenCheckout()
        let json = container.validationReport().rendered(as: .json)
        #expect(json.contains(#""errors" : 1"#))
        let edited = json.replacingOccurrences(of: #""errors" : 1"#, with: #""errors" : 0"#)
        let error = DIDiagnosticsDocument.ReadError.summaryContradictsFindings(
            stated: .init(errors: 0, warnings: 0, notes: 1), counted: .init(errors: 1, warnings: 0, notes: 1))
        #expect(throws: error) { try DIDiagnosticsDocument.decode(edited) }
        #expect(
            error.description
                == "the document's summary (0 errors, 0 warnings, 1 note) contradicts its findings (1 error, 0 "
                + "warnings, 1 note): it is not as `rendered(as: .json)` wrote it")
    }

    @Test func jsonIsTheFindingsThemselvesAndReadsBackEqualWithoutTheirSnapshots() throws {
        let (container, _) = brokenCheckout()
        let report = container.validationReport()
        let json = report.rendered(as: .json)
        #expect(json.contains(#""findings" : ["#))
        #expect(json.contains(#""severity" : "note""#))
        #expect(!json.contains("filePath"), "the building machine's paths stay out of the document")
        let read = try DIDiagnosticsDocument.decode(json).findings
        #expect(read == report.findings)
        #expect(read.map(\.description) == report.findings.map(\.description))
        #expect(report.findings.first?.component?.typeName == "CheckoutService")
        #expect(read.first?.component == nil)
        #expect(read.first?.involved.isEmpty == true)
        #expect(read.first?.location?.filePath == "")
    }

    @Test func uncolouredTextIsTheFindingsOwnDescription() {
        let (container, _) = brokenCheckout()
        let report = container.validationReport()
        #expect(
            report.rendered(as: .text)
                == (report.findings.map(\.description) + ["validation: \(report.summary)"])
                .joined(separator: "\n\n"))
        #expect(report.rendered(as: .text) == report.description)
    }

    @Test func aModulesFindingNamesItsModulesInTextAndJSON() throws {
        let container = DIContainer()
        container.install(PaymentsModule.self)
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.location?.modules == ["PaymentsModule"])
        #expect(finding.description.contains("--> PaymentsModule > TetherDiagnosticsTests/RendererTests.swift:"))
        #expect(
            container.validationReport().rendered(as: .text, color: .always).contains(
                "--> \u{1B}[0mPaymentsModule > TetherDiagnosticsTests/RendererTests.swift:"))
        let json = container.validationReport().rendered(as: .json)
        #expect(json.contains(#""modules" : ["#))
        #expect(try DIDiagnosticsDocument.decode(json).findings.first?.location?.modules == ["PaymentsModule"])
    }

    @Test func runtimeErrorsRenderThroughTheSameModel() throws {
        let container = xyzGraph()
        let child = DIContainer(parent: container)
        let session = DIContainer()
        session.register(XYZService.init(session:))
        do {
            _ = try session.resolveOrThrow(XYZService.self)
            Issue.record("expected an error")
        } catch {
            let text = error.rendered(as: .text)
            #expect(
                text.hasPrefix(
                    "error[not-registered]: no registration for `XYZSessionService`\n  --> TetherDiagnosticsTests/RendererTests.swift:"
                ))
            #expect(text.contains("path: XYZService (prototype) -> XYZSessionService"))
            let document = try DIDiagnosticsDocument.decode(error.rendered(as: .json))
            #expect(document.findings.map(\.code) == ["not-registered"])
            let finding = DIFinding(error)
            #expect(finding.severity == .error)
            #expect(finding.location?.context == "XYZService", "the last registration on the path")
            #expect(finding.path.map(\.description) == ["XYZService (prototype)", "XYZSessionService"])
            #expect(finding.component == nil)
            #expect(finding.description == text)
        }
        _ = child
    }

    enum PaymentsModule: DIModule {
        static func register(in container: DIContainer) {
            container.register(XYZService.init(session:))
        }
    }

    final class Analytics {}
    final class FeedScreen {
        init(analytics: Analytics) {}
    }
    final class SearchScreen {
        init(analytics: Analytics) {}
    }

    /// Two consumers of one missing type: one finding, two occurrences.
    private func twoConsumers() -> (DIContainer, line: Int) {
        let container = DIContainer()
        let line = #line + 1
        container.register(FeedScreen.init(analytics:))
        container.register(SearchScreen.init(analytics:))
        return (container, line)
    }

    @Test func compilerStyleAddsARelatedNoteForEachFurtherOccurrence() {
        let (container, line) = twoConsumers()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        let lines = container.validationReport().rendered(as: .compiler(root: root)).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasPrefix(
                "RendererTests.swift:\(line): error: [missing-dependency] no registration for `Analytics` (needed in 2 places)"
            ) == true)
        #expect(
            lines.last
                == "RendererTests.swift:\(line + 1): note: [missing-dependency] also here: parameter 1 of SearchScreen")
    }

    @Test func jsonCarriesTheOccurrences() throws {
        let (container, line) = twoConsumers()
        let document = try DIDiagnosticsDocument.decode(container.validationReport().rendered(as: .json))
        #expect(document.schemaVersion == 3)
        let occurrences = try #require(document.findings.first?.occurrences)
        #expect(occurrences.map(\.location.line) == [line, line + 1])
        #expect(occurrences.map(\.location.context) == ["parameter 1 of FeedScreen", "parameter 1 of SearchScreen"])
        #expect(
            occurrences.map { $0.path.map(\.type) } == [["FeedScreen", "Analytics"], ["SearchScreen", "Analytics"]])
    }

    @Test func colourIsAddedOnlyWhenAsked() {
        let (container, _) = brokenCheckout()
        let report = container.validationReport()
        #expect(!report.rendered(as: .text, color: .never).contains("\u{1B}["))
        #expect(report.rendered(as: .text, color: .always).contains("\u{1B}[1;31merror[missing-dependency]"))
    }
}
