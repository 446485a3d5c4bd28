/// Which checks run, how serious their findings are, and which registrations the app resolves itself.
///
/// ```swift
/// try container.validate(options: .init(severities: [.captiveDependency: .error]))
/// ```
public struct DIValidationOptions: Sendable {
    /// The codes whose checks run; all by default.
    public var checks: Set<DIFindingCode>
    /// Severity overrides by code.
    public var severities: [DIFindingCode: DIFinding.Severity]
    /// Types the app resolves itself, as if their registrations were marked `.root()`: every provider of each,
    /// under any name. They add to the `.root()` marks, so a test can name the entry points a module does not.
    public var roots: [any Any.Type]

    /// Makes options.
    public init(
        checks: Set<DIFindingCode> = DIFindingCode.all, severities: [DIFindingCode: DIFinding.Severity] = [:],
        roots: [any Any.Type] = []
    ) {
        self.checks = checks
        self.severities = severities
        self.roots = roots
    }

    /// Every check, with its default severity.
    public static var `default`: DIValidationOptions { DIValidationOptions() }
}
