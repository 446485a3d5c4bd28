/// Where a `perContainer`, `perRun` or `single` component keeps its instance.
///
/// A strong cell publishes its instance with a release store and is read with one acquire load, so reading an
/// instance that exists takes no lock. Creation goes through the cell's own gate, exactly once.
final class InstanceCell: @unchecked Sendable {  // The instance is published through `strong` or `weak`.
    let policy: DIReferencePolicy
    let gate = CreationGate()
    /// The address of the retained instance, or 0.
    let strong = AtomicWord(0)
    private let weak = Locked<WeakReference?>(nil)

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
    /// thread reads it); its plan keeps the cell alive.
    @inline(__always)
    static func strongInstance(of cell: Unmanaged<InstanceCell>) -> AnyObject? {
        cell._withUnsafeGuaranteedRef { $0.strongInstance }
    }

    /// The instance of a strong cell, if one exists.
    @inline(__always)
    var strongInstance: AnyObject? {
        AtomicWord.reference(strong.load(), as: AnyObject.self)?.takeUnretainedValue()
    }

    func loadWeak() -> AnyObject? {
        weak.withLock { $0?.object }
    }

    /// Publishes a newly built instance. Called only by the thread holding the gate.
    func store(_ object: AnyObject) {
        switch policy {
        case .strong:
            let previous = strong.exchange(AtomicWord.word(Unmanaged.passRetained(object)))
            if let previous = AtomicWord.reference(previous, as: AnyObject.self) { Graveyard.bury(previous) }
        case .weak:
            weak.withLock { $0 = WeakReference(object) }
        }
    }

    /// Forgets the instance so that the next resolve builds a new one.
    func reset() {
        switch policy {
        case .strong:
            if let previous = AtomicWord.reference(strong.exchange(0), as: AnyObject.self) { Graveyard.bury(previous) }
        case .weak:
            weak.withLock { $0 = nil }
        }
    }
}

/// Instances dropped from strong cells while another thread may be reading them.
///
/// A reader takes an instance from a cell without a lock, so the cell cannot release what it drops at once:
/// the instances wait here and are released at the next reset, long after any such read has finished.
enum Graveyard {
    private static let buried = Locked<(current: [Handoff<Unmanaged<AnyObject>>], previous: [Handoff<Unmanaged<AnyObject>>])>(([], []))

    static func bury(_ object: Unmanaged<AnyObject>) {
        let object = Handoff(value: object)
        buried.withLock { $0.current.append(object) }
    }

    /// Releases what was buried before the previous call, and starts a new generation.
    static func advance() {
        let released = buried.withLock { state -> [Handoff<Unmanaged<AnyObject>>] in
            let old = state.previous
            state.previous = state.current
            state.current = []
            return old
        }
        for object in released { object.value.release() }
    }
}
