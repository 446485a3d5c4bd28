/// The container property wrappers resolve from when they are made: the one a task set, else the one set in the
/// test's sandbox, else the process's.
enum AmbientContainer {
    /// Set by `DIContainer.withAmbient(_:operation:)` for a task and the tasks it starts, and by nothing else:
    /// reading it waits for `tasksHaveOne`, which that sets first.
    @TaskLocal static var task: DIContainer?
    /// What every wrapper's read looks at, in one static: each static is a `swift_once` check on every read, and a
    /// wrapper's resolve read three.
    static let state = State()

    /// The process's ambient container and the two words that say whether a read must look further.
    final class State: Sendable {
        /// Set once at launch by `DIContainer.setAmbient(_:)`, outside any sandbox. Read without a lock or a count
        /// (`RetiringReference`): two threads making objects with wrappers would otherwise share a lock and a counter.
        let process = RetiringReference<DIContainer>()

        /// Whether `DIContainer.withAmbient(_:operation:)` has ever run: until then, reading the ambient container
        /// skips the task-local, whose read (unspecialised in the concurrency library) was a quarter of what a wrapper
        /// adds to its resolve. Never cleared: a task started inside `withAmbient` keeps its value after the call
        /// returns.
        let tasksHaveOne = AtomicWord(0)

        /// Whether a sandbox has ever had an ambient container set: until then, reading the ambient container skips
        /// the sandbox's task-local (a tenth of a wrapper's resolve).
        let sandboxesHaveOne = AtomicWord(0)
    }

    /// Sets what `setAmbient(_:)` sets: the current sandbox's (`DIProcessWideNamespace`), where `nil` is a choice
    /// that hides the process's, else the process's.
    static func set(_ container: DIContainer?) {
        guard let sandbox = DIProcessWideNamespace.current else { return state.process.replace(with: container) }
        state.sandboxesHaveOne.store(1)
        sandbox.ambient.withLock { $0 = .some(container) }
    }
}

extension DIContainer {
    /// The container that `@Injected`, `@LazyInjected`, `@WeakLazyInjected` and `@OptionalInjected` resolve from: the
    /// one `withAmbient(_:operation:)` set for the current task, else the one `setAmbient(_:)` set in the current
    /// test's sandbox (TetherTesting), else the one it set for the process.
    public static var ambient: DIContainer? {
        withAmbientContainer { container, _ in container }
    }

    /// Runs `body` with the ambient container (see `ambient`), the process's lent rather than retained: a property
    /// wrapper resolves inside. `body` is told whether the thread runs a resolve (`Reclamation.isPinned`).
    static func withAmbientContainer<Result>(_ body: (DIContainer?, _ inResolve: Bool) -> Result) -> Result {
        let state = AmbientContainer.state
        if state.tasksHaveOne.load() != 0, let container = AmbientContainer.task {
            return body(container, Reclamation.isPinned)
        }
        if state.sandboxesHaveOne.load() != 0, let sandbox = DIProcessWideNamespace.current,
            case .some(let chosen) = sandbox.ambient.withLock({ $0 })
        {
            return body(chosen, Reclamation.isPinned)
        }
        return state.process.read(body)
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
