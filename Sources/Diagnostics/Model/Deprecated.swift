public import TetherValidation

/// Renamed: a finding is the one model of a problem, for validation and resolve errors alike.
@available(*, deprecated, renamed: "DIFinding", message: "use DIFinding; DIFinding(error) makes one from a DIError")
public typealias DIDiagnostic = DIFinding

extension DIValidationReport {
    /// Renamed: the findings are what the renderers take.
    @available(*, deprecated, renamed: "findings")
    public var diagnostics: [DIFinding] { findings }
}
