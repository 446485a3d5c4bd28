import Hummingbird
import Logging
import ServiceLifecycle
import Tether
import TetherHummingbird
import TetherServiceLifecycle

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

    /// The group to run: the container's service, which opens the database, then runs the HTTP server, and
    /// disposes the repository and the database once the server has stopped.
    public static func serviceGroup(
        container: DIContainer, settings: TodoSettings, logger: Logger,
        onRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
    ) -> ServiceGroup {
        // snippet: servers-example-services
        let router = Router(context: TodoContext.self)
        router.add(middleware: FailureLogMiddleware())  // a 5xx's cause in the log, not only in the status
        // A request scope per request, ended once the response is written.
        router.add(middleware: TetherRequestScopeMiddleware(container: container))
        TodoRoutes.add(to: router, settings: settings)
        let server = Application(
            router: router, configuration: .init(address: .hostname(settings.host, port: settings.port)),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? settings.port) },
            logger: logger)
        // The database (an async factory) is opened before the server binds its port, so no request comes first.
        let openDatabase = TetherService.StartUp.custom { _ = try await $0.resolveAsync(TodoRepository.self) }
        // No signals here: the executable's first SIGTERM or SIGINT shuts the group down gracefully, a second
        // cancels it, which a signal in both of the group's lists cannot express.
        var configuration = ServiceGroupConfiguration(
            services: [TetherService(container: container, startUp: openDatabase, running: [server], logger: logger)],
            logger: logger)
        // A client that sends its body slowly cannot hold the shutdown past this; the database still closes.
        configuration.maximumGracefulShutdownDuration = settings.shutdownLimit
        return ServiceGroup(configuration: configuration)
        // end-snippet
    }
}
