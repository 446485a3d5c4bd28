public import TetherValidation

/// Renamed: a finding is the one model of a problem, for validation and resolve errors alike.
@available(*, deprecated, renamed: "DIFinding", message: "use DIFinding; DIFinding(error) makes one from a DIError")
public typealias DIDiagnostic = DIFinding

extension DIFinding {
    /// Renamed: a validation finding is already what the renderers take.
    @available(*, deprecated, message: "a finding is already what the renderers take; use it as it is")
    public init(_ finding: DIFinding) { self = finding }
}

extension DIValidationReport {
    /// Renamed: the findings are what the renderers take.
    @available(*, deprecated, renamed: "findings")
    public var diagnostics: [DIFinding] { findings }
}
