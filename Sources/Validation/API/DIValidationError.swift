/// Thrown by `validate()` when the report has findings of error severity; its description is the whole report.
///
/// Catch it to write the report in another form before the test fails, here lines CI annotates:
///
/// ```swift
/// @Test func appGraphIsValid() throws {  // AppContainer: the app's setup
///     do throws(DIValidationError) {
///         try AppContainer.make().validate()
///     } catch {
///         print(error.report.rendered(as: .compiler(root: nil)))  // TetherDiagnostics
///         throw error
///     }
/// }
/// ```
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
