/// How diagnostics are written.
///
/// One format for each reader of the same report:
///
/// ```swift
/// let report = AppContainer.make().validationReport()  // AppContainer: the app's setup
/// print(report.rendered(as: .text))  // a person reading the test log
/// print(report.rendered(as: .compiler(root: nil)))  // file:line lines for CI and editors, whole paths
/// print(report.rendered(as: .json))  // for a tool, which reads it back with DIDiagnosticsDocument.decode
/// ```
public enum DIDiagnosticFormat: Sendable {
    /// For people: the code, the message, the source line, the path, the candidates, the fix.
    case text
    /// One line each, `path/File.swift:14: error: [missing-dependency] ...`, so CI logs and IDEs annotate the
    /// line. Paths are made relative to `root` when they start with it (pass the package directory).
    case compiler(root: String?)
    /// The versioned JSON document `DIDiagnosticsDocument`, for tools.
    case json
}
