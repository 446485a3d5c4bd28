import Hummingbird
import Logging
import ServiceLifecycle
import Tether
import TetherServiceLifecycle

/// Where the server listens and keeps its data.
public struct TodoSettings: Sendable {
    /// The address to listen on.
    public var host: String
    /// 0 picks a free port, which `onRunning` receives.
    public var port: Int
    /// The SQLite file; made, with its table, on first start.
    public var databasePath: String
    /// A pause in `GET /todos` before it answers, so that a test can shut the server down with requests in
    /// flight.
    public var listDelay: Duration?

    /// Settings for a server on `host` and `port` over the database at `databasePath`.
    public init(host: String = "127.0.0.1", port: Int = 8080, databasePath: String, listDelay: Duration? = nil) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.listDelay = listDelay
    }
}

/// The app: its components registered in Tether, and the services a `ServiceGroup` runs.
public enum TodoApp {
    /// The app's container: the database and the repository, one each for the server's life; a unit of work
    /// per request.
    public static func container(settings: TodoSettings, events: LifecycleEvents) -> DIContainer {
        // snippet: servers-example-registrations
        let container = DIContainer()
        container.registerInstance(events)
        container.register { (events: LifecycleEvents) async throws in
            try await Database.open(at: settings.databasePath, events: events)
        }.lifetime(.perContainer(.strong))
        container.register(TodoRepository.init(database:events:)).lifetime(.perContainer(.strong))
        container.register(UnitOfWork.init(repository:)).lifetime(.perRequest)
        // end-snippet
        return container
    }

    /// The services to run, in order: the container first, which the group stops last, then the HTTP server.
    public static func services(
        container: DIContainer, settings: TodoSettings, logger: Logger,
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> [any Service] {
        // snippet: servers-example-services
        let router = Router(context: TodoContext.self)
        router.add(middleware: RequestScopeMiddleware(container: container))  // a request scope per request
        TodoRoutes.add(to: router, settings: settings)
        var server = Application(
            router: router, configuration: .init(address: .hostname(settings.host, port: settings.port)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? settings.port) },
            logger: logger)
        // The database (an async factory) is opened before the server binds its port, so no request comes first.
        server.beforeServerStarts { _ = try await container.resolveAsync(TodoRepository.self) }
        return [TetherService(container: container, startUp: .none, logger: logger), server]
        // end-snippet
    }
}
