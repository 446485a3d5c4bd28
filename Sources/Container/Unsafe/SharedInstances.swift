/// The instances one resolve shares (objectGraph members, and cached components whose property injection may lead
/// back to them), kept in a buffer on the resolving thread's stack so that most resolves allocate nothing.
///
/// Owner: the resolve, which holds each instance with a reference of its own from `remember` to `releaseAll`, and
/// makes the buffer with `withBuffer` around its whole run. Every field is trivial, so the context that carries it
/// costs no reference counting.
struct SharedInstances {
    private let buffer: UnsafeMutablePointer<GraphEntry>?
    private var count = 0
    let capacity: Int

    private init(buffer: UnsafeMutablePointer<GraphEntry>?, capacity: Int) {
        unsafe self.buffer = unsafe buffer
        self.capacity = capacity
    }

    /// No buffer: what most roots share, since a stack allocation would cost every resolve a frame check.
    static var none: SharedInstances { unsafe SharedInstances(buffer: nil, capacity: 0) }

    /// Runs `body` with room for `capacity` shared instances on the stack.
    @inline(__always)
    static func withBuffer<R>(capacity: Int, _ body: (SharedInstances) throws(DIError) -> R) throws(DIError) -> R {
        unsafe try withUnsafeTemporaryAllocation(of: GraphEntry.self, capacity: capacity) {
            (buffer) throws(DIError) -> R in
            unsafe try body(SharedInstances(buffer: buffer.baseAddress, capacity: capacity))
        }
    }

    /// The instance of component `index` remembered in the buffer, if any, retained for the caller (the retain a
    /// reuse costs).
    @inline(__always)
    func recall(_ index: Int) -> AnyObject? {
        unsafe find(index)?.object
    }

    /// Whether the buffer remembers an instance of component `index`.
    func remembers(_ index: Int) -> Bool {
        unsafe find(index) != nil
    }

    @inline(__always)
    private func find(_ index: Int) -> Unretained<AnyObject>? {
        guard let buffer = unsafe buffer else { return nil }
        for slot in 0..<count where unsafe buffer[slot].index == index { return unsafe buffer[slot].object }
        return nil
    }

    /// Whether `remember` has room for one more instance.
    var hasRoom: Bool { count < capacity }

    /// Remembers `object` as component `index`'s instance, with a reference of its own until `releaseAll`; needs
    /// `hasRoom`.
    @inline(__always)
    mutating func remember(_ index: Int, _ object: consuming AnyObject) {
        precondition(count < capacity, "SharedInstances.remember without room")
        unsafe (buffer.unsafelyUnwrapped + count).initialize(to: GraphEntry(index: index, retaining: object))
        count &+= 1
    }

    /// Gives up the resolve's references at its end.
    @inline(__always)
    mutating func releaseAll() {
        if let buffer = unsafe buffer {
            for slot in 0..<count { unsafe buffer[slot].release() }
        }
        count = 0
    }
}

/// An instance shared within one resolve, with a reference the resolve owns until `release`: a trivial value, so
/// that the buffer needs no per-entry destruction.
@unsafe private struct GraphEntry {
    let index: Int
    private let reference: Unmanaged<AnyObject>

    /// An entry holding a reference of its own to `object`.
    init(index: Int, retaining object: consuming AnyObject) {
        unsafe self.index = index
        unsafe self.reference = unsafe .passRetained(object)
    }

    var object: Unretained<AnyObject> { unsafe Unretained(address: UInt(bitPattern: reference.toOpaque())) }

    /// Gives up the entry's reference, once.
    func release() { unsafe reference.release() }
}
