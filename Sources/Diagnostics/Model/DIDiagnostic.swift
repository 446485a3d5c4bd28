public import Tether
public import TetherValidation

/// One problem as every renderer sees it, whether the validator found it or a resolve failed: the one model
/// behind the text, compiler-style and JSON outputs.
public struct DIDiagnostic: Sendable, Hashable {
    /// How serious.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning, note
    }

    /// Where the problem sits in source.
    public struct Location: Sendable, Hashable {
        /// `Module/File.swift`, as `#fileID` gives it.
        public let file: String
        /// The full path, as `#filePath` gave it, or empty when unknown.
        public let filePath: String
        /// The line.
        public let line: Int
        /// What at that line: `parameter 2 of CheckoutService`.
        public let context: String

        init(file: String, filePath: String, line: Int, context: String) {
            self.file = file
            self.filePath = filePath
            self.line = line
            self.context = context
        }

        /// Where `component` was registered.
        init(_ component: DIComponentInfo, context: String) {
            self.init(file: component.file, filePath: component.filePath, line: component.line, context: context)
        }
    }

    /// A hop of the path from the root to the problem.
    public struct Hop: Sendable, Hashable {
        /// The type's name.
        public let type: String
        /// Its lifetime, when a registration serves it.
        public let lifetime: String?
        /// Where that registration is.
        public let site: String?

        init(type: String, lifetime: String?, site: String?) {
            self.type = type
            self.lifetime = lifetime
            self.site = site
        }

        /// A validation finding's hop.
        init(_ hop: DIFinding.Hop) {
            self.init(type: hop.typeName, lifetime: hop.lifetime?.description, site: hop.component?.site)
        }
    }

    /// One more place a grouping finding covers (see `DIFinding.occurrences`).
    public struct Occurrence: Sendable, Hashable {
        /// Where it sits in source.
        public let location: Location
        /// From the root to it.
        public let path: [Hop]
    }

    /// The stable code, shared by validation findings and runtime errors where they mean the same.
    public let code: String
    /// How serious.
    public let severity: Severity
    /// One line saying what is wrong.
    public let message: String
    /// Where, when known.
    public let location: Location?
    /// From the root to the problem.
    public let path: [Hop]
    /// Near misses, candidates, the cycle, why it matters.
    public let details: [String]
    /// How to fix it.
    public let help: String
    /// Every place a grouping finding covers, this diagnostic's own first; empty for one about one place.
    public let occurrences: [Occurrence]

    /// A validation finding.
    public init(_ finding: DIFinding) {
        code = finding.code.rawValue
        severity =
            switch finding.severity {
            case .error: .error
            case .warning: .warning
            case .info: .note
            }
        message = finding.message
        location = Location(finding.component.info, context: finding.location)
        path = finding.path.map(Hop.init)
        details = finding.details
        help = finding.help
        occurrences = finding.occurrences.map {
            Occurrence(location: Location($0.component.info, context: $0.location), path: $0.path.map(Hop.init))
        }
    }

    /// A runtime error.
    public init(_ error: DIError) {
        code = error.code
        severity = .error
        message = error.message
        location = error.path.last.map {
            Location(
                file: $0.component.file, filePath: $0.component.filePath, line: $0.component.line,
                context: $0.requested.description)
        }
        path =
            error.path.map {
                Hop(type: $0.requested.description, lifetime: $0.lifetime.description, site: $0.component.site)
            }
            + (error.failedRequest.map { [Hop(type: $0, lifetime: nil, site: nil)] } ?? [])
        details = error.details
        help = error.help
        occurrences = []
    }
}
