/// A strong reference that threads read without a lock and without a reference count, and that is replaced rarely:
/// where the process's ambient container is kept, which every property wrapper outside a task's own reads, a
/// component its current binding, and an accessor the one bound again after it.
///
/// Owner: the reference holds its object (one retain, taken when it is stored). A replaced object is retired
/// (`Reclamation.retire`), never released at once: `replace` retires it, and `exchange`, for a caller that holds a
/// lock, hands it back to be retired once that lock is released. A reader reaches the object only inside `read`,
/// which pins the thread, or `readPinned`, whose caller is pinned already (a resolve; see `Reclamation`). So the
/// object outlives every read that could have found it, and two threads reading it write to no memory they share
/// (neither a lock nor the object's count), which is what lets them scale.
@safe struct RetiringReference<Object: AnyObject>: ~Copyable, Sendable {
    /// The address of the retained object, or 0.
    private let word = AtomicWord(0)

    init() {}

    deinit {
        // Its owner goes only once no read can reach it (a static, a retired component or accessor).
        unsafe AtomicWord.reference(word.load(), as: Object.self)?.release()
    }

    /// Whether it holds no object.
    var isEmpty: Bool { word.load() == 0 }

    /// The object, retained for the caller: for code that holds the owner's lock, or that keeps the object.
    var object: Object? {
        unsafe AtomicWord.reference(word.load(), as: Object.self)?.takeUnretainedValue()
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

    /// Runs `body` with the object (or `nil`), lent; the caller is pinned, or holds the lock its owner replaces the
    /// object under.
    @inline(__always)
    func peek<Result>(_ body: (Object?) -> Result) -> Result {
        guard let object = unsafe AtomicWord.reference(word.load(), as: Object.self) else { return body(nil) }
        return unsafe object._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with the object, lent, or with the one `make` stores and returns where there is none; the caller
    /// is pinned. Typed to `DIError`, not generic over the error: a component's build runs inside, so this is a
    /// frame of every level of a deep graph's build, and a debug build keeps it as small as it can be.
    @inline(__always)
    func readPinned<Result>(
        orMake make: @autoclosure () -> Object, _ body: (Object) throws(DIError) -> Result
    ) throws(DIError) -> Result {
        guard let object = unsafe AtomicWord.reference(word.load(), as: Object.self) else { return try body(make()) }
        do {
            return unsafe try object._withUnsafeGuaranteedRef { try body($0) }
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; the only error in it is `body`'s.
            throw error as! DIError
        }
    }

    /// `readPinned` for a `body` that cannot fail.
    @inline(__always)
    func peekPinned<Result>(orMake make: @autoclosure () -> Object, _ body: (Object) -> Result) -> Result {
        guard let object = unsafe AtomicWord.reference(word.load(), as: Object.self) else { return body(make()) }
        return unsafe object._withUnsafeGuaranteedRef(body)
    }

    /// Holds `object` (or nothing) from now on; what was held before is released once no read that may have found
    /// it is running. The caller holds no lock: a release may run a `deinit`.
    func replace(with object: Object?) {
        guard let previous = exchange(with: object) else { return }
        Reclamation.retire([previous])
    }

    /// Holds `object` (or nothing) from now on and returns what it held before, for the caller to retire
    /// (`Reclamation.retire`) once it has released the lock it holds.
    func exchange(with object: Object?) -> Object? {
        let previous = unsafe word.exchange(AtomicWord.word(object.map { unsafe Unmanaged.passRetained($0) }))
        return unsafe AtomicWord.reference(previous, as: Object.self)?.takeRetainedValue()
    }
}
