public import Tether
public import TetherValidation

/// Renders findings in one of the formats.
///
/// For findings that are not one report (`rendered(as:color:)` writes a report or an error), such as every
/// module's in one CI log:
///
/// ```swift
/// // CartModule, PricingModule: DIModule types of the app
/// let findings = CartModule.validationReport().findings + PricingModule.validationReport().findings
/// print(DIDiagnosticRenderer.render(findings, as: .text, summary: "modules: \(findings.count) findings"))
/// ```
public enum DIDiagnosticRenderer {
    /// `findings` as text, compiler-style lines or JSON; `summary` closes the text form.
    public static func render(
        _ findings: [DIFinding], as format: DIDiagnosticFormat, color: DIColorMode = .never, summary: String? = nil
    ) -> String {
        switch format {
        case .text:
            let style = Style(enabled: color.isEnabled)
            var blocks = findings.map { TextRenderer.render($0, style: style) }
            if let summary { blocks.append(style.bold(summary)) }
            return blocks.joined(separator: "\n\n")
        case .compiler(let root):
            return findings.map { CompilerStyleRenderer.render($0, root: root) }.joined(separator: "\n")
        case .json:
            return DIDiagnosticsDocument(findings).encoded()
        }
    }
}

extension DIValidationReport {
    /// The report in `format`; colour only if asked (`.automatic` checks for a terminal).
    public func rendered(as format: DIDiagnosticFormat = .text, color: DIColorMode = .never) -> String {
        DIDiagnosticRenderer.render(findings, as: format, color: color, summary: "validation: \(summary)")
    }
}

extension DIError {
    /// The error in `format`; colour only if asked.
    public func rendered(as format: DIDiagnosticFormat = .text, color: DIColorMode = .never) -> String {
        DIDiagnosticRenderer.render([DIFinding(self)], as: format, color: color)
    }
}
