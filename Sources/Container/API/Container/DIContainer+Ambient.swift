extension DIContainer {
    /// The container that `@Injected`, `@LazyInjected`, `@WeakLazyInjected` and `@OptionalInjected` resolve from: the
    /// one `withAmbient(_:operation:)` set for the current task, else the one `setAmbient(_:)` set in the current
    /// test's sandbox (TetherTesting), else the one it set for the process.
    public static var ambient: DIContainer? {
        withAmbientContainer { container, _ in container }
    }

    /// Makes `container` the process's ambient container, the one property wrappers resolve from: once, at launch,
    /// before the first object with a wrapper is made. Inside a TetherTesting sandbox (`.tetherSandbox`,
    /// `withTetherSandbox`) it sets the sandbox's instead, so that each test's launch code sets its own; there, `nil`
    /// means none, not the process's.
    ///
    /// ```swift
    /// @main struct ShopApp: App {
    ///     init() { DIContainer.setAmbient(AppContainer.make()) }
    /// }
    /// ```
    public static func setAmbient(_ container: DIContainer?) {
        AmbientContainer.set(container)
    }

    /// Runs `operation` with `container` as the ambient container of this task and of the tasks it starts, over
    /// the process's: a test's own container. (A SwiftUI preview makes views later, outside it: set the process's.)
    ///
    /// ```swift
    /// let model = DIContainer.withAmbient(testContainer) { CheckoutModel() }  // its wrappers use testContainer
    /// ```
    public static func withAmbient<Result>(_ container: DIContainer, operation: () throws -> Result) rethrows -> Result
    {
        AmbientContainer.state.tasksHaveOne.store(1)
        return try AmbientContainer.$task.withValue(container, operation: operation)
    }

    /// `withAmbient(_:operation:)` for async work.
    public static func withAmbient<Result>(
        _ container: DIContainer, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
    ) async rethrows -> Result {
        AmbientContainer.state.tasksHaveOne.store(1)
        return try await AmbientContainer.$task.withValue(container, operation: operation)
    }
}
