import Logging
import ServiceLifecycle
import Tether

/// Runs a container's life in a `ServiceGroup`: its eager start-up when the group starts, and its ordered
/// shutdown when the group shuts down gracefully (SIGTERM, or `triggerGracefulShutdown()`).
///
/// ```swift
/// let group = ServiceGroup(
///     services: [TetherService(container: container), server],  // first: started first, stopped last
///     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
/// try await group.run()
/// ```
/// A group stops its services in the reverse of their order, so list this one first: the server stops taking
/// requests before the container disposes what the requests used. A start-up that throws fails the group's start;
/// a shutdown with a failure or a timeout throws `TetherShutdownError`, after every disposal has run, so that the
/// group's `run()` reports it.
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
    private let shutdownTimeout: Duration?
    private let disposesProcessWideInstances: Bool
    private let logger: Logger

    /// Makes the service for `container`.
    ///
    /// - Parameters:
    ///   - startUp: what runs when the group starts; by default every `.single` component is made.
    ///   - shutdownTimeout: how long the shutdown waits for the resolves in flight and for each `dispose()`.
    ///   - disposesProcessWideInstances: whether the shutdown also disposes the `perRun` and `single` instances the
    ///     container sees (`shutdownProcessWideInstances()`), as a server that is stopping for good wants.
    ///   - logger: where start-up and shutdown are logged.
    public init(
        container: DIContainer, startUp: StartUp = .singletons, shutdownTimeout: Duration? = .seconds(30),
        disposesProcessWideInstances: Bool = true, logger: Logger = Logger(label: "Tether")
    ) {
        self.container = container
        self.startUp = startUp
        self.shutdownTimeout = shutdownTimeout
        self.disposesProcessWideInstances = disposesProcessWideInstances
        self.logger = logger
    }

    /// Starts the container, waits for the group's graceful shutdown (or its cancellation), then shuts the
    /// container down.
    public func run() async throws {
        switch startUp {
        case .singletons: try await container.initializeSingletonObjectsAsync()
        case .none: break
        case .custom(let body): try await body(container)
        }
        logger.info("the container has started")
        // Cancelled rather than shut down gracefully, the group still gets the disposals: what the instances hold
        // outside the process must be given back either way.
        try? await gracefulShutdown()
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
