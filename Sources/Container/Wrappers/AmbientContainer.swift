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
}
