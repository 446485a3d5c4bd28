/// Runs an async creation once for all the tasks that ask for it at the same time: what `CreationGate` is for
/// synchronous resolves, for `resolveAsync`, which must not block a thread of the cooperative pool while another
/// task awaits a factory (the pool may have no thread left to run that task).
enum AsyncOnce {
    /// The creations running now, by the identity of what they fill (a cell, a scope's gate). An entry is removed
    /// by its own task when it ends, so a later request (after a reset, say) creates again.
    private static let running = Locked<[ObjectIdentifier: Task<Handoff<AnyObject?>, any Error>]>([:])

    /// What the current task (and the tasks it started) is creating: a creation that asks for itself again, from
    /// its factory, would wait for itself forever.
    @TaskLocal private static var creating: Set<ObjectIdentifier> = []

    /// Runs `create` unless a task is already creating for `key`, and returns what the running creation returned;
    /// throws `reentry()` when the asking task is itself that creation.
    static func run(
        _ key: ObjectIdentifier, reentry: () -> DIError,
        _ create: @escaping @Sendable () async throws(DIError) -> AnyObject?
    ) async throws(DIError) -> AnyObject? {
        if creating.contains(key) { throw reentry() }
        let task = running.withLock { running in
            if let task = running[key] { return task }
            let task = Task { () async throws -> Handoff<AnyObject?> in
                defer { AsyncOnce.running.withLock { $0[key] = nil } }
                return try await $creating.withValue(creating.union([key])) { Handoff(value: try await create()) }
            }
            running[key] = task
            return task
        }
        do {
            return try await task.value.value
        } catch {
            // `create` throws only `DIError`s.
            throw error as! DIError
        }
    }
}
