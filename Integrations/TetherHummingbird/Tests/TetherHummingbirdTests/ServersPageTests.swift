import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import Tether
import TetherHummingbird

// What Docs/en/Servers.md and Docs/ru/Servers.md show of this package, compiled and run here (the docs test of
// Tether's own package compares the pages with these snippets).

// snippet: servers-hummingbird-context
struct TodoContext: TetherRequestContext {
    var coreContext: CoreRequestContextStorage
    var requestScope: DIRequestScope?  // set by the middleware
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var maxUploadSize: Int { 16 * 1024 }  // the context stays the app's own
}
// end-snippet

/// The page's unit of work: what a request stages, committed once.
final class UnitOfWork: DIDisposable {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func commit() -> String { "committed" }

    func dispose() async throws {
        journal.note("rolled back what was not committed")
    }
}

/// The page's way to run the app: compiled, not run, since it waits for a signal.
func runTheApp(_ app: some ApplicationProtocol, container: DIContainer) async throws {
    // snippet: servers-hummingbird-run
    try await app.runService(container: container)  // start-up, then the server; SIGTERM or SIGINT stops both
    // end-snippet
}

@Suite struct ServersPageTests {
    @Test func thePagesRouteCommitsThroughTheRequestsUnitOfWorkWhichIsDisposedAfterTheResponse() async throws {
        let journal = Journal()
        let container = DIContainer()
        container.registerInstance(journal)
        container.register(UnitOfWork.init(journal:)).lifetime(.perRequest)
        // snippet: servers-hummingbird
        let router = Router(context: TodoContext.self)
        router.add(middleware: TetherRequestScopeMiddleware(container: container))  // a scope per request
        router.post("/todos") { _, context -> String in
            let work = try context.tether.resolve(UnitOfWork.self)  // this request's, disposed once it is answered
            return work.commit()
        }
        let app = Application(router: router)
        // end-snippet
        try await app.test(.live) { client in
            let body = try await client.execute(uri: "/todos", method: .post) { String(buffer: $0.body) }
            #expect(body == "committed")
            #expect(try await journal.waitFor("rolled back what was not committed"))
        }
    }
}
