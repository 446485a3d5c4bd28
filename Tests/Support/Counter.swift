import Foundation

/// A thread-safe count of how often something ran (a factory, an initializer), shared by the test targets and the
/// docs' examples. A lock, not `Synchronization.Atomic`: Tether supports systems older than that module.
public final class Counter: @unchecked Sendable {  // `value` is reached only under `lock`.
    private let lock = NSLock()
    private var value = 0

    /// Makes a count of zero.
    public init() {}

    /// Counts one more.
    public func increment() {
        lock.lock()
        defer { lock.unlock() }
        value += 1
    }

    /// The count so far.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
