import Foundation
public import TetherValidation

/// The JSON form of findings, schema version 3: the findings as `DIFinding` writes them. Fields are only ever
/// added within a version; version 2 had an `Entry` type of its own under `diagnostics`, version 1 no
/// `occurrences`.
///
/// ```json
/// {"schemaVersion": 3, "summary": {"errors": 1, "warnings": 0, "notes": 0},
///  "findings": [{"code": "missing-dependency", "severity": "error", "message": "...",
///                "location": {"file": "App/Services.swift", "line": 14, "context": "parameter 1 of Service"},
///                "path": [{"type": "Service", "lifetime": "prototype", "site": "App/Services.swift:14"}],
///                "details": [], "help": "...",
///                "occurrences": [{"location": {...}, "path": [...]}]}]}
/// ```
public struct DIDiagnosticsDocument: Codable, Sendable, Equatable {
    /// The current schema version.
    public static let currentSchemaVersion = 3

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

        init(counting findings: [DIFinding]) {
            self.init(
                errors: findings.count { $0.severity == .error },
                warnings: findings.count { $0.severity == .warning },
                notes: findings.count { $0.severity == .note })
        }
    }

    /// The schema version of this document.
    public var schemaVersion: Int
    /// Counts by severity.
    public var summary: Summary
    /// The findings, in report order.
    public var findings: [DIFinding]

    /// The document for `findings`.
    public init(_ findings: [DIFinding]) {
        schemaVersion = Self.currentSchemaVersion
        summary = Summary(counting: findings)
        self.findings = findings
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, summary, findings
    }

    /// Reads a document of the current schema version whose summary counts its findings; anything else throws a
    /// `ReadError` saying what it got, rather than a reading of fields another version may mean otherwise.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // The version first: another version's findings may not decode at all, and its error would hide why.
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        guard schemaVersion == Self.currentSchemaVersion else {
            throw ReadError.unsupportedSchemaVersion(schemaVersion)
        }
        summary = try container.decode(Summary.self, forKey: .summary)
        findings = try container.decode([DIFinding].self, forKey: .findings)
        let counted = Summary(counting: findings)
        guard summary == counted else { throw ReadError.summaryContradictsFindings(stated: summary, counted: counted) }
    }

    /// Pretty-printed JSON with sorted keys, stable run to run.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// Reads a document written by `encoded()`; its findings carry no registration snapshots. A document of another
    /// schema version, or whose summary does not count its findings, throws a `ReadError`.
    public static func decode(_ json: String) throws -> DIDiagnosticsDocument {
        try JSONDecoder().decode(DIDiagnosticsDocument.self, from: Data(json.utf8))
    }
}
