public import Tether

extension DIFinding {
    /// Where a finding sits in source: a registration's line and what in it.
    public struct Location: Sendable, Hashable, Codable, CustomStringConvertible {
        /// `Module/File.swift`, as `#fileID` gives it.
        public let file: String
        /// The full path, as `#filePath` gave it, or empty when unknown. Not written to JSON: it is the path on the
        /// machine that built the app, and would make reports differ from one checkout to the next.
        public let filePath: String
        /// The line.
        public let line: Int
        /// What at that line: `parameter 2 of CheckoutService`, `registration of Legacy`.
        public let context: String
        /// The modules that installed the registration, outermost first; empty outside modules, and then not
        /// written to JSON.
        public let modules: [String]

        /// Describes a place.
        public init(file: String, filePath: String = "", line: Int, context: String, modules: [String] = []) {
            self.file = file
            self.filePath = filePath
            self.line = line
            self.context = context
            self.modules = modules
        }

        /// `context` at the registration site `site`.
        public init(_ site: DIComponentInfo, context: String) {
            self.init(
                file: site.file, filePath: site.filePath, line: site.line, context: context, modules: site.modulePath)
        }

        /// `context` in the registration `component`.
        public init(_ component: DIComponentSnapshot, context: String) {
            self.init(component.info, context: context)
        }

        /// `File.swift:12`, or `AppModule > File.swift:12` for a registration a module made, as reports print it.
        public var site: String { (modules + ["\(file):\(line)"]).joined(separator: " > ") }

        /// `site (context)`, the module path first for a registration a module made.
        public var description: String { "\(site) (\(context))" }

        /// Equal places say the same in a report: `filePath`, which JSON leaves out, is not compared.
        public static func == (lhs: Location, rhs: Location) -> Bool {
            (lhs.file, lhs.line, lhs.context, lhs.modules) == (rhs.file, rhs.line, rhs.context, rhs.modules)
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(file)
            hasher.combine(line)
            hasher.combine(context)
            hasher.combine(modules)
        }

        private enum CodingKeys: String, CodingKey {
            case file, line, context, modules
        }

        /// Reads a location written by `encode(to:)`; its `filePath` is empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                file: try container.decode(String.self, forKey: .file),
                line: try container.decode(Int.self, forKey: .line),
                context: try container.decode(String.self, forKey: .context),
                modules: try container.decodeIfPresent([String].self, forKey: .modules) ?? [])
        }

        /// Writes `file`, `line`, `context`, and `modules` when there are any.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(context, forKey: .context)
            if !modules.isEmpty { try container.encode(modules, forKey: .modules) }
        }
    }

    /// One hop of a path: a component with its lifetime and registration, or a type nothing provides.
    public struct Hop: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The type's name.
        public let type: String
        /// Its lifetime, when a registration serves the hop.
        public let lifetime: String?
        /// That registration's `file:line`.
        public let site: String?

        /// Describes a hop.
        public init(type: String, lifetime: String? = nil, site: String? = nil) {
            self.type = type
            self.lifetime = lifetime
            self.site = site
        }

        /// The hop served by `component`.
        public init(_ component: DIComponentSnapshot) {
            self.init(type: component.typeName, lifetime: component.lifetimeLabel, site: component.info.site)
        }

        /// `Type (lifetime)`, as paths print it.
        public var description: String {
            guard let lifetime else { return type }
            return "\(type) (\(lifetime))"
        }
    }

    /// One place a finding that groups several applies: a consumer of a missing type, an unreachable
    /// registration. Compared, as a finding is, by its plain fields: `location` and `path`.
    public struct Occurrence: Sendable, Hashable, Codable {
        /// Where it sits in source.
        public let location: Location
        /// From a root (or from the component itself) to it.
        public let path: [Hop]
        /// The registration, as validation saw it; `nil` when read from JSON.
        public var component: DIComponentSnapshot? { attached.component }

        private var attached = AttachedSnapshots()

        /// An occurrence in the registration `component`, at `context` in it.
        public init(component: DIComponentSnapshot, context: String, path: [Hop]) {
            self.location = Location(component, context: context)
            self.path = path
            self.attached = AttachedSnapshots(component: component)
        }

        /// An occurrence from its plain fields.
        public init(location: Location, path: [Hop]) {
            self.location = location
            self.path = path
        }

        private enum CodingKeys: String, CodingKey {
            case location, path
        }
    }
}

/// The registration snapshots a finding carries in the process that validated, beside its plain fields and
/// without taking part in what it says: equal to any other, hashed as nothing, never coded. So a finding read back
/// from JSON equals the one written.
struct AttachedSnapshots: Sendable, Hashable {
    var component: DIComponentSnapshot?
    var involved: [DIComponentSnapshot] = []

    static func == (lhs: AttachedSnapshots, rhs: AttachedSnapshots) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
