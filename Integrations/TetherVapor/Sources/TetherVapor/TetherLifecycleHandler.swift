import NIOConcurrencyHelpers
import Tether
import Vapor

/// Ties a container's life to a Vapor application's: its eager start-up when the application boots, before the
/// server binds its port, and its ordered shutdown when the application shuts down.
///
/// ```swift
/// let app = try await Application.make(.detect())
/// app.tether.use(container)  // this handler, and a request scope per request
/// try await app.execute()
/// try await app.asyncShutdown()  // the server stops, then the container disposes what it made
/// ```
/// Vapor runs no `ServiceGroup`: its `Application` starts and stops its own services through `LifecycleHandler`s,
/// so this handler, not `TetherService`, is the container's place there. Vapor calls the handlers' shutdown before
/// it stops the server, so the handler stops the server first (by default): the requests in flight finish, and
/// their scopes end, before the container disposes what they use.
public struct TetherLifecycleHandler: LifecycleHandler {
    /// What runs when the application boots.
    public enum StartUp: Sendable {
        /// `initializeSingletonObjectsAsync()`: every `.single` component, each awaited or built on the main actor
        /// as it must be.
        case singletons
        /// Nothing: the container makes each instance when it is first resolved.
        case none
        /// Your own start-up, for instance a `resolveAsync` of what must exist before the first request.
        case custom(@Sendable (DIContainer) async throws -> Void)
    }

    /// The container the handler starts and shuts down.
    public let container: DIContainer
    private let startUp: StartUp
    private let shutdownTimeout: Duration?
    private let disposesProcessWideInstances: Bool
    private let stopsServerFirst: Bool
    /// Whether the container was shut down: a start-up that failed shuts it down, and the application's own
    /// shutdown, which a failed boot still needs, must not log a second, empty one.
    private let stopped = NIOLockedValueBox(false)

    /// Makes the handler for `container`.
    ///
    /// - Parameters:
    ///   - startUp: what runs when the application boots; by default every `.single` component is made.
    ///   - shutdownTimeout: how long the shutdown waits for the resolves in flight and for each `dispose()`.
    ///   - disposesProcessWideInstances: whether the shutdown also disposes the `perRun` and `single` instances the
    ///     container sees (`shutdownProcessWideInstances()`), as a server that is stopping for good wants.
    ///   - stopsServerFirst: whether the shutdown first stops the application's server and waits for the requests
    ///     in flight. Vapor stops the server only after its handlers, and a request still running would use what
    ///     the container has disposed; stopping it twice is harmless, as Vapor's second stop finds it stopped.
    public init(
        container: DIContainer, startUp: StartUp = .singletons, shutdownTimeout: Duration? = .seconds(30),
        disposesProcessWideInstances: Bool = true, stopsServerFirst: Bool = true
    ) {
        self.container = container
        self.startUp = startUp
        self.shutdownTimeout = shutdownTimeout
        self.disposesProcessWideInstances = disposesProcessWideInstances
        self.stopsServerFirst = stopsServerFirst
    }

    /// Runs the start-up. In `willBoot`, not `didBoot`, so that the other handlers' `didBoot` (and the server,
    /// which starts after every handler has booted) find the singletons made. A start-up that throws shuts the
    /// container down before the error reaches Vapor: what it made before the failure holds connections and files,
    /// and an application that failed to boot is often not shut down at all.
    public func willBootAsync(_ application: Application) async throws {
        do {
            switch startUp {
            case .singletons: try await container.initializeSingletonObjectsAsync()
            case .none: break
            case .custom(let body): try await body(container)
            }
        } catch {
            application.logger.error(
                "the container's start-up failed; disposing what it made", metadata: ["error": "\(error)"])
            await stopContainer(application)
            throw error
        }
        application.logger.info("the container has started")
    }

    /// The start-up of Vapor's synchronous `boot()`, which `app.testing()` and `app.testable()` call: `.singletons`
    /// makes them with `initializeSingletonObjectsOrThrow()`, which throws for an `async` component rather than
    /// block a thread on it. A `.custom` start-up is `async` and throws here: call `try await app.asyncBoot()`
    /// first, after which `boot()` does nothing. A failure here disposes nothing (that would need awaiting): the
    /// application's `asyncShutdown()` does.
    public func willBoot(_ application: Application) throws {
        switch startUp {
        case .singletons: try container.initializeSingletonObjectsOrThrow()
        case .none: break
        case .custom: throw TetherVaporError.asyncStartUpInSynchronousBoot
        }
        application.logger.info("the container has started")
    }

    /// Stops the server (see `stopsServerFirst`), then shuts the container down and logs its report: Vapor's
    /// shutdown cannot throw, so a failed or timed-out disposal is logged at `.error` with every failure.
    public func shutdownAsync(_ application: Application) async {
        if stopsServerFirst { await application.server.shutdown() }
        await stopContainer(application)
    }

    /// Shuts the container down once, then its process-wide instances, and logs what happened.
    private func stopContainer(_ application: Application) async {
        let first = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var reports = [await stopContainerInstances()]
        if disposesProcessWideInstances { reports.append(await stopProcessWideInstances()) }
        let disposed = reports.reduce(0) { $0 + $1.disposed.count }
        guard reports.allSatisfy(\.isClean) else {
            let failures = reports.filter { !$0.isClean }.map(\.description).joined(separator: "\n")
            application.logger.error("the container's shutdown had failures", metadata: ["report": "\(failures)"])
            return
        }
        application.logger.info("the container has shut down", metadata: ["disposed": "\(disposed)"])
    }

    private func stopContainerInstances() async -> DIShutdownReport {
        if let shutdownTimeout { return await container.shutdown(timeout: shutdownTimeout) }
        return await container.shutdown()
    }

    private func stopProcessWideInstances() async -> DIShutdownReport {
        if let shutdownTimeout { return await container.shutdownProcessWideInstances(timeout: shutdownTimeout) }
        return await container.shutdownProcessWideInstances()
    }
}
