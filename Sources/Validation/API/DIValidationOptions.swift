/// Which checks run and how serious their findings are.
///
/// ```swift
/// try container.validate(options: .init(severities: [.captiveDependency: .error]))
/// ```
public struct DIValidationOptions: Sendable {
    /// The codes whose checks run; all by default.
    public var checks: Set<DIFindingCode>
    /// Severity overrides by code.
    public var severities: [DIFindingCode: DIFinding.Severity]

    /// Makes options.
    public init(checks: Set<DIFindingCode> = DIFindingCode.all, severities: [DIFindingCode: DIFinding.Severity] = [:]) {
        self.checks = checks
        self.severities = severities
    }

    /// Every check, with its default severity.
    public static var `default`: DIValidationOptions { DIValidationOptions() }
}
