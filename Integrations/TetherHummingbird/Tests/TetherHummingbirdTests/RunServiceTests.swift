import Hummingbird
import Logging
import Synchronization
import Testing
import Tether
import TetherHummingbird

/// Something the server needs from the start: opened by the container's start-up, closed by its shutdown.
final class Pool: DIDisposable {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
        journal.note("pool opened")
    }

    func dispose() async throws {
        journal.note("pool closed")
    }
}

@Suite struct RunServiceTests {
    @Test func theServerBindsAfterTheContainersStartUpAndTheContainerShutsDownAfterTheServer() async throws {
        let journal = Journal()
        let container = DIContainer()
        container.registerInstance(journal)
        container.register(Pool.init(journal:)).lifetime(.perContainer(.strong))
        let router = Router(context: BasicTetherRequestContext.self)
        router.add(middleware: TetherRequestScopeMiddleware(container: container))
        let (bound, binding) = AsyncStream.makeStream(of: Void.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { _ in
                journal.note("server bound")
                binding.yield()
            },
            logger: Logger(label: "tether-hummingbird-tests"))
        let running = Task {
            try await app.runService(
                container: container, startUp: .custom { _ = try $0.resolveOrThrow(Pool.self) },
                gracefulShutdownSignals: [])
        }
        for await _ in bound { break }
        // A cancelled group still shuts the container down: its shutdown does not inherit the cancellation.
        running.cancel()
        _ = await running.result
        #expect(journal.all == ["pool opened", "server bound", "pool closed"])
    }
}
