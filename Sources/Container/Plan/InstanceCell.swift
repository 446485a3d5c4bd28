/// Where a `perContainer`, `perRun` or `single` component keeps its instance.
///
/// A strong cell publishes its instance with a release store and is read with one acquire load, so reading an
/// instance that exists takes no lock. Creation goes through the cell's own gate, exactly once.
///
/// Emptying a cell (a reset, or a resolve whose deferred injection failed) cannot release the instance at once,
/// since another thread may have read the address and not yet retained it. Readers announce themselves in
/// `borrowers` while they read, and whoever empties the cell waits until no reader is between reading and
/// retaining, then releases what it dropped: a reset frees the instances at once, however often it runs.
final class InstanceCell: @unchecked Sendable {  // The instance is published through `strong` or `weak`.
    let policy: DIReferencePolicy
    let gate = CreationGate()
    /// The address of the retained instance, or 0.
    let strong = AtomicWord(0)
    /// How many threads are reading `strong` and have not yet retained what they read.
    private let borrowers = AtomicWord(0)
    private let weak = Locked<WeakReference?>(nil)
    /// 1 once the registration the cell served is gone: nothing stored afterwards is kept.
    private let retired = AtomicWord(0)

    init(policy: DIReferencePolicy) {
        self.policy = policy
    }

    deinit {
        AtomicWord.reference(strong.load(), as: AnyObject.self)?.release()
    }

    /// The instance, if one exists and (for a weak cell) someone still holds it.
    func load() -> AnyObject? {
        if policy == .strong { return strongInstance }
        return loadWeak()
    }

    /// The instance of the strong cell `cell`, if one exists, read without retaining the cell (every resolving
    /// thread reads it); its component keeps the cell alive, and the caller is pinned.
    @inline(__always)
    static func strongInstance(of cell: Unmanaged<InstanceCell>) -> AnyObject? {
        cell._withUnsafeGuaranteedRef { $0.strongInstance }
    }

    /// The instance of a strong cell, if one exists.
    @inline(__always)
    var strongInstance: AnyObject? {
        borrowedInstance()
    }

    /// Reads the instance, which a reset on another thread may drop at any moment.
    ///
    /// The reader counts itself in `borrowers` before it reads the address and leaves only once it holds its
    /// own reference. Both sides are sequentially consistent, so a reset that exchanged the address after this
    /// read sees this borrower and waits for it, and one that exchanged it before leaves this reader nothing to
    /// read.
    @inline(never)
    private func borrowedInstance() -> AnyObject? {
        borrowers.add(1)
        let instance = AtomicWord.reference(strong.loadInOrder(), as: AnyObject.self)?.retain()
        borrowers.add(UInt.max)
        return instance?.takeRetainedValue()
    }

    func loadWeak() -> AnyObject? {
        weak.withLock { $0?.object }
    }

    /// Publishes a newly built instance. Called only by the thread holding the gate.
    func store(_ object: AnyObject) {
        switch policy {
        case .strong:
            drop(strong.exchange(AtomicWord.word(Unmanaged.passRetained(object))))
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
            drop(strong.exchange(0))
        case .weak:
            weak.withLock { $0 = nil }
        }
    }

    /// Gives up the cell's reference to an instance no longer in `strong` (see the type's notes).
    private func drop(_ word: UInt) {
        guard let previous = AtomicWord.reference(word, as: AnyObject.self) else { return }
        // A reader counted here may have read `previous` and not yet retained it.
        while borrowers.loadInOrder() != 0 { CurrentThread.yield() }
        previous.release()  // No lock is held: the instance's deinit may resolve.
    }
}
