/// A strong reference that threads read without a lock and without a reference count, and that is replaced rarely:
/// where the process's ambient container is kept, which every property wrapper outside a task's own reads.
///
/// Owner: the reference holds its object (one retain, taken in `replace`). A replaced object is retired
/// (`Reclamation.retire`), never released here, and a reader reaches the object only inside `read`, pinned: so the
/// object outlives every read that could have found it, and two threads reading it write to no memory they share
/// (neither a lock nor the object's count), which is what lets two threads' wrappers scale.
@safe struct RetiringReference<Object: AnyObject>: ~Copyable, Sendable {
    /// The address of the retained object, or 0.
    private let word = AtomicWord(0)

    init() {}

    deinit {
        // Its owner is a static, or goes only once no read can reach it.
        unsafe AtomicWord.reference(word.load(), as: Object.self)?.release()
    }

    /// Runs `body` with the object (or `nil`), lent for the length of the call: `body` retains it only if it keeps
    /// it. `body` is told whether the thread runs a resolve (see `Reclamation.borrowing`).
    @inline(__always)
    func read<Result>(_ body: (Object?, _ inResolve: Bool) -> Result) -> Result {
        Reclamation.borrowing { inResolve in
            guard let object = unsafe AtomicWord.reference(word.load(), as: Object.self) else {
                return body(nil, inResolve)
            }
            return unsafe object._withUnsafeGuaranteedRef { body($0, inResolve) }
        }
    }

    /// Holds `object` (or nothing) from now on; what was held before is released once no read that may have found
    /// it is running. The caller holds no lock: a release may run a `deinit`.
    func replace(with object: Object?) {
        let previous = unsafe word.exchange(AtomicWord.word(object.map { unsafe Unmanaged.passRetained($0) }))
        guard let previous = unsafe AtomicWord.reference(previous, as: Object.self) else { return }
        Reclamation.retire([unsafe previous.takeRetainedValue()])
    }
}
