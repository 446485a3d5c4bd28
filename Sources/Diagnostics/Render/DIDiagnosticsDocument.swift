import Foundation

/// The JSON form of diagnostics, schema version 2 (version 1 had no `occurrences`). Fields are only ever added
/// within a version.
///
/// ```json
/// {"schemaVersion": 2, "summary": {"errors": 1, "warnings": 0, "notes": 0},
///  "diagnostics": [{"code": "missing-dependency", "severity": "error", "message": "...",
///                   "location": {"file": "App/Services.swift", "line": 14, "context": "parameter 1 of Service"},
///                   "path": [{"type": "Service", "lifetime": "prototype", "site": "App/Services.swift:14"}],
///                   "details": [], "help": "...",
///                   "occurrences": [{"location": {...}, "path": [...]}]}]}
/// ```
public struct DIDiagnosticsDocument: Codable, Sendable, Equatable {
    /// The current schema version.
    public static let currentSchemaVersion = 2

    /// Counts by severity.
    public struct Summary: Codable, Sendable, Equatable {
        public var errors: Int
        public var warnings: Int
        public var notes: Int

        /// Makes a summary.
        public init(errors: Int, warnings: Int, notes: Int) {
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
        }
    }

    /// One diagnostic.
    public struct Entry: Codable, Sendable, Equatable {
        /// Where.
        public struct Location: Codable, Sendable, Equatable {
            public var file: String
            public var line: Int
            public var context: String
        }

        /// One hop of the path.
        public struct Hop: Codable, Sendable, Equatable {
            public var type: String
            public var lifetime: String?
            public var site: String?
        }

        /// One place a grouping diagnostic covers.
        public struct Occurrence: Codable, Sendable, Equatable {
            public var location: Location
            public var path: [Hop]
        }

        public var code: String
        public var severity: DIDiagnostic.Severity
        public var message: String
        public var location: Location?
        public var path: [Hop]
        public var details: [String]
        public var help: String
        /// Every place a grouping diagnostic covers, its own first; empty for one about one place.
        public var occurrences: [Occurrence]
    }

    /// The schema version of this document.
    public var schemaVersion: Int
    /// Counts by severity.
    public var summary: Summary
    /// The diagnostics, in report order.
    public var diagnostics: [Entry]

    /// The document for `diagnostics`.
    public init(_ diagnostics: [DIDiagnostic]) {
        schemaVersion = Self.currentSchemaVersion
        summary = Summary(
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning },
            notes: diagnostics.count { $0.severity == .note })
        func location(_ location: DIDiagnostic.Location) -> Entry.Location {
            Entry.Location(file: location.file, line: location.line, context: location.context)
        }
        func path(_ hops: [DIDiagnostic.Hop]) -> [Entry.Hop] {
            hops.map { Entry.Hop(type: $0.type, lifetime: $0.lifetime, site: $0.site) }
        }
        self.diagnostics = diagnostics.map { diagnostic in
            Entry(
                code: diagnostic.code, severity: diagnostic.severity, message: diagnostic.message,
                location: diagnostic.location.map(location), path: path(diagnostic.path),
                details: diagnostic.details, help: diagnostic.help,
                occurrences: diagnostic.occurrences.map {
                    Entry.Occurrence(location: location($0.location), path: path($0.path))
                })
        }
    }

    /// Pretty-printed JSON with sorted keys, stable run to run.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// Reads a document written by `encoded()`.
    public static func decode(_ json: String) throws -> DIDiagnosticsDocument {
        try JSONDecoder().decode(DIDiagnosticsDocument.self, from: Data(json.utf8))
    }
}
