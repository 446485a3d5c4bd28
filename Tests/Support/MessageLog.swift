import Foundation

/// Messages delivered on any thread (a log handler's), read back by the test.
public final class MessageLog: @unchecked Sendable {  // `messages` is reached only under `lock`.
    private let lock = NSLock()
    private var stored: [String] = []

    /// Makes an empty log.
    public init() {}

    /// Adds `message`.
    public func append(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        stored.append(message)
    }

    /// The messages so far, in delivery order.
    public var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
