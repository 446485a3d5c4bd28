// Releasing instances without disposing them. Of the four ways to clear state, this one only forgets: `drop…`
// releases, `unregister` removes registrations, `shutdown…` disposes, and a request scope's `end()` disposes its
// request's instances.
extension DIContainer {
    /// Releases the instances this container keeps or sees for registrations of exactly these lifetimes, disposing
    /// none, so that the next resolves build new ones; the other lifetimes keep theirs (Swinject's
    /// `resetObjectScope`). To dispose them as well, use `shutdown()` and `shutdownProcessWideInstances()`.
    ///
    /// - `perContainer(policy)`: this container's instances of that policy; children keep theirs.
    /// - `perRun(policy)` and `single`: the instances of the registrations this container sees with that
    ///   lifetime. Inside a test sandbox (TetherTesting), only those of containers made in it: a parent made
    ///   outside keeps its instances, which the tests running beside this one share.
    /// - `custom(scope)`: `scope.dropInstances()`, which empties the scope for every container that uses it.
    /// - `prototype`, `objectGraph` and `perRequest` keep nothing here: nothing happens.
    ///
    /// ```swift
    /// container.dropInstances(of: .perContainer(.strong), .perContainer(.weak))  // a log-out
    /// ```
    /// The instances are released before this returns, once no thread is still taking one from its cell; a resolve
    /// running at the same moment may still hand out one from before.
    public func dropInstances(of lifetime: DILifeTime, _ more: DILifeTime...) {
        for lifetime in [lifetime] + more {
            switch lifetime {
            case .prototype, .objectGraph, .perRequest:
                continue
            case .perContainer(let policy):
                // Outside the container's lock: releasing an instance runs its deinit, which may resolve.
                for cell in perContainerCells where cell.policy == policy { cell.reset() }
            case .perRun, .single:
                dropProcessWideInstances { $0.lifetime == lifetime }
            case .custom(let scope):
                scope.dropInstances()
            }
        }
    }

    /// Releases the `perRun` and `single` instances of the registrations this container sees (its own and its
    /// parents'), disposing none, so that the next resolves build new ones; other registrations keep theirs. What
    /// `shutdownProcessWideInstances()` disposes, this only releases. Inside a test sandbox (TetherTesting), only
    /// the registrations of containers made in it: a parent made outside keeps its instances, which the tests
    /// running beside this one share.
    public func dropProcessWideInstances() {
        dropProcessWideInstances { _ in true }
    }

    /// Releases every `perRun` and `single` instance in the process, of every container, disposing none, so that
    /// the next resolves build new ones: for tests, and for resetting an app.
    ///
    /// Inside a test sandbox (TetherTesting) it drops only the sandbox's instances: a test must not reset those of
    /// the tests running beside it. The sandbox is the calling task's, so a `Task.detached` or a thread started in
    /// a sandbox, which inherits no task-locals, drops the process's. As with `dropInstances(of:_:)`, a resolve
    /// running at the same moment may still hand out an instance from before.
    public static func dropAllProcessWideInstances() {
        ProcessWideCells.reset(in: DIProcessWideNamespace.current)
    }

    /// Removes every registration of this container that provides `type` under `name` (its own type or an
    /// `.as` type); returns how many. A parent's registrations are untouched, and become visible again where
    /// this container's overrode them.
    @discardableResult
    public func unregister<T>(_ type: T.Type, name: String? = nil) -> Int {
        removeRegistrations(providing: type, name: name)
    }
}
