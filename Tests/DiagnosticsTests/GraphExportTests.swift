import Foundation
import Testing
import Tether
import TetherDiagnostics
import TetherValidation

/// Whether Graphviz's `dot` is installed; tests that need it are skipped, visibly, where it is not.
let dotPath: String? = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

@Suite("Graph export: DOT and Mermaid")
struct GraphExportTests {
    final class Person { var pet: Pet? }
    final class Pet { var owner: Person? }
    final class Clock: Sendable {}
    final class Scheduler: Sendable {
        init(clock: Clock, tasks: [Clock], later: Lazy<Clock>, maybe: Cart?) {}
    }

    func sampleGraph() -> DIContainer {
        let container = brokenCheckout().0
        container.register(Person.init).lifetime(.objectGraph).injection(cycle: true, \.pet)
        container.register(Pet.init).lifetime(.objectGraph).injection(cycle: true, \.owner)
        container.register(Clock.init).lifetime(.perContainer(.weak))  // held by a single: a captive warning
        container.register(Scheduler.init(clock:tasks:later:maybe:)).lifetime(.single)
        return container
    }

    @Test func mermaidShowsLifetimesEdgeKindsAndFindings() {
        #expect(
            DIGraphExport(sampleGraph()).mermaid() == """
                graph LR
                  c0["CheckoutViewModel<br/>objectGraph"]
                  c1["CheckoutService<br/>prototype"]
                  c2["Cart<br/>prototype"]
                  c3["StripeGateway<br/>prototype"]
                  c4["Person<br/>objectGraph"]
                  c5["Pet<br/>objectGraph"]
                  c6["Clock<br/>perContainer(.weak)"]
                  c7["Scheduler<br/>single"]
                  missing0["PaymentGateway<br/>not registered"]:::missing
                  c0 --> c1
                  c1 --> c2
                  c1 --> missing0
                  c4 -. cycle: true .-> c5
                  c5 -. cycle: true .-> c4
                  c7 --> c6
                  c7 ==> c6
                  c7 -. Lazy .-> c6
                  c7 -.-> c2
                  classDef missing stroke:#cc3333,stroke-dasharray:5 5,color:#cc3333
                  linkStyle 2 stroke:#cc3333,stroke-width:2px
                  linkStyle 5 stroke:#ee8800,stroke-width:2px
                  linkStyle 6 stroke:#ee8800,stroke-width:2px

                """)
    }

    final class Holder: Sendable {
        init(clock: Clock) {}
    }

    @Test func aLongLivedHolderNoteMarksNoEdgeButACaptiveWarningDoes() {
        let noted = DIContainer()
        noted.register(Holder.init(clock:)).lifetime(.single)
        noted.register(Clock.init).lifetime(.objectGraph)
        #expect(noted.validationReport().findings.map(\.code) == [.longLivedHolder])
        #expect(DIGraphExport(noted).edges.map(\.mark) == [nil])

        let captive = DIContainer()
        captive.register(Holder.init(clock:)).lifetime(.single)
        captive.register(Clock.init).lifetime(.perContainer(.weak))
        #expect(DIGraphExport(captive).edges.map(\.mark) == [.captive])
    }

    @Test func exportCanStartFromOneType() {
        let graph = DIGraphExport(sampleGraph(), from: Person.self)
        #expect(graph.nodes.map(\.typeName) == ["Person", "Pet"])
        #expect(graph.edges.count == 2)
    }

    @Test func cycleEdgesAreMarked() {
        final class Left { init(right: Right) {} }
        final class Right { init(left: Left) {} }
        let container = DIContainer()
        container.register(Left.init(right:))
        container.register(Right.init(left:))
        let graph = DIGraphExport(container)
        #expect(graph.edges.map(\.mark) == [.cycle, .cycle])
        #expect(graph.dot().contains("c0 -> c1 [color=\"#cc3333\", penwidth=2];"))
    }

    @Test(.enabled(if: dotPath != nil, "Graphviz `dot` is not installed"))
    func dotOutputIsAcceptedByGraphviz() throws {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tether-\(UUID().uuidString).dot")
        try DIGraphExport(sampleGraph()).dot().write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dotPath!)
        process.arguments = ["-Tsvg", input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let svg = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(svg.contains("<svg"))
        #expect(svg.contains("CheckoutViewModel"))
    }
}
