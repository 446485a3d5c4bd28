public import Testing
public import Tether
public import TetherValidation

extension DIContainer {
    /// Validates the container and records each error and warning as a test issue at the line of the registration
    /// it is about, so that Xcode and `swift test` show it there; notes are left out. A finding about several
    /// registrations (one missing type that two need) is an issue at each of their lines.
    ///
    /// ```swift
    /// @Test func theAppsGraphIsValid() {
    ///     AppContainer.make().expectValid()
    /// }
    /// ```
    /// An issue's text is the finding's: its code, the path from the root, why, and the fix. A finding whose
    /// registration has no file path (a component described by hand) is recorded at the call. Validation runs no
    /// factory.
    public func expectValid(
        options: DIValidationOptions = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let findings = validationReport(options: options).findings.filter { $0.severity >= .warning }
        for finding in findings.flatMap(\.perPlace) {
            Issue.record(
                Comment(rawValue: finding.description), sourceLocation: finding.sourceLocation ?? sourceLocation)
        }
    }
}
