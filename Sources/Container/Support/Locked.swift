/// A value reached only while holding its `PlatformLock`.
final class Locked<Value>: @unchecked Sendable {  // `value` is reached only inside `withLock`.
    private let lock = PlatformLock()
    /// Outside the object's own stored properties, so that no exclusivity check runs on it (one the thread
    /// sanitizer would report as a race): the lock is what guards it.
    private let value: UnsafeMutablePointer<Value>

    init(_ value: sending Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value.pointee) }
    }
}
