/// Thrown by `validate()` when the report has findings of error severity; its description is the whole report.
public struct DIValidationError: Error, Sendable, CustomStringConvertible {
    /// The report, warnings included.
    public let report: DIValidationReport

    /// Wraps a failing report.
    public init(report: DIValidationReport) {
        self.report = report
    }

    /// The text reports and errors show.
    public var description: String { report.description }
}
