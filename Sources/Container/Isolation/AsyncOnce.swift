/// Runs an async creation once for all the tasks that ask for it at the same time: what `CreationGate` is for
/// synchronous resolves, for `resolveAsync`, which must not block a thread of the cooperative pool while another
/// task awaits a factory (the pool may have no thread left to run that task).
///
/// Like the gates, it refuses to wait where waiting would never end: a creation whose factory asks for itself, and
/// creations whose factories wait for each other in a ring (task A makes K1 and its factory awaits K2, which task B
/// makes while its factory awaits K1). Each creation runs in a task of its own, which inherits the first asker's
/// task-local values and priority.
enum AsyncOnce {
    private struct State {
        /// The creations running now, by the identity of what they fill (a cell, a scope's gate). An entry is
        /// removed by its own task when it ends, so a later request (after a reset, say) creates again.
        var running: [ObjectIdentifier: Task<Handoff<AnyObject?>, any Error>] = [:]
        /// For a creation whose factory waits for another creation now, that other one.
        var waitsFor: [ObjectIdentifier: ObjectIdentifier] = [:]
    }

    private static let state = Locked(State())

    /// What the current task (and the tasks it started) is creating, innermost last.
    @TaskLocal private static var creating: [ObjectIdentifier] = []

    /// Runs `create` unless a task is already creating for `key`, and returns what the running creation returned;
    /// throws `reentry()` when waiting for it would close a ring through the asking task.
    static func run(
        _ key: ObjectIdentifier, reentry: () -> DIError,
        _ create: @escaping @Sendable () async throws(DIError) -> AnyObject?
    ) async throws(DIError) -> AnyObject? {
        let creating = creating
        let waiter = creating.last
        let task = state.withLock { state -> Task<Handoff<AnyObject?>, any Error>? in
            // Would the wait come back to a creation this task is inside? Follow what each awaited creation awaits.
            var next: ObjectIdentifier? = key
            while let awaited = next {
                if creating.contains(awaited) { return nil }
                next = state.waitsFor[awaited]
            }
            if let waiter { state.waitsFor[waiter] = key }
            if let task = state.running[key] { return task }
            let task = Task { () async throws -> Handoff<AnyObject?> in
                defer { AsyncOnce.state.withLock { _ = $0.running.removeValue(forKey: key) } }
                return try await $creating.withValue(creating + [key]) { Handoff(value: try await create()) }
            }
            state.running[key] = task
            return task
        }
        guard let task else { throw reentry() }
        defer { if let waiter { state.withLock { _ = $0.waitsFor.removeValue(forKey: waiter) } } }
        do {
            return try await task.value.value
        } catch {
            // `create` throws only `DIError`s.
            throw error as! DIError
        }
    }
}
