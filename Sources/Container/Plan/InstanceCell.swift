/// Where a `perContainer`, `perRun` or `single` component keeps its instance.
///
/// A strong cell keeps its instance in an `AtomicReference`, so reading an instance that exists takes no lock, and
/// emptying the cell (a reset, or a resolve whose deferred injection failed) releases it at once. Creation goes
/// through the cell's own gate, exactly once.
final class InstanceCell: Sendable {
    let policy: DIReferencePolicy
    let gate = CreationGate()
    private let strong = AtomicReference()
    private let weak = Locked<WeakReference?>(nil)
    /// 1 once the registration the cell served is gone: nothing stored afterwards is kept.
    private let retired = AtomicWord(0)
    /// When the instance it holds was stored, in the process's order of stores (see `CreationOrder`), or 0: a
    /// shutdown disposes the newer first.
    let storedAt = AtomicWord(0)

    init(policy: DIReferencePolicy) {
        self.policy = policy
    }

    /// The instance, if one exists and (for a weak cell) someone still holds it.
    @inline(__always)
    func load() -> AnyObject? {
        if policy == .strong { return strongInstance }
        return loadWeak()
    }

    /// The instance of a strong cell, if one exists, for a caller running a resolve pinned by `pin`.
    @inline(__always)
    func strongInstance(pinnedBy pin: ResolvePin) -> AnyObject? {
        strong.load(pinnedBy: pin)
    }

    /// The instance of a strong cell, if one exists.
    @inline(__always)
    var strongInstance: AnyObject? {
        strong.load()
    }

    func loadWeak() -> AnyObject? {
        weak.withLock { $0?.object }
    }

    /// Publishes a newly built instance. Called only by the thread holding the gate.
    func store(_ object: AnyObject) {
        storedAt.store(CreationOrder.next())
        switch policy {
        case .strong:
            strong.exchange(object)
        case .weak:
            weak.withLock { $0 = WeakReference(object) }
        }
        // A build that raced the removal of its registration: the caller gets the instance, the cell keeps nothing.
        // Both sides are sequentially consistent: either `retire` empties the cell after this store, or this
        // store sees it retired.
        if retired.loadInOrder() != 0 { reset() }
    }

    /// Empties the cell for good, once its registration is removed or its container is gone: a build still in
    /// progress hands its instance to its caller and leaves nothing here.
    func retire() {
        _ = retired.exchange(1)  // Sequentially consistent, as `store`'s check of it.
        reset()
    }

    /// Forgets the instance so that the next resolve builds a new one.
    func reset() {
        switch policy {
        case .strong:
            strong.exchange(nil)  // No lock is held: the instance's deinit may resolve.
        case .weak:
            weak.withLock { $0 = nil }
        }
    }

    /// Empties the cell for good and hands its strong instance to a shutdown, which disposes it: the cell keeps
    /// nothing stored afterwards, as a retired one.
    func takeForShutdown() -> AnyObject? {
        _ = retired.exchange(1)
        return takeInstance()
    }

    /// Empties the cell and hands its strong instance to a shutdown of the process-wide instances; the next
    /// resolve makes a new one, as after a reset.
    func takeInstance() -> AnyObject? {
        policy == .strong ? strong.take() : nil
    }
}

/// The order in which cached instances are stored, across the process: a shutdown disposes the newer first, so
/// that an instance goes before what it was made from.
enum CreationOrder {
    private static let counter = AtomicWord(0)

    static func next() -> UInt { counter.increment() }
}
