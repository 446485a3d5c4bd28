import Hummingbird
import Logging
import ServiceLifecycle
import Tether
import TetherServiceLifecycle
import UnixSignals

extension ApplicationProtocol {
    /// Runs the app inside `container`'s life, as `runService(gracefulShutdownSignals:)` runs it alone: the
    /// container's start-up first, then the server, and once the server has stopped, the container's shutdown.
    ///
    /// ```swift
    /// var app = Application(router: router)
    /// app.addServices(metrics)  // started with the server, after the container's start-up
    /// try await app.runService(container: container)
    /// ```
    /// The server binds its port only once the start-up has finished, so no request meets a component still being
    /// made; the services given to `app.addServices` start with it, in the app's own group. This is
    /// `TetherService(container:startUp:running: [app])` in a group that takes the signals: make that group yourself
    /// for anything else, such as a bound on the graceful shutdown (`maximumGracefulShutdownDuration`).
    ///
    /// - Parameters:
    ///   - container: the container the app's routes resolve from.
    ///   - startUp: what runs before the server starts; by default every `.single` component is made.
    ///   - gracefulShutdownSignals: the signals that stop the server, then the container, gracefully.
    public func runService(
        container: DIContainer, startUp: TetherService.StartUp = .singletons,
        gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint]
    ) async throws {
        let service = TetherService(container: container, startUp: startUp, running: [self], logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: [service], gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
        )
        try await group.run()
    }
}
