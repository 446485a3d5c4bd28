/// Runs an async creation once for all the tasks that ask for it at the same time: what `CreationGate` is for
/// synchronous resolves, for `resolveAsync`, which must not block a thread of the cooperative pool while another
/// task awaits a factory (the pool may have no thread left to run that task).
///
/// Like the gates, it refuses to wait where waiting would never end: a creation whose factory asks for itself, and
/// creations whose factories wait for each other in a ring (task A makes K1 and its factory awaits K2, which task B
/// makes while its factory awaits K1), however many creations a factory awaits at once. Each creation runs in a task of its own, which inherits the first asker's
/// task-local values and priority.
enum AsyncOnce {
    private struct State {
        /// The creations running now, by the identity of what they fill (a cell, a scope's gate). An entry is
        /// removed by its own task when it ends, so a later request (after a reset, say) creates again.
        var running: [ObjectIdentifier: Task<Handoff<AnyObject?>, any Error>] = [:]
        /// For a creation whose factory waits for other creations now, those, each with how many waits: a factory
        /// may await several at once (`async let`), and the same one twice.
        var waitsFor: [ObjectIdentifier: [ObjectIdentifier: Int]] = [:]

        /// Whether waiting for `key` would come back to one of `creating` still running: follows every wait from
        /// `key`. A task started inside a factory inherits `creating` and may outlive that creation; a creation that
        /// has ended is no longer one it is inside.
        func closesRing(waitingFor key: ObjectIdentifier, from creating: [ObjectIdentifier]) -> Bool {
            var pending = [key]
            var seen: Set<ObjectIdentifier> = []
            while let awaited = pending.popLast() {
                if creating.contains(awaited), running[awaited] != nil { return true }
                guard seen.insert(awaited).inserted else { continue }
                if let next = waitsFor[awaited] { pending += next.keys }
            }
            return false
        }

        /// Notes one wait of `waiter` for `key`.
        mutating func add(_ waiter: ObjectIdentifier, waitingFor key: ObjectIdentifier) {
            waitsFor[waiter, default: [:]][key, default: 0] += 1
        }

        /// Takes one wait of `waiter` for `key` away; its other waits stay.
        mutating func remove(_ waiter: ObjectIdentifier, waitingFor key: ObjectIdentifier) {
            guard var waits = waitsFor[waiter], let count = waits[key] else { return }
            waits[key] = count > 1 ? count - 1 : nil
            waitsFor[waiter] = waits.isEmpty ? nil : waits
        }
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
        var noted: ObjectIdentifier?
        let task = state.withLock { state -> Task<Handoff<AnyObject?>, any Error>? in
            // Would the wait come back to a creation this task is inside? Follow what each awaited creation awaits;
            // every wait is noted under this lock, so the wait that closes a ring sees all the others.
            if state.closesRing(waitingFor: key, from: creating) { return nil }
            // A wait of a creation that has ended (a task that outlived it) is nobody's: it closes no ring.
            if let waiter, state.running[waiter] != nil {
                state.add(waiter, waitingFor: key)
                noted = waiter
            }
            if let task = state.running[key] { return task }
            let task = Task { () async throws -> Handoff<AnyObject?> in
                defer { AsyncOnce.state.withLock { _ = $0.running.removeValue(forKey: key) } }
                return try await $creating.withValue(creating + [key]) { Handoff(value: try await create()) }
            }
            state.running[key] = task
            return task
        }
        guard let task else { throw reentry() }
        defer { if let noted { state.withLock { $0.remove(noted, waitingFor: key) } } }
        do {
            return try await task.value.value
        } catch {
            // `create` throws only `DIError`s.
            throw error as! DIError
        }
    }
}
