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
        /// Findings that fail `validate()`.
        public var errors: Int
        /// Findings that do not fail it but need a look.
        public var warnings: Int
        /// Findings that inform only.
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
            /// The registration's file, as `#fileID` gives it.
            public var file: String
            /// The registration's line.
            public var line: Int
            /// Where in the registration: `parameter 2 of Checkout`.
            public var context: String
        }

        /// One hop of the path.
        public struct Hop: Codable, Sendable, Equatable {
            /// The component's type name.
            public var type: String
            /// Its lifetime, when the hop is a registration.
            public var lifetime: String?
            /// Its registration's `file:line`, when the hop is a registration.
            public var site: String?
        }

        /// One place a grouping diagnostic covers.
        public struct Occurrence: Codable, Sendable, Equatable {
            /// Where this occurrence is.
            public var location: Location
            /// The hops from the root to this place.
            public var path: [Hop]
        }

        /// The stable code, such as `missing-dependency`.
        public var code: String
        /// How serious it is.
        public var severity: DIDiagnostic.Severity
        /// One line saying what is wrong.
        public var message: String
        /// The registration it is about, if any.
        public var location: Location?
        /// The hops from the root to the registration it is about.
        public var path: [Hop]
        /// Lines naming what is involved: candidates, the cycle, why.
        public var details: [String]
        /// How to fix it.
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
