extension DIDiagnosticsDocument {
    /// Why `decode(_:)` refused a document: a tool must not read findings by another version's rules, nor trust a
    /// summary its findings contradict.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        /// The document says schema version `found`; this version of TetherDiagnostics reads
        /// `currentSchemaVersion` only.
        case unsupportedSchemaVersion(Int)
        /// The summary counts other severities than the findings it sums up: the document was edited, or written
        /// by hand.
        case summaryContradictsFindings(stated: Summary, counted: Summary)

        /// What was refused, and what to do.
        public var description: String {
            let current = DIDiagnosticsDocument.currentSchemaVersion
            switch self {
            case .unsupportedSchemaVersion(let found) where found < current:
                return "the document has schema version \(found), older than version \(current), the only one this "
                    + "TetherDiagnostics reads: validate again and write it with this one (`rendered(as: .json)`)"
            case .unsupportedSchemaVersion(let found):
                return "the document has schema version \(found), newer than version \(current), the only one this "
                    + "TetherDiagnostics reads: read it with the TetherDiagnostics that wrote it (update this one)"
            case .summaryContradictsFindings(let stated, let counted):
                return "the document's summary (\(Self.text(stated))) contradicts its findings "
                    + "(\(Self.text(counted))): it is not as `rendered(as: .json)` wrote it"
            }
        }

        /// `1 error, 0 warnings, 2 notes`, as a validation report counts.
        private static func text(_ summary: Summary) -> String {
            func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
            return [count(summary.errors, "error"), count(summary.warnings, "warning"), count(summary.notes, "note")]
                .joined(separator: ", ")
        }
    }
}
