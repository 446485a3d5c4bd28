/// Carries an instance across the isolation boundary of a lock.
///
/// A container hands the instance it caches to whichever thread resolves it next, as every dependency-injection
/// container does: the lock makes creating and storing it safe, and the instance's own thread safety is the
/// registering code's contract (Docs/en/Concurrency.md). This is the one place where that is stated to the
/// compiler; the storage around it is still accessed only under its lock.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
}
