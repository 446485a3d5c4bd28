/// Writes diagnostics for people.
enum TextRenderer {
    static func render(_ diagnostic: DIDiagnostic, style: Style) -> String {
        var lines = [
            style.severity(diagnostic.severity, "\(diagnostic.severity)[\(diagnostic.code)]") + style.bold(": \(diagnostic.message)")
        ]
        if let location = diagnostic.location {
            lines.append(style.dim("  --> ") + "\(location.file):\(location.line) (\(location.context))")
        }
        if diagnostic.path.count > 1 {
            lines.append("  path: " + diagnostic.path.map(describe).joined(separator: " -> "))
        }
        lines += diagnostic.details.map { "  " + $0 }
        lines.append("  " + style.bold("help:") + " " + diagnostic.help)
        return lines.joined(separator: "\n")
    }

    static func describe(_ hop: DIDiagnostic.Hop) -> String {
        hop.lifetime.map { "\(hop.type) (\($0))" } ?? hop.type
    }
}

/// Writes one line per diagnostic, in the form compilers use.
enum CompilerStyleRenderer {
    static func render(_ diagnostic: DIDiagnostic, root: String?) -> String {
        let severity = diagnostic.severity == .note ? "note" : diagnostic.severity.rawValue
        let text = "\(severity): [\(diagnostic.code)] \(diagnostic.message); help: \(diagnostic.help)"
        guard let location = diagnostic.location else { return text }
        var path = location.filePath.isEmpty ? location.file : location.filePath
        if let root {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        }
        return "\(path):\(location.line): \(text)"
    }
}
