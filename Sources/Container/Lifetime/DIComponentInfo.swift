/// Names one registration: the registered type, the source line that registered it, and which run of that line
/// it is in its container.
///
/// It is the key of process-wide lifetimes (two containers set up by the same line share a `perRun` instance)
/// and of `DIStorage`; a line run several times in one container (a loop of named registrations) makes distinct
/// keys, so each of those registrations keeps its own instance.
public struct DIComponentInfo: Hashable, Sendable, CustomStringConvertible {
    /// The registered type, as the factory returns it.
    public let type: any Any.Type
    /// The registering file, as `#fileID` gives it (`Module/File.swift`).
    public let file: String
    /// The registering line.
    public let line: Int
    /// The registering file's full path, as `#filePath` gives it, for tools that open the file; not part of
    /// the key.
    public let filePath: String
    /// How many registrations the same line made before this one in the same container: 0 but in a loop.
    public let occurrence: Int

    /// Makes the key of a registration.
    public init(type: any Any.Type, file: String, line: Int, filePath: String = "", occurrence: Int = 0) {
        self.type = type
        self.file = file
        self.line = line
        self.filePath = filePath
        self.occurrence = occurrence
    }

    /// The same site, as its `occurrence`-th registration in its container.
    func run(_ occurrence: Int) -> DIComponentInfo {
        DIComponentInfo(type: type, file: file, line: line, filePath: filePath, occurrence: occurrence)
    }

    /// `File.swift:12`, the form errors and reports show.
    public var site: String { "\(file):\(line)" }

    public var description: String { "\(typeName(type)) at \(site)" }

    public static func == (lhs: DIComponentInfo, rhs: DIComponentInfo) -> Bool {
        lhs.type == rhs.type && lhs.line == rhs.line && lhs.occurrence == rhs.occurrence && lhs.file == rhs.file
    }

    public func hash(into hasher: inout Hasher) {
        // Not the file: type and line rarely meet twice, `==` still compares the file, and hashing a string
        // costs more than the rest of a registration's bookkeeping.
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(line)
        hasher.combine(occurrence)
    }
}
