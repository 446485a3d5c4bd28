/// Consumes a value so the optimizer cannot drop the code that made it.
///
/// `@_optimize(none)` keeps the (empty) body opaque even under cross-module optimization; package-benchmark's
/// `blackHole` is written the same way. Passing the value costs a call and no retain: it is borrowed.
@_optimize(none)
public func blackHole<T>(_: borrowing T) {}

/// Returns its argument through an opaque call, so a value cannot be constant-folded into the loop.
@_optimize(none)
public func identity<T>(_ value: T) -> T { value }
