import Foundation

/// The objects parallel tests have seen, kept alive so that an identity cannot be reused while the tests compare
/// them: a test notes what it got and learns whether another test got the same object.
public final class IdentityLog<Object: AnyObject>: @unchecked Sendable {  // `objects` is reached only under `lock`.
    private let lock = NSLock()
    private var objects: [Object] = []

    /// Makes an empty log.
    public init() {}

    /// Notes `object`; returns how many times it has been noted, this one included.
    public func record(_ object: Object) -> Int {
        lock.lock()
        defer { lock.unlock() }
        objects.append(object)
        return objects.count { $0 === object }
    }
}
