/// A value reached only while holding its `PlatformLock`.
final class Locked<Value>: @unchecked Sendable {  // `value` is reached only inside `withLock`.
    private let lock = PlatformLock()
    private var value: Value

    init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}
