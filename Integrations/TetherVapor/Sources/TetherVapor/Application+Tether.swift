import Tether
import Vapor

extension Application {
    /// The application's container and its hooks: `app.tether.use(container)`.
    public var tether: TetherApplication { TetherApplication(application: self) }
}

/// Installs a container in an application, and finds it again: the `app.tether` namespace.
public struct TetherApplication: Sendable {
    private struct ContainerKey: StorageKey {
        typealias Value = DIContainer
    }

    /// The application it installs into.
    public let application: Application

    /// Makes the container the application's: a `TetherLifecycleHandler` starts it when the application boots and
    /// shuts it down when it shuts down, and, unless `requestScopes` is false, a `TetherRequestScopeMiddleware`
    /// gives each request its scope.
    ///
    /// Call it once, before the routes that use `req.tether`. The middleware goes at the end of the application's
    /// middleware, inside Vapor's `ErrorMiddleware`: a route's error ends the scope on its way out, and the
    /// middleware added after this call, which runs inside it, can resolve from the request's scope.
    public func use(
        _ container: DIContainer, startUp: TetherLifecycleHandler.StartUp = .singletons,
        shutdownTimeout: Duration? = .seconds(30), disposesProcessWideInstances: Bool = true,
        requestScopes: Bool = true
    ) {
        application.storage[ContainerKey.self] = container
        application.lifecycle.use(
            TetherLifecycleHandler(
                container: container, startUp: startUp, shutdownTimeout: shutdownTimeout,
                disposesProcessWideInstances: disposesProcessWideInstances))
        if requestScopes { application.middleware.use(TetherRequestScopeMiddleware(container: container)) }
    }

    /// The container `use(_:)` installed, or `nil` before it.
    public var container: DIContainer? {
        application.storage[ContainerKey.self]
    }
}
