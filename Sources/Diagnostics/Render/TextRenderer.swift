import TetherValidation

/// Writes findings for people: `DIFinding.description`'s layout, in colour when asked.
enum TextRenderer {
    static func render(_ finding: DIFinding, style: Style) -> String {
        finding.text { text, part in
            switch part {
            case .heading: style.severity(finding.severity, text)
            case .emphasis: style.bold(text)
            case .quiet: style.dim(text)
            }
        }
    }
}

/// Writes one line per finding, in the form compilers use, and a related `note:` line for each further place
/// a grouping finding covers, so that an editor lists every one of them.
enum CompilerStyleRenderer {
    static func render(_ finding: DIFinding, root: String?) -> String {
        let text = "\(finding.severity): [\(finding.code)] \(finding.message); help: \(finding.help)"
        guard let location = finding.location else { return text }
        // The first occurrence is the finding's own location, on the line above.
        let related = finding.occurrences.dropFirst().map {
            "\(place($0.location, root: root)): note: [\(finding.code)] also here: \($0.location.context)"
        }
        return ([place(location, root: root) + ": " + text] + related).joined(separator: "\n")
    }

    /// `File.swift:12`, relative to `root` where it lies under it.
    private static func place(_ location: DIFinding.Location, root: String?) -> String {
        var path = location.filePath.isEmpty ? location.file : location.filePath
        if let root {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if path.hasPrefix(prefix) { path.removeFirst(prefix.count) }
        }
        return "\(path):\(location.line)"
    }
}
