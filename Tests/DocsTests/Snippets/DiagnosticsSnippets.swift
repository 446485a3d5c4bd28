import Foundation
import Testing
import Tether
import TetherDiagnostics
import TetherTestSupport
import TetherValidation

/// The examples of Docs/*/Diagnostics.md. Outputs without timings are checked against the page; logging
/// settings are process-wide, so the logging example runs in a process of its own.
@Suite("Docs: Diagnostics")
struct DiagnosticsSnippets {
    // snippet: diagnostics-types
    final class Database: Sendable {}
    final class Analytics {
        init(database: Database) {}
    }
    final class OrderStore: Sendable {
        init(database: Database) {}
    }
    final class OrdersScreen {
        init(store: OrderStore, analytics: Analytics) {}
    }
    // end-snippet

    @Test func oneReportThreeRenderers() throws {
        // snippet: diagnostics-render
        let container = DIContainer()
        container.register(OrderStore.init(database:)).lifetime(.objectGraph).root()
        let report = container.validationReport()  // Database is not registered

        let text = report.rendered(as: .text)  // for people; no colour unless asked
        let lines = report.rendered(as: .compiler(root: FileManager.default.currentDirectoryPath))
        let json = report.rendered(as: .json)  // DIDiagnosticsDocument, schema version 3
        _ = report.rendered(as: .text, color: .automatic)  // colour on a terminal, unless NO_COLOR is set
        // end-snippet
        #expect(!text.contains("\u{1B}["))
        DocOutput.check(text, named: "diagnostics-text")
        DocOutput.check(lines, named: "diagnostics-compiler")
        DocOutput.check(json, named: "diagnostics-json")
        // snippet: diagnostics-read-json
        let document = try DIDiagnosticsDocument.decode(json)
        #expect(document.findings == report.findings)  // the same findings, without their registration snapshots
        #expect(document.findings.first?.location?.line == report.findings.first?.location?.line)
        // end-snippet
    }

    @Test func runtimeErrorsRenderTheSameWay() {
        // snippet: diagnostics-error
        let container = DIContainer()
        container.register(OrderStore.init(database:))
        do throws(DIError) {
            _ = try container.resolveOrThrow(OrderStore.self)
        } catch {
            let line = error.rendered(as: .compiler(root: FileManager.default.currentDirectoryPath))
            #expect(line.contains("error: [not-registered]"))
            let finding = DIFinding(error)  // the model the renderers take
            #expect(finding.code == "not-registered")
        }
        // end-snippet
    }

    func registerOrders(in container: DIContainer) {
        container.register(OrdersScreen.init(store:analytics:)).root()
        container.register(OrderStore.init(database:)).lifetime(.objectGraph)
        container.register(Analytics.init(database:)).lifetime(.objectGraph)
        container.register(Database.init).lifetime(.perContainer(.strong))
    }

    @Test func graphExport() throws {
        let container = DIContainer()
        registerOrders(in: container)
        // snippet: diagnostics-graph
        let graph = DIGraphExport(container)  // the whole graph
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graph.dot")
        try graph.dot().write(to: file, atomically: true, encoding: .utf8)

        let fromStore = DIGraphExport(container, from: OrderStore.self)  // what OrderStore reaches
        let mermaid = fromStore.mermaid()
        // end-snippet
        DocOutput.check(graph.dot().trimmingCharacters(in: .newlines), named: "diagnostics-dot")
        DocOutput.check(mermaid.trimmingCharacters(in: .newlines), named: "diagnostics-mermaid")
    }

    @Test func resolutionTrace() throws {
        let container = DIContainer()
        registerOrders(in: container)
        // snippet: diagnostics-trace
        let (screen, trace) = try container.resolveTraced(OrdersScreen.self)
        print(trace)  // the tree, without timings
        // end-snippet
        _ = screen
        DocOutput.check(trace.description, named: "diagnostics-trace")
    }

    @Test func startupProfile() throws {
        let container = DIContainer()
        // snippet: diagnostics-profile
        container.register(OrderStore.init(database:)).lifetime(.single)
        container.register(Database.init).lifetime(.single)
        let profile = try container.profileSingletons()  // runs initializeSingletonObjects()
        print(profile.table)  // slowest own time first
        let json = profile.json()  // the same rows, for a tool or a CI artefact
        // end-snippet
        #expect(Set(profile.entries.map(\.typeName)) == ["OrderStore", "Database"])
        #expect(json.contains("\"selfMilliseconds\""))
        container.dropProcessWideInstances()
    }

    /// Runs in a process of its own: logging settings are process-wide.
    static func decorateExample(_ container: DIContainer) {
        // snippet: diagnostics-decorate
        container.decorate { instance, request in
            print("handed out \(request.typeName): \(type(of: instance))")
        }
        // end-snippet
    }

    @Test func decorateSeesWhatARequestHandsOut() throws {
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        let seen = Counter()
        container.decorate { _, request in if request.typeName == "Database" { seen.increment() } }
        Self.decorateExample(container)
        _ = try container.resolveOrThrow(Database.self)
        _ = try container.resolveOrThrow(Database.self)
        #expect(seen.count == 2)
    }

    static func loggingExample() {
        // snippet: diagnostics-log
        DISetting.Log.level = .info  // none, error, warning (the default), info, verbose
        DISetting.Log.handler = { level, message in
            print("[tether] \(level): \(message)")
        }
        // end-snippet
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        container.initializeSingletonObjects()
        container.dropProcessWideInstances()
    }

    @Test func loggingGoesToOneClosure() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            DiagnosticsSnippets.loggingExample()
        }
        let text = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(text.contains("[tether] info: "))
    }
}
