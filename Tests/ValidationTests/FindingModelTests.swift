import Foundation
import Testing
import Tether
import TetherValidation

private struct Setting {}

@Suite("DIFinding: one model, compared and coded by what it says")
struct FindingModelTests {
    @Test func findingsAboutRegistrationsOfOneLineAreEqualButKeepTheirOwnSnapshots() throws {
        let container = DIContainer()
        for name in ["light", "dark"] {
            container.register { Setting() }.as(Setting.self, name: name).lifetime(.perContainer(.weak))
        }
        let findings = container.validationReport().findings.filter { $0.code == .weakValueType }
        try #require(findings.count == 2, "\(container.validationReport())")
        #expect(findings[0] == findings[1])
        #expect(findings[0].hashValue == findings[1].hashValue)
        #expect(Set(findings).count == 1, "a Set keeps one of findings that say the same")
        #expect(findings[0].component?.id != findings[1].component?.id)
    }

    @Test func aLocationIsComparedWithoutItsFilePath() {
        let here = DIFinding.Location(file: "App/A.swift", filePath: "/ci/App/A.swift", line: 3, context: "x")
        let there = DIFinding.Location(file: "App/A.swift", filePath: "/home/App/A.swift", line: 3, context: "x")
        #expect(here == there && here.hashValue == there.hashValue)
        #expect(here != DIFinding.Location(file: "App/A.swift", line: 4, context: "x"))
        #expect(here != DIFinding.Location(file: "App/A.swift", line: 3, context: "x", modules: ["AppModule"]))
    }

    @Test func severitiesAndCodesAreWrittenAsTheirWords() throws {
        #expect(DIFinding.Severity.allCases.sorted() == [.note, .warning, .error])
        let severities = try JSONEncoder().encode(DIFinding.Severity.allCases)
        #expect(String(decoding: severities, as: UTF8.self) == #"["note","warning","error"]"#)
        let code = try JSONEncoder().encode(DIFindingCode.unreachable)
        #expect(String(decoding: code, as: UTF8.self) == #""unreachable""#)
        #expect(try JSONDecoder().decode(DIFindingCode.self, from: code) == .unreachable)
    }
}
