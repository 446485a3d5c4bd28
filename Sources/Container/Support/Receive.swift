/// Runs `fill` with room for one `T` on the stack, which `fill` initializes unless it throws, and returns that
/// instance: how the engine, which writes instances to raw memory, hands one back as a typed value.
@inlinable @inline(__always)
func receive<T>(_: T.Type, _ fill: (UnsafeMutableRawPointer) throws(DIError) -> Void) throws(DIError) -> T {
    try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { (buffer) throws(DIError) -> T in
        let room = buffer.baseAddress.unsafelyUnwrapped
        try fill(UnsafeMutableRawPointer(room))
        return room.move()
    }
}
