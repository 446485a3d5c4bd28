/// A strong reference to an object that threads read without a lock while another may replace or drop it: where
/// a strong `perContainer`, `perRun` or `single` cell keeps its instance.
///
/// Owner: the reference holds its object (one retain, taken in `exchange`, given up when the object is replaced, or
/// in `deinit`). Dropping cannot release at once, since another thread may have read the address and not yet
/// retained it: readers announce themselves in `borrowers` while they read, and whoever drops waits until no
/// reader is between reading and retaining, then releases. So a reset frees the instance at once, however often it
/// runs.
struct AtomicReference: ~Copyable, Sendable {
    /// The address of the retained object, or 0.
    private let word = AtomicWord(0)
    /// How many threads are reading `word` and have not yet retained what they read.
    private let borrowers = AtomicWord(0)

    init() {}

    deinit {
        unsafe AtomicWord.reference(word.load(), as: AnyObject.self)?.release()
    }

    /// The object, retained for the caller.
    ///
    /// The reader counts itself in `borrowers` before it reads the address and leaves only once it holds its own
    /// reference. Both sides are sequentially consistent, so a writer that exchanged the address after this read
    /// sees this borrower and waits for it, and one that exchanged it before leaves this reader nothing to read.
    @inline(never)
    func load() -> AnyObject? {
        borrowers.add(1)
        let object = unsafe AtomicWord.reference(word.loadInOrder(), as: AnyObject.self)?.retain()
        borrowers.add(UInt.max)
        return unsafe object?.takeRetainedValue()
    }

    /// Holds `object` (or nothing) from now on, and releases what was held before, once no reader can be reading
    /// it. The caller holds no lock: the released object's `deinit` may run any code.
    func exchange(_ object: AnyObject?) {
        let previous = unsafe word.exchange(AtomicWord.word(object.map { unsafe Unmanaged.passRetained($0) }))
        guard let previous = unsafe AtomicWord.reference(previous, as: AnyObject.self) else { return }
        while borrowers.loadInOrder() != 0 { CurrentThread.yield() }
        unsafe previous.release()
    }
}
