/// Memory for one instance that a caller made and a callee initializes: the engine's calling convention, so that
/// it is compiled once in Tether instead of generic over every registered type.
///
/// Owner: whoever made the room (`receive`, `InstanceLayout.withRoom`, an awaiting resolve's allocation), for the
/// length of the call it is passed to. A callee that returns has initialized it with an instance of the type the
/// binder checked the slot to have; one that throws has left it uninitialized.
@usableFromInline
struct Room {
    @usableFromInline let address: UnsafeMutableRawPointer

    @inlinable @inline(__always)
    init(_ address: UnsafeMutableRawPointer) {
        unsafe self.address = unsafe address
    }

    /// Initializes the room with `value`.
    @inlinable @inline(__always)
    func initialize<T>(to value: consuming T) {
        unsafe address.assumingMemoryBound(to: T.self).initialize(to: value)
    }

    /// Initializes the room with a class reference. Not generic: a generic body inlined here leaves the standard
    /// library's initializer a generic call even where the type is known (measured: S2 and S4 6-12% slower).
    @inline(__always)
    func initialize(toObject object: AnyObject) {
        unsafe address.initializeMemory(as: AnyObject.self, repeating: object, count: 1)
    }

    /// The instance in the room, moved out: the room is uninitialized afterwards.
    @inlinable @inline(__always)
    func move<T>(_: T.Type) -> T {
        unsafe address.assumingMemoryBound(to: T.self).move()
    }

    /// A copy of the instance in the room.
    @inlinable @inline(__always)
    func copy<T>(_: T.Type) -> T {
        unsafe address.assumingMemoryBound(to: T.self).pointee
    }

    /// Destroys the instance in the room without using it.
    func destroy<T>(_: T.Type) {
        unsafe address.assumingMemoryBound(to: T.self).deinitialize(count: 1)
    }

    /// Destroys the instance of `type` in the room, for code that knows the type only as a value.
    func destroy(instanceOf type: any Any.Type) {
        func destroy<T>(_: T.Type) { unsafe address.assumingMemoryBound(to: T.self).deinitialize(count: 1) }
        _openExistential(type, do: destroy)
    }

    /// The room of the part that starts `offset` bytes in (an element of a tuple).
    @inline(__always)
    func part(at offset: Int) -> Room {
        unsafe Room(address + offset)
    }

    /// Room on the heap, for a caller that awaits while the room is filled; the caller frees it with `deallocate`.
    static func allocate(byteCount: Int, alignment: Int) -> Room {
        unsafe Room(UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: alignment))
    }

    /// Frees room from `allocate`, which holds no instance any more.
    func deallocate() {
        unsafe address.deallocate()
    }

    /// Runs `body` with room on the stack of `byteCount` bytes aligned to `alignment`, for a tuple that `body`
    /// writes and consumes (a factory's parameters): it holds nothing when `body` returns or throws. Neither generic
    /// nor typed: its frame is one of each level of a deep graph's build in a debug build, where a generic one is
    /// larger (on a 1 MB thread a chain reached 141 levels with it, 145 with this, 152 with the factory's thunk
    /// calling the standard library itself).
    @inline(__always)
    static func withTemporary(byteCount: Int, alignment: Int, _ body: (Room) throws -> Void) rethrows {
        unsafe try withUnsafeTemporaryAllocation(byteCount: max(byteCount, 1), alignment: alignment) { (buffer) in
            unsafe try body(Room(buffer.baseAddress.unsafelyUnwrapped))
        }
    }

    /// Initializes the room with what `make` returns for the `Arguments` moved out of `arguments`: a factory's call,
    /// its parameters consumed and its instance built in place. Typed pointers, not `initialize(to:)` and `move`: in
    /// the unspecialised code that calls a factory, a wrapper of a consumed value costs a copy of it.
    @inline(__always)
    func initialize<T, Arguments>(
        byCalling make: (consuming Arguments) throws -> T, withArgumentsIn arguments: Room
    ) throws {
        unsafe try address.assumingMemoryBound(to: T.self).initialize(
            to: make(arguments.address.assumingMemoryBound(to: Arguments.self).move()))
    }
}

/// Runs `fill` with room for one `T` on the stack, which `fill` initializes unless it throws, and returns that
/// instance: how the engine, which writes instances to rooms, hands one back as a typed value.
@inlinable @inline(__always)
func receive<T>(_: T.Type, _ fill: (Room) throws(DIError) -> Void) throws(DIError) -> T {
    unsafe try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { (buffer) throws(DIError) -> T in
        let room = unsafe buffer.baseAddress.unsafelyUnwrapped
        unsafe try fill(Room(UnsafeMutableRawPointer(room)))
        return unsafe room.move()
    }
}

/// `receive`, for a public entry point: the instance is handed out as every instance the container gives is
/// (`Handoff`), a new value or one the container keeps and shares, whose thread safety is its type's. So the caller
/// may use it in its own isolation, a main-actor closure included, rather than the compiler tying it to the
/// container's region. Not the engine's `receive`: in a debug build its frame is one of each level of a deep graph.
@inlinable @inline(__always)
func receiveSending<T>(_: T.Type, _ fill: (Room) throws(DIError) -> Void) throws(DIError) -> sending T {
    unsafe try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { (buffer) throws(DIError) -> Handoff<T> in
        let room = unsafe buffer.baseAddress.unsafelyUnwrapped
        unsafe try fill(Room(UnsafeMutableRawPointer(room)))
        return unsafe Handoff(value: room.move())
    }.value
}

/// `object` as `T`, which the caller knows to be a class type (`_canBeClass`, or its metadata): a reinterpretation,
/// where a cast would ask the runtime.
@inlinable @inline(__always)
func classInstance<T>(_ object: AnyObject, as _: T.Type) -> T {
    unsafe unsafeBitCast(object, to: T.self)
}

/// `object` as `P`, a class type known only through its metadata (unspecialised code), moved in: a reinterpretation
/// there copies through a value witness, a retain and a release per dependency. The caller's reference becomes the
/// receiver's, with no retain and release around the move.
@inlinable @inline(__always)
func movedClassInstance<P>(_ object: consuming AnyObject, as _: P.Type) -> P {
    var address = unsafe Unmanaged.passRetained(consume object).toOpaque()
    return unsafe withUnsafeMutablePointer(to: &address) {
        unsafe UnsafeMutableRawPointer($0).assumingMemoryBound(to: P.self).move()
    }
}
