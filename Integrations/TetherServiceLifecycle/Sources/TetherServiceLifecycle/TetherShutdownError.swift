import Tether

/// A container's shutdown in which a `dispose()` threw or timed out, or a resolve in flight was not waited for:
/// thrown by `TetherService` once every disposal has run, so that the group's `run()` reports it.
public struct TetherShutdownError: Error, CustomStringConvertible {
    /// The container's report, then the process-wide instances' one, when the service disposes those.
    public let reports: [DIShutdownReport]

    /// Every failed disposal, in the order they ran.
    public var failures: [DIShutdownReport.Failure] { reports.flatMap(\.failures) }

    /// A line per failure, as the reports print them.
    public var description: String {
        reports.filter { !$0.isClean }.map(\.description).joined(separator: "\n")
    }
}
