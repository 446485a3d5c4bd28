extension DIContainer {
    /// Shuts the container down: refuses new resolves, lets those running finish, then disposes every
    /// `perContainer(.strong)` instance it made (see `DIDisposable`), dependents before their dependencies.
    ///
    /// ```swift
    /// let report = await container.shutdown()
    /// if !report.isClean { logger.error("\(report)") }
    /// ```
    /// Children that keep instances of their own are shut down first. Each instance is disposed once; one that
    /// throws does not stop the others, and every failure is in the report (and logged at `.error`). A second call
    /// returns the first's report. From its start, a resolve from this container or a child throws
    /// `container-shut-down`, except one nested in a resolve of them that was running already, which it waits for;
    /// resolves of other containers are not waited for, and one reaching into this container is refused. `perRun`
    /// and `single` instances belong to the process, not to one container: `shutdownProcessWideInstances()`
    /// disposes them.
    @discardableResult
    public func shutdown() async -> DIShutdownReport {
        await shutdown(timeoutNanoseconds: nil)
    }

    /// Shuts the container down as `shutdown()` does, waiting at most `timeout` for the resolves running when it
    /// begins and for each `dispose()`: one still running then is cancelled, reported, and not waited for.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @discardableResult
    public func shutdown(timeout: Duration) async -> DIShutdownReport {
        await shutdown(timeoutNanoseconds: timeout.nanoseconds)
    }

    /// Disposes the `perRun(.strong)` and `single` instances of the registrations this container sees, dependents
    /// first; the next resolve of one makes a new instance, as after `dropProcessWideInstances()`. Call it after
    /// `shutdown()` of the containers that use them, as the last step of stopping. Inside a test sandbox
    /// (TetherTesting) it disposes only the sandbox's instances.
    @discardableResult
    public func shutdownProcessWideInstances() async -> DIShutdownReport {
        await shutdownProcessWideInstances(timeoutNanoseconds: nil)
    }

    /// Disposes the process-wide instances as `shutdownProcessWideInstances()` does, waiting at most `timeout`
    /// for running resolves and for each `dispose()`.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @discardableResult
    public func shutdownProcessWideInstances(timeout: Duration) async -> DIShutdownReport {
        await shutdownProcessWideInstances(timeoutNanoseconds: timeout.nanoseconds)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Duration {
    /// The duration in whole nanoseconds, 0 for a negative one.
    fileprivate var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
