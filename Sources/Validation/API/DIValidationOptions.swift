/// Which checks run, how serious their findings are, and which registrations the app resolves itself.
///
/// ```swift
/// try container.validate(options: .init(severities: [.captiveDependency: .error]))  // not `.longLivedHolder`
/// ```
public struct DIValidationOptions: Sendable {
    /// The codes whose checks run; all by default.
    public var checks: Set<DIFindingCode>
    /// Severity overrides by code.
    public var severities: [DIFindingCode: DIFinding.Severity]
    /// Types the app resolves itself, as if their registrations were marked `.root()`: every provider of each,
    /// under any name. They add to the `.root()` marks, so a test can name the entry points a module does not.
    public var roots: [any Any.Type]
    /// Whether `unreachable` also counts as an entry point every registration nobody depends on that provides only
    /// its own type, unnamed and untagged (a screen resolved where it opens), for an app that marks only some of
    /// its roots. Off by default: the roots given are taken as all of them, so a plain leftover is reported; the
    /// note lists the entry points it assumed when this is on.
    public var infersEntryPoints: Bool
    /// Where the options were made: a root named in `roots` that nothing provides is reported there.
    let site: (file: String, line: Int, filePath: String)

    /// Makes options; `file`, `line` and `filePath` are for the compiler to fill in.
    public init(
        checks: Set<DIFindingCode> = DIFindingCode.all, severities: [DIFindingCode: DIFinding.Severity] = [:],
        roots: [any Any.Type] = [], infersEntryPoints: Bool = false, file: String = #fileID, line: Int = #line,
        filePath: String = #filePath
    ) {
        self.checks = checks
        self.severities = severities
        self.roots = roots
        self.infersEntryPoints = infersEntryPoints
        self.site = (file, line, filePath)
    }

    /// Every check, with its default severity.
    public static var `default`: DIValidationOptions { DIValidationOptions() }
}
