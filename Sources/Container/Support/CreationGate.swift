/// Lets exactly one thread build one cached instance while other threads wait for it.
///
/// Only the instance being built is locked, never the container, so a slow factory for one component does not
/// hold up resolving another. Two ways of waiting forever are refused with an error instead: the same thread
/// coming back into a gate it holds (a cycle through a nested resolve), and threads waiting for each other's
/// gates in a ring (two factories that each need, on their own thread, what the other is building).
///
/// Who owns a gate and who waits for which are decided together under `WaitRegistry`'s lock, so a ring cannot
/// slip in between one thread taking a gate and another looking at it. The gate's own lock is only how waiters
/// sleep until the owner is done.
final class CreationGate: @unchecked Sendable {  // `owner` is reached only under `WaitRegistry`'s lock.
    private let lock = PlatformLock()
    /// The thread building through this gate, or 0.
    fileprivate var owner: UInt = 0

    init() {}

    /// Runs `create` unless `existing` finds the instance; either way exactly one thread at a time.
    func run<Value>(
        reentry: () -> DIError,
        existing: () throws(DIError) -> Value?,
        create: () throws(DIError) -> Value
    ) throws(DIError) -> Value {
        let me = CurrentThread.id
        while true {
            switch WaitRegistry.enter(self, as: me) {
            case .cycle:
                throw reentry()
            case .owner:
                return try lock.withLock { () throws(DIError) -> Value in
                    defer { WaitRegistry.leave(self) }
                    if let found = try existing() { return found }
                    return try create()
                }
            case .waiter:
                // Sleeps until the owner is done, then looks for what it built.
                let found = try lock.withLock { () throws(DIError) -> Value? in try existing() }
                WaitRegistry.endWaiting(me)
                if let found { return found }
                // The owner failed, or has yet to take the lock it claimed: try again.
                CurrentThread.yield()
            }
        }
    }
}

/// Which thread owns which gate and waits for which, to find rings of waiting threads before they block.
enum WaitRegistry {
    /// What a thread may do at a gate.
    enum Role {
        case owner, waiter, cycle
    }

    private static let waiting = Locked<[UInt: CreationGate]>([:])

    /// Makes `thread` the gate's owner if it has none, or records it as waiting for the gate; `.cycle`, recording
    /// nothing, if the thread owns the gate already or following owners from the gate leads back to it.
    static func enter(_ gate: CreationGate, as thread: UInt) -> Role {
        waiting.withLock { waiting in
            if gate.owner == 0 {
                gate.owner = thread
                return .owner
            }
            var current: CreationGate? = gate
            var steps = 0
            while let next = current, steps <= waiting.count {
                if next.owner == thread { return .cycle }
                current = waiting[next.owner]
                steps += 1
            }
            waiting[thread] = gate
            return .waiter
        }
    }

    /// Ends the ownership `enter` gave.
    static func leave(_ gate: CreationGate) {
        waiting.withLock { _ in gate.owner = 0 }
    }

    static func endWaiting(_ thread: UInt) {
        _ = waiting.withLock { $0.removeValue(forKey: thread) }
    }
}
