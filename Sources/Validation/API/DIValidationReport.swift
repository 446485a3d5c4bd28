/// Everything the validator found, in a deterministic order: errors first, then by registration order.
///
/// Read it where `validate()`, which fails on errors only, is not strict enough:
///
/// ```swift
/// @Test func appGraphHasNoWarnings() {  // AppContainer: the app's setup
///     let report = AppContainer.make().validationReport()
///     #expect(report.isValid && report.warnings.isEmpty, "\(report)")  // notes may stay
///     for (finding, reason) in report.suppressed { print("suppressed \(finding.code): \(reason)") }  // for review
/// }
/// ```
public struct DIValidationReport: Sendable, CustomStringConvertible {
    /// The findings that count.
    public let findings: [DIFinding]
    /// Findings silenced by `.suppress(_:reason:)`, with the reason given.
    public let suppressed: [(finding: DIFinding, reason: String)]

    /// The error-severity findings.
    public var errors: [DIFinding] { findings.filter { $0.severity == .error } }
    /// The warning-severity findings.
    public var warnings: [DIFinding] { findings.filter { $0.severity == .warning } }
    /// Whether nothing of error severity was found.
    public var isValid: Bool { errors.isEmpty }

    /// `2 errors, 1 warning, 0 notes (1 suppressed)`.
    public var summary: String {
        let notes = findings.count - errors.count - warnings.count
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var text = [count(errors.count, "error"), count(warnings.count, "warning"), count(notes, "note")]
            .joined(separator: ", ")
        if !suppressed.isEmpty { text += " (\(suppressed.count) suppressed)" }
        return text
    }

    /// Every finding as text, then the summary.
    public var description: String {
        (findings.map(\.description) + ["validation: \(summary)"]).joined(separator: "\n\n")
    }
}
