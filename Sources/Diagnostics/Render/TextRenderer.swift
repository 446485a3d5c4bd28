/// Writes diagnostics for people.
enum TextRenderer {
    static func render(_ diagnostic: DIDiagnostic, style: Style) -> String {
        var lines = [
            style.severity(diagnostic.severity, "\(diagnostic.severity)[\(diagnostic.code)]")
                + style.bold(": \(diagnostic.message)")
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

/// Writes one line per diagnostic, in the form compilers use, and a related `note:` line for each further place
/// a grouping diagnostic covers, so that an editor lists every one of them.
enum CompilerStyleRenderer {
    static func render(_ diagnostic: DIDiagnostic, root: String?) -> String {
        let severity = diagnostic.severity == .note ? "note" : diagnostic.severity.rawValue
        let text = "\(severity): [\(diagnostic.code)] \(diagnostic.message); help: \(diagnostic.help)"
        guard let location = diagnostic.location else { return text }
        // The first occurrence is the diagnostic's own location, on the line above.
        let related = diagnostic.occurrences.dropFirst().map {
            "\(place($0.location, root: root)): note: [\(diagnostic.code)] also here: \($0.location.context)"
        }
        return ([place(location, root: root) + ": " + text] + related).joined(separator: "\n")
    }

    /// `File.swift:12`, relative to `root` where it lies under it.
    private static func place(_ location: DIDiagnostic.Location, root: String?) -> String {
        var path = location.filePath.isEmpty ? location.file : location.filePath
        if let root {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        }
        return "\(path):\(location.line)"
    }
}
