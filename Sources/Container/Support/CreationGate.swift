internal import Synchronization

/// Lets exactly one thread build one cached instance while other threads wait for it.
///
/// Only the instance being built is locked, never the container, so a slow factory for one component does not
/// hold up resolving another. The same thread coming back into a gate it holds is a cycle through a nested
/// resolve; it is refused with an error instead of deadlocking.
@usableFromInline
final class CreationGate: Sendable {
    private let lock = Locked<Void>(())
    private let owner = Atomic<UInt>(0)

    init() {}

    /// Runs `create` unless `existing` finds the instance once the gate is held.
    @usableFromInline
    func run<Value>(
        reentry: () -> DIError,
        existing: () throws(DIError) -> Value?,
        create: () throws(DIError) -> Value
    ) throws(DIError) -> Value {
        let me = ThreadIdentity.current
        if owner.load(ordering: .relaxed) == me { throw reentry() }
        var outcome: Result<Value, DIError>?
        lock.withLock { _ in
            do throws(DIError) {
                if let found = try existing() {
                    outcome = .success(found)
                    return
                }
                owner.store(me, ordering: .relaxed)
                defer { owner.store(0, ordering: .relaxed) }
                outcome = .success(try create())
            } catch {
                outcome = .failure(error)
            }
        }
        return try outcome!.get()
    }
}
