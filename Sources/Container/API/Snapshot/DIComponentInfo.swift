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
    /// `occurrence` in the low half, the number of the module path (`ModulePaths`) in the high half: one word,
    /// since an info is part of every resolution step and a deep resolve keeps steps in many frames.
    private let packed: UInt64

    /// How many registrations the same line made before this one in the same container: 0 but in a loop.
    public var occurrence: Int { Int(UInt32(truncatingIfNeeded: packed)) }

    /// The modules that installed it, outermost first (`[AppModule, NetworkModule]`); empty outside modules. Not
    /// part of the key: one line's instances are shared however its module was reached.
    public var modulePath: [String] { ModulePaths.path(UInt32(truncatingIfNeeded: packed >> 32)) }

    /// Makes the key of a registration.
    public init(type: any Any.Type, file: String, line: Int, filePath: String = "", occurrence: Int = 0) {
        self.init(type: type, file: file, line: line, filePath: filePath, occurrence: occurrence, modulePath: 0)
    }

    private init(type: any Any.Type, file: String, line: Int, filePath: String, occurrence: Int, modulePath: UInt32) {
        self.type = type
        self.file = file
        self.line = line
        self.filePath = filePath
        self.packed = UInt64(UInt32(truncatingIfNeeded: occurrence)) | UInt64(modulePath) << 32
    }

    /// The same site, as its `occurrence`-th registration in its container.
    func run(_ occurrence: Int) -> DIComponentInfo {
        DIComponentInfo(
            type: type, file: file, line: line, filePath: filePath, occurrence: occurrence,
            modulePath: UInt32(truncatingIfNeeded: packed >> 32))
    }

    /// The same site, installed by the modules of path number `modulePath`.
    func installed(by modulePath: UInt32) -> DIComponentInfo {
        DIComponentInfo(
            type: type, file: file, line: line, filePath: filePath, occurrence: occurrence, modulePath: modulePath)
    }

    /// `File.swift:12`, or `AppModule > NetworkModule > File.swift:12` for a registration a module made: the form
    /// errors and reports show.
    public var site: String {
        let location = "\(file):\(line)"
        guard packed >> 32 != 0 else { return location }
        return (modulePath + [location]).joined(separator: " > ")
    }

    /// The text reports and errors show.
    public var description: String { "\(typeName(type)) at \(site)" }

    /// The same registration site: type, file, line, and which run of that line.
    public static func == (lhs: DIComponentInfo, rhs: DIComponentInfo) -> Bool {
        lhs.type == rhs.type && lhs.line == rhs.line && lhs.occurrence == rhs.occurrence && lhs.file == rhs.file
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        // Not the file: type and line rarely meet twice, `==` still compares the file, and hashing a string
        // costs more than the rest of a registration's bookkeeping.
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(line)
        hasher.combine(occurrence)
    }
}
