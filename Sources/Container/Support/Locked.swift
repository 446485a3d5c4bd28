internal import Synchronization

/// A `Mutex` whose hand-over from one thread to the next the thread sanitizer can see.
///
/// `Mutex` hands a contended lock over inside the standard library's futex code, which the sanitizer does not
/// instrument, so it reports races on state that is in fact protected. Each critical section here begins with an
/// acquiring load and ends with a releasing store on an atomic of its own: orderings the lock already
/// guarantees, now visible to the sanitizer, for two uncontended atomic operations.
final class Locked<Value>: @unchecked Sendable {  // `Value` is reached only inside `withLock`.
    private let mutex: Mutex<Value>
    private let handOver = Atomic<UInt>(0)

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (value) throws(Failure) -> sending Result in
            _ = handOver.load(ordering: .acquiring)
            defer { handOver.add(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
