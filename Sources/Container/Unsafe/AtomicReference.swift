/// A strong reference to an object that threads read without a lock while another may replace or drop it: where
/// a strong `perContainer`, `perRun` or `single` cell keeps its instance.
///
/// Owner: the reference holds its object (one retain, taken in `exchange`, given up when the object is replaced, or
/// in `deinit`). A reader writes to no memory other threads share (`Reclamation.retainedObject(at:)`: it announces
/// the address in its own thread's record before it retains), which is what makes an existing singleton cheap on any
/// number of threads; whoever replaces or drops the object waits until no thread announces it, then releases it.
/// So a reset frees the instance at once.
@safe struct AtomicReference: ~Copyable, Sendable {
    /// The address of the retained object, or 0.
    private let word = AtomicWord(0)

    init() {}

    deinit {
        // Its owner, a cell, goes only once no resolve can reach it.
        unsafe AtomicWord.reference(word.load(), as: AnyObject.self)?.release()
    }

    /// The object, retained for the caller.
    @inline(__always)
    func load() -> AnyObject? {
        Reclamation.retainedObject(at: word)
    }

    /// The object, retained for the caller, which runs a resolve pinned by `pin`.
    @inline(__always)
    func load(pinnedBy pin: ResolvePin) -> AnyObject? {
        Reclamation.retainedObject(at: word, pinnedBy: pin)
    }

    /// Holds `object` (or nothing) from now on, and retires what was held before. The caller holds no lock: the
    /// released object's `deinit` (or another retired object's) may run any code.
    func exchange(_ object: AnyObject?) {
        let previous = unsafe word.exchange(AtomicWord.word(object.map { unsafe Unmanaged.passRetained($0) }))
        guard let previous = unsafe AtomicWord.reference(previous, as: AnyObject.self) else { return }
        unsafe Reclamation.release(previous, exchangedOutOf: word)
    }

    /// Takes the object out, handing the caller the reference the word held, without the wait `exchange` makes for
    /// readers between loading the address and retaining it: sound while the caller keeps the object until every
    /// such reader is done, as a shutdown does (it holds what it took until all are disposed, after waiting for the
    /// resolves running when it began).
    func take() -> AnyObject? {
        let previous = word.exchange(0)
        return unsafe AtomicWord.reference(previous, as: AnyObject.self)?.takeRetainedValue()
    }
}
