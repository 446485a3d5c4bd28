import BenchSupport

/// A contender's side of a scenario: performs `calls` calls, marking with `meter` what is measured.
///
/// Set-up that must happen per call (a fresh container, reset singletons) stays outside `meter.measure`.
public typealias Runner = (_ calls: Int, _ meter: Meter) -> Void

/// One row of the table.
public struct Scenario: Sendable {
    /// `S1`, `S2`, ...
    public let id: String
    public let title: String
    /// Operations per call: 1 for a resolve, 1,000 for S5 (one per component), 10,000 for V2.
    public let operationsPerCall: Int
    /// Calls per timed batch in quick mode and the smallest batch otherwise; large calls use 1.
    public let minimumCallsPerBatch: Int
    /// Hand-written, Tether, Swinject, in that order; made on first use, on the thread that runs the row.
    public let makeRunners: @Sendable () -> [Runner]
}

/// The contenders, in table order.
public let contenderNames = ["hand-written", "Tether", "Swinject"]

/// Stops the program with `message` when a scenario's result is not what it should be: a wrong graph would
/// make its numbers meaningless.
public func verify(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fatalError("verification failed: \(message())")
    }
}
