import Foundation
import Testing

@testable import TetherDemo

@Suite("tether-demo")
struct DemoTourTests {
    /// Runs the tour into a fresh directory and returns its text.
    private func runTour() throws -> (text: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tether-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var lines: [String] = []
        var tour = Tour(outputDirectory: directory.path) { lines.append($0) }
        try tour.run()
        return (lines.joined(separator: "\n"), directory)
    }

    @Test func tourShowsEachLifetimeValidatesAndWritesTheGraph() throws {
        let (text, directory) = try runTour()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(text.hasPrefix("How to read this tour (lifetimes in Docs/en/Lifetimes.md):\n  #1, #2, ...   instances"))
        #expect(text.contains("  perRun        one instance per process and `register` line"))
        #expect(
            text.contains(
                "  captive       a longer-lived component holds a shorter-lived one: a warning (captive-dependency) where"
            ))
        #expect(text.contains("note (long-lived-holder): it keeps its own copy, like a field"))
        #expect(text.contains("== 1. One resolve, step by step: objectGraph shares within it"))
        #expect(!text.contains("resolution cycle"), "a newcomer reads it as a dependency cycle")
        #expect(text.contains("first.fetcher #1, first.updater #1  -> one combined service"))
        #expect(text.contains("├─ XYZCombinedService (objectGraph) reused"))
        #expect(text.contains("D prototype: a.b.d #3, a.c.d #4, same: false"))
        #expect(text.contains("D objectGraph: a.b.d #5, a.c.d #5, same: true"))
        #expect(text.contains("perContainer: left #6, right #7"))
        #expect(text.contains("perRun:       left #8, right #8"))
        #expect(text.contains("single:       left #9, right #9, built 1 time(s)"))
        #expect(text.contains("once released, the instance is gone: true"))
        #expect(text.contains("before logout: #10, #10\nafter logout:  #11"))
        #expect(text.contains("the app: 0 errors, 0 warnings, 0 notes"))
        #expect(text.contains("error[missing-dependency]: no registration for `XYZUpdating`"))
        #expect(
            text.contains(
                "warning[captive-dependency]: `XYZService` (single) holds `XYZSessionService` (perContainer(.weak)), so its weak lifetime never releases it"
            ))
        #expect(text.contains("component  lifetime  builds  self ms  total ms  registered at"))
        let dot = try String(contentsOf: directory.appendingPathComponent("graph.dot"), encoding: .utf8)
        let mermaid = try String(contentsOf: directory.appendingPathComponent("graph.mmd"), encoding: .utf8)
        #expect(dot.hasPrefix("digraph Tether {"))
        #expect(mermaid.hasPrefix("graph LR"))
    }
}
