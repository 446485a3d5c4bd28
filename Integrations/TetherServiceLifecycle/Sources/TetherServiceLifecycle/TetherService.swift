import Logging
import ServiceLifecycle
import Tether

/// Runs a container's life in a `ServiceGroup`: its start-up, then the services that use it, then its ordered
/// shutdown, which runs however the services ended: a graceful shutdown, a failure, or the group's cancellation.
///
/// ```swift
/// let group = ServiceGroup(
///     configuration: .init(
///         services: [TetherService(container: container, running: [server])],
///         gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
/// A `ServiceGroup` starts all its services at once, so a sibling of this service would take requests while the
/// start-up still runs, and nothing would order its stop before the disposals. The services given as `running` are
/// therefore run by this one, in a group of their own, only once the start-up has finished; the outer group's
/// graceful shutdown reaches them, and the container is shut down once they have all stopped. Given no services,
/// it waits for the group's graceful shutdown instead; list it first then, since a group stops its services in the
/// reverse of their order.
///
/// A start-up that throws shuts the container down (what it made is disposed) and then fails the group with its
/// error. The time a graceful shutdown may take is the group's to bound (`maximumGracefulShutdownDuration`): once it
/// is over, the group cancels this service, its services are cancelled, and the container is still shut down, since
/// what the instances hold outside the process must be given back either way. A shutdown with a failure or a timeout
/// throws `TetherShutdownError` once every disposal has run, so that the group's `run()` reports it.
public struct TetherService: Service, CustomStringConvertible {
    /// What runs when the service starts.
    public enum StartUp: Sendable {
        /// `initializeSingletonObjectsAsync()`: every `.single` component, each awaited or built on the main actor
        /// as it must be.
        case singletons
        /// Nothing: the container makes each instance when it is first resolved.
        case none
        /// Your own start-up, for instance a `resolveAsync` of what must exist before the first request.
        case custom(@Sendable (DIContainer) async throws -> Void)
    }

    /// The container the service starts and stops.
    public let container: DIContainer
    private let startUp: StartUp
    private let services: [any Service]
    private let shutdownTimeout: Duration?
    private let disposesProcessWideInstances: Bool
    private let logger: Logger

    /// Makes the service for `container`.
    ///
    /// - Parameters:
    ///   - startUp: what runs when the group starts; by default every `.single` component is made.
    ///   - services: what uses the container, such as an HTTP server: started once the start-up has finished,
    ///     stopped before the container shuts down. With none, the service waits for the group's graceful
    ///     shutdown.
    ///   - shutdownTimeout: how long the shutdown waits for the resolves in flight and for each `dispose()`.
    ///   - disposesProcessWideInstances: whether the shutdown also disposes the `perRun` and `single` instances the
    ///     container sees (`shutdownProcessWideInstances()`), as a server that is stopping for good wants.
    ///   - logger: where start-up and shutdown are logged.
    public init(
        container: DIContainer, startUp: StartUp = .singletons, running services: [any Service] = [],
        shutdownTimeout: Duration? = .seconds(30), disposesProcessWideInstances: Bool = true,
        logger: Logger = Logger(label: "Tether")
    ) {
        self.container = container
        self.startUp = startUp
        self.services = services
        self.shutdownTimeout = shutdownTimeout
        self.disposesProcessWideInstances = disposesProcessWideInstances
        self.logger = logger
    }

    /// Starts the container, runs its services until they stop (or waits for the group's graceful shutdown), then
    /// shuts the container down.
    public func run() async throws {
        do {
            switch startUp {
            case .singletons: try await container.initializeSingletonObjectsAsync()
            case .none: break
            case .custom(let body): try await body(container)
            }
        } catch {
            // What the start-up made before it failed holds what a finished one would: give it back, and report
            // the start-up's error, which is the one that explains the failure.
            logger.error("the container's start-up failed", metadata: ["error": "\(error)"])
            try? await stop()
            throw error
        }
        logger.info("the container has started")
        var servicesFailure: (any Error)?
        if services.isEmpty {
            // Cancelled rather than shut down gracefully, the group still gets the disposals.
            try? await gracefulShutdown()
        } else {
            // No signals of its own: the outer group's graceful shutdown reaches this group through the task,
            // and its cancellation too.
            do {
                try await ServiceGroup(configuration: .init(services: services, logger: logger)).run()
            } catch {
                servicesFailure = error
            }
        }
        do {
            try await stop()
        } catch {
            // The services' failure came first and caused the stop; the shutdown's own is logged by `stop()`.
            if let servicesFailure { throw servicesFailure }
            throw error
        }
        if let servicesFailure { throw servicesFailure }
    }

    /// Shuts the container down, then the process-wide instances; throws `TetherShutdownError` after every
    /// disposal has run if one failed. Run in a cancelled task too: the container's shutdown does not inherit the
    /// cancellation.
    private func stop() async throws {
        var reports = [await stopContainer()]
        if disposesProcessWideInstances { reports.append(await stopProcessWideInstances()) }
        let disposed = reports.reduce(0) { $0 + $1.disposed.count }
        guard reports.allSatisfy(\.isClean) else {
            let error = TetherShutdownError(reports: reports)
            logger.error("the container's shutdown had failures", metadata: ["report": "\(error)"])
            throw error
        }
        logger.info("the container has shut down", metadata: ["disposed": "\(disposed)"])
    }

    private func stopContainer() async -> DIShutdownReport {
        if let shutdownTimeout { return await container.shutdown(timeout: shutdownTimeout) }
        return await container.shutdown()
    }

    private func stopProcessWideInstances() async -> DIShutdownReport {
        if let shutdownTimeout { return await container.shutdownProcessWideInstances(timeout: shutdownTimeout) }
        return await container.shutdownProcessWideInstances()
    }

    /// The service's name in the group's logs.
    public var description: String { "TetherService" }
}
