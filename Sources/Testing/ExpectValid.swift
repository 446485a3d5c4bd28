public import Testing
public import Tether
public import TetherValidation

extension DIContainer {
    /// Validates the container and records each error and warning as a test issue at the line of the registration
    /// it is about, so that Xcode and `swift test` show it there; notes are left out.
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
        for finding in validationReport(options: options).findings where finding.severity >= .warning {
            Issue.record(
                Comment(rawValue: finding.description), sourceLocation: finding.sourceLocation ?? sourceLocation)
        }
    }
}

extension DIFinding {
    /// The registration's file and line, as a test issue's location.
    var sourceLocation: SourceLocation? {
        guard let site = location else { return nil }
        // A file ID is `Module/File.swift`; a site passed by hand may not be one, and Swift Testing refuses it.
        guard !site.filePath.isEmpty, site.file.contains("/"), site.line > 0 else { return nil }
        return SourceLocation(fileID: site.file, filePath: site.filePath, line: site.line, column: 1)
    }
}
