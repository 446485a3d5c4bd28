/// A value reached only while holding its `PlatformLock`.
@safe final class Locked<Value>: @unchecked Sendable {  // `value` is reached only inside `withLock`.
    private let lock = PlatformLock()
    /// Outside the object's own stored properties, so that no exclusivity check runs on it (one the thread
    /// sanitizer would report as a race): the lock is what guards it.
    private let value: UnsafeMutablePointer<Value>

    init(_ value: sending Value) {
        unsafe self.value = .allocate(capacity: 1)
        unsafe self.value.initialize(to: value)
    }

    deinit {
        unsafe value.deinitialize(count: 1)
        unsafe value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in unsafe try body(&value.pointee) }
    }
}

/// A value used only while holding its lock, where the thread holding it may come back for it: user code run
/// under the lock (a custom scope's storage) may resolve from the container, which reaches the same value again.
/// Other threads wait; the holding thread goes on.
@safe final class ReentrantLocked<Value>: @unchecked Sendable {  // `value` is read only by the thread holding `lock`.
    private let lock = PlatformLock()
    /// The thread holding `lock`, or 0.
    private let owner = AtomicWord(0)
    private let value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value, alone with it but for this thread's own nested calls.
    func withLock<Result>(_ body: (Value) -> Result) -> Result {
        let me = CurrentThread.id
        // Only this thread ever stores its own identity, so reading it here means this thread holds the lock.
        if owner.load() == me { return body(value) }
        return lock.withLock { () -> Result in
            owner.store(me)
            defer { owner.store(0) }
            return body(value)
        }
    }
}
