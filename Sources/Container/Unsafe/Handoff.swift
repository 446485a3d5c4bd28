/// Carries an instance across the isolation boundary of a lock.
///
/// A container hands the instance it caches to whichever thread resolves it next, as every dependency-injection
/// container does: the lock makes creating and storing it safe, and the instance's own thread safety is the
/// registering code's contract (Docs/en/Concurrency.md). This is the one place where that is stated to the
/// compiler; the storage around it is still accessed only under its lock. Key paths given to `.injection` travel
/// in it too: a key path literal is immutable, but the standard library does not mark the type `Sendable`.
@usableFromInline
struct Handoff<Value>: @unchecked Sendable {
    @usableFromInline let value: Value

    @inlinable init(value: Value) { self.value = value }
}
