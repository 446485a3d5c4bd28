/// How diagnostics are written.
public enum DIDiagnosticFormat: Sendable {
    /// For people: the code, the message, the source line, the path, the candidates, the fix.
    case text
    /// One line each, `path/File.swift:14: error: [missing-dependency] ...`, so CI logs and IDEs annotate the
    /// line. Paths are made relative to `root` when they start with it (pass the package directory).
    case compiler(root: String?)
    /// The versioned JSON document `DIDiagnosticsDocument`, for tools.
    case json
}
