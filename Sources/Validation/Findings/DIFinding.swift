public import Tether

/// One problem the validator found: what, where it was registered, how a root reaches it, and the fix.
public struct DIFinding: Sendable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: Int, Sendable, Comparable, CustomStringConvertible {
        /// Worth knowing; never fails `validate()`.
        case info
        /// Probably a bug; never fails `validate()`.
        case warning
        /// The graph cannot be built as registered; fails `validate()`.
        case error

        /// From notes to errors, for stable reports and `>=` thresholds.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The text reports and errors show.
        public var description: String {
            switch self {
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    /// One hop of a path: a component with its lifetime, or a type nothing provides.
    public struct Hop: Sendable, Hashable, CustomStringConvertible {
        /// The type's name.
        public let typeName: String
        /// The registration, when one serves the hop.
        public let component: DIComponentInfo?
        /// Its lifetime.
        public let lifetime: DILifeTime?

        /// Describes a hop.
        public init(typeName: String, component: DIComponentInfo?, lifetime: DILifeTime?) {
            self.typeName = typeName
            self.component = component
            self.lifetime = lifetime
        }

        /// The text reports and errors show.
        public var description: String {
            guard let lifetime else { return typeName }
            return "\(typeName) (\(lifetime))"
        }
    }

    /// One place a finding that groups several applies: a consumer of a missing type, an unreachable
    /// registration.
    public struct Occurrence: Sendable {
        /// The registration.
        public let component: DIComponentSnapshot
        /// Where in it: `parameter 2 of CheckoutService`, `registration of Z`.
        public let location: String
        /// From a root (or from the component itself) to the problem.
        public let path: [Hop]

        /// Describes an occurrence.
        public init(component: DIComponentSnapshot, location: String, path: [Hop]) {
            self.component = component
            self.location = location
            self.path = path
        }
    }

    /// What kind of problem.
    public let code: DIFindingCode
    /// How serious, after the options' overrides.
    public internal(set) var severity: Severity
    /// One line saying what is wrong.
    public let message: String
    /// The registration the finding belongs to (and can be suppressed on).
    public let component: DIComponentSnapshot
    /// Where in that registration: `parameter 2 of CheckoutService`, `injection owner of Cat`.
    public let location: String
    /// The registrations involved: candidates, cycle members, the captive dependency, near misses.
    public let involved: [DIComponentSnapshot]
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
    /// place: `component` and `location`.
    public let occurrences: [Occurrence]

    /// Describes a finding.
    public init(
        code: DIFindingCode, severity: Severity, message: String, component: DIComponentSnapshot, location: String,
        involved: [DIComponentSnapshot] = [], path: [Hop], details: [String] = [], help: String,
        occurrences: [Occurrence] = []
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.component = component
        self.location = location
        self.involved = involved
        self.path = path
        self.details = details
        self.help = help
        self.occurrences = occurrences
    }

    /// The finding as readable text, in the form compilers use.
    public var description: String {
        var lines = ["\(severity)[\(code)]: \(message)"]
        lines.append("  --> \(component.info.site) (\(location))")
        if path.count > 1 { lines.append("  path: " + path.map(\.description).joined(separator: " -> ")) }
        lines += details.map { "  " + $0 }
        lines.append("  help: " + help)
        return lines.joined(separator: "\n")
    }
}
