/// A reference that does not retain its object: how a plan's table reaches its current storage and lends the entry a
/// resolve finds, and how a resolve's `SharedInstances` reads what it keeps, without a reference-count write that
/// every resolving thread would share. Used only inside this folder.
///
/// The rule for every `Unretained` (Docs/en/Architecture.md, "Who owns what"): its object has one owner in the
/// plan's tree (the plan owns its table and components, a table its entries, a component its binding, a binding
/// its slots' provisions). An owner that lets an object go hands it to `Reclamation.retire` instead of releasing
/// it, and a thread reads an `Unretained` only while pinned (`Reclamation.pin`) or under the plan's lock. So the
/// object outlives every read that could have found it.
@unsafe struct Unretained<Object: AnyObject>: @unchecked Sendable {  // Its object is owned elsewhere (see the rule).
    /// The object's address. Kept as an address, not an `Unmanaged`, since making an `Unmanaged` passes the object
    /// owned, which costs a retain and a release where the optimizer cannot see through it (a resolve's hot path).
    private let pointer: UnsafeRawPointer

    /// Borrowed, so that making one takes no count either.
    init(_ object: borrowing Object) {
        unsafe pointer = unsafe unsafeBitCast(object, to: UnsafeRawPointer.self)
    }

    /// The reference whose address `word` holds (not 0): for the lock-free containers of this folder.
    init(address word: UInt) {
        unsafe pointer = unsafe UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped
    }

    /// The object's address, as a word: for the lock-free containers of this folder.
    var address: UInt { unsafe UInt(bitPattern: pointer) }

    private var reference: Unmanaged<Object> { unsafe Unmanaged.fromOpaque(pointer) }

    /// Runs `body` with the object, retaining nothing.
    @inline(__always)
    func read<Result>(_ body: (Object) throws(DIError) -> Result) throws(DIError) -> Result {
        // Typed to `DIError`, not generic over the error: this is a frame of every level of a deep graph's build,
        // and a debug build keeps it, so it stays as small as it can be.
        do {
            return unsafe try Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef { try body($0) }
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; the only error in it is `body`'s.
            throw error as! DIError
        }
    }

    /// Runs `body`, which cannot fail, with the object, retaining nothing.
    @inline(__always)
    func peek<Result>(_ body: (Object) -> Result) -> Result {
        unsafe Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// The object, retained for the caller: for code off the read path, or that keeps it beyond the pin.
    var object: Object { unsafe reference.takeUnretainedValue() }

    /// Whether both point to the same object.
    func refers(to object: Object) -> Bool { unsafe pointer == unsafeBitCast(object, to: UnsafeRawPointer.self) }
}
