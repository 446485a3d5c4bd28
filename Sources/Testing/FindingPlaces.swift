import Testing
import TetherValidation

extension DIFinding {
    /// The finding once for each place it covers: a finding that groups several consumers (one missing type needed
    /// in two registrations) is one problem with several lines to fix, and a test issue marks one line. Each copy
    /// points at its place, with the path to it; the rest of the text, which lists every place, is the same.
    var perPlace: [DIFinding] {
        guard occurrences.count > 1 else { return [self] }
        return occurrences.map { occurrence in
            DIFinding(
                code: code, severity: severity, message: message, location: occurrence.location, path: occurrence.path,
                details: details, help: help, occurrences: occurrences)
        }
    }

    /// The registration's file and line, as a test issue's location.
    var sourceLocation: SourceLocation? {
        guard let site = location else { return nil }
        // A file ID is `Module/File.swift`; a site passed by hand may not be one, and Swift Testing refuses it.
        guard !site.filePath.isEmpty, site.file.contains("/"), site.line > 0 else { return nil }
        return SourceLocation(fileID: site.file, filePath: site.filePath, line: site.line, column: 1)
    }
}
