import Foundation

/// A weak reference a `@Sendable` closure can fill: a test keeps one to learn whether what it made was released.
public final class WeakBox<Object: AnyObject>: @unchecked Sendable {  // `stored` is reached only under `lock`.
    private let lock = NSLock()
    private weak var stored: Object?

    /// Makes an empty box.
    public init() {}

    /// The object, while something else keeps it alive.
    public var value: Object? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}
