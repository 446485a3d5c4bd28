/// Lets exactly one thread build one cached instance while other threads wait for it.
///
/// Only the instance being built is locked, never the container, so a slow factory for one component does not
/// hold up resolving another. Two ways of waiting forever are refused with an error instead: the same thread
/// coming back into a gate it holds (a cycle through a nested resolve), and threads waiting for each other's
/// gates in a ring (two factories that each need, on their own thread, what the other is building).
final class CreationGate: Sendable {
    private let lock = Locked<Void>(())
    private let owner = AtomicWord(0)

    init() {}

    /// Runs `create` unless `existing` finds the instance once the gate is held.
    func run<Value>(
        reentry: () -> DIError,
        existing: () throws(DIError) -> Value?,
        create: () throws(DIError) -> Value
    ) throws(DIError) -> Value {
        let me = ThreadIdentity.current
        let holder = owner.load()
        if holder == me { throw reentry() }
        if holder != 0 {
            // Another thread is building: wait, unless that thread (or one it waits for) waits for us.
            guard WaitRegistry.beginWaiting(me, for: self) else { throw reentry() }
        }
        var outcome: Result<Value, DIError>?
        lock.withLock { _ in
            if holder != 0 { WaitRegistry.endWaiting(me) }
            do throws(DIError) {
                if let found = try existing() {
                    outcome = .success(found)
                    return
                }
                owner.store(me)
                defer { owner.store(0) }
                outcome = .success(try create())
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome!.get()
    }

    /// The thread building through this gate now, or 0.
    var currentOwner: UInt { owner.load() }
}

/// Which thread waits for which gate, to find rings of waiting threads before they block.
enum WaitRegistry {
    private static let waiting = Locked<[UInt: CreationGate]>([:])

    /// Records that `thread` is about to wait for `gate`; `false`, recording nothing, if following owners from
    /// `gate` leads back to `thread`.
    static func beginWaiting(_ thread: UInt, for gate: CreationGate) -> Bool {
        waiting.withLock { waiting in
            var current: CreationGate? = gate
            var steps = 0
            while let next = current, steps <= waiting.count {
                let holder = next.currentOwner
                if holder == thread { return false }
                current = waiting[holder]
                steps += 1
            }
            waiting[thread] = gate
            return true
        }
    }

    static func endWaiting(_ thread: UInt) {
        _ = waiting.withLock { $0.removeValue(forKey: thread) }
    }
}
