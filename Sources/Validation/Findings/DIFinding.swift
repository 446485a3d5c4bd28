public import Tether

/// One problem, as validation reports it and every renderer shows it: what, where, how a root reaches it, and the
/// fix.
///
/// It is the one model of a problem: a validation report holds findings (`DIValidationError` carries that report),
/// `DIFinding(_:)` turns a resolve error into one, the text, compiler-style and JSON outputs of TetherDiagnostics
/// write findings, and `DIDiagnosticsDocument` reads them back. The plain fields (`code` to `occurrences`) are
/// what is written, read and compared; the registration snapshots (`component`, `involved`) are there only in the
/// process that validated.
///
/// Two findings are equal when they say the same: the same plain fields, whatever snapshots they carry and
/// wherever the file was on disk (`Location.filePath`). So a finding read from JSON equals the one written, and
/// two findings about registrations made on one line (a loop) with the same text are equal too.
///
/// ```swift
/// for finding in container.validationReport().findings where finding.severity == .error {
///     print(finding.code, finding.location?.site ?? "-", finding.message)
/// }
/// ```
public struct DIFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious a finding is; compilers' words, so that editors and CI logs read them.
    public enum Severity: String, Sendable, Comparable, Codable, CaseIterable, CustomStringConvertible {
        /// Worth knowing; never fails `validate()`.
        case note
        /// Probably a bug; never fails `validate()`.
        case warning
        /// The graph cannot be built as registered; fails `validate()`.
        case error

        /// Renamed `note`, the word reports and compilers use.
        @available(*, deprecated, renamed: "note")
        public static var info: Severity { .note }

        /// From notes to errors, for stable reports and `>=` thresholds.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

        /// The text reports and errors show.
        public var description: String { rawValue }

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    /// What kind of problem.
    public let code: DIFindingCode
    /// How serious, after the options' overrides.
    public internal(set) var severity: Severity
    /// One line saying what is wrong.
    public let message: String
    /// The registration the finding is about and what in it: `parameter 2 of CheckoutService`. `nil` only for a
    /// resolve error that failed before any registration was involved, such as an unregistered top-level request.
    public let location: Location?
    /// From a `.root()` registration (or from the component itself) to the problem.
    public let path: [Hop]
    /// Further lines: near misses, candidates, the cycle, why it matters.
    public let details: [String]
    /// How to fix it.
    public let help: String
    /// Every place a finding of a grouping code covers, its own first, even when it covers one: the consumers of
    /// one missing type (`missing-dependency`), the registrations no root reaches (`unreachable`), the holders
    /// sharing one objectGraph instance (`captive-dependency`), the consumers of an async or main-actor component
    /// (`async-factory`, the `main-actor-isolated` note). Empty for the other findings, which are each about one
    /// place: `location`.
    public let occurrences: [Occurrence]

    /// The registration the finding belongs to (and can be suppressed on), as validation saw it; `nil` for a
    /// finding made from a resolve error or read from JSON.
    public var component: DIComponentSnapshot? { attached.component }
    /// The registrations involved: candidates, cycle members, the captive dependency, near misses; empty for a
    /// finding made from a resolve error or read from JSON.
    public var involved: [DIComponentSnapshot] { attached.involved }

    /// Left out of `==` and of JSON (see the type's comment).
    private var attached = AttachedSnapshots()

    private enum CodingKeys: String, CodingKey {
        case code, severity, message, location, path, details, help, occurrences
    }

    /// A finding about `component`, at `context` in it: what a validation check reports.
    public init(
        code: DIFindingCode, severity: Severity, message: String, component: DIComponentSnapshot, context: String,
        involved: [DIComponentSnapshot] = [], path: [Hop], details: [String] = [], help: String,
        occurrences: [Occurrence] = []
    ) {
        self.init(
            code: code, severity: severity, message: message, location: Location(component, context: context),
            path: path, details: details, help: help, occurrences: occurrences)
        self.attached = AttachedSnapshots(component: component, involved: involved)
    }

    /// A finding from its plain fields, as a tool reading another source would make one.
    public init(
        code: DIFindingCode, severity: Severity, message: String, location: Location?, path: [Hop],
        details: [String] = [], help: String, occurrences: [Occurrence] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.path = path
        self.details = details
        self.help = help
        self.occurrences = occurrences
    }
}
