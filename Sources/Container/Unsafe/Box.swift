/// Holds a value type where the container stores objects (caches, the object graph).
///
/// Caches keep `AnyObject`s so that class instances, the common case, are stored without boxing or casting.
@safe final class Box<Value>: @unchecked Sendable {
    // Written once at creation; the container hands the value to whichever thread resolves it, as it does
    // with class instances.
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// A weak reference stored by value, for weak lifetimes kept in a custom scope's storage.
@safe final class WeakReference: @unchecked Sendable {
    // Swift's weak references are safe to read from any thread once stored.
    weak var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }
}
