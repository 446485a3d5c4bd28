public import Tether
public import TetherValidation

/// Renders diagnostics in one of the formats.
public enum DIDiagnosticRenderer {
    /// `diagnostics` as text, compiler-style lines or JSON; `summary` closes the text form.
    public static func render(
        _ diagnostics: [DIDiagnostic], as format: DIDiagnosticFormat, color: DIColorMode = .never,
        summary: String? = nil
    ) -> String {
        switch format {
        case .text:
            let style = Style(enabled: color.isEnabled)
            var blocks = diagnostics.map { TextRenderer.render($0, style: style) }
            if let summary { blocks.append(style.bold(summary)) }
            return blocks.joined(separator: "\n\n")
        case .compiler(let root):
            return diagnostics.map { CompilerStyleRenderer.render($0, root: root) }.joined(separator: "\n")
        case .json:
            return DIDiagnosticsDocument(diagnostics).encoded()
        }
    }
}

extension DIValidationReport {
    /// The findings as diagnostics, in report order.
    public var diagnostics: [DIDiagnostic] { findings.map(DIDiagnostic.init) }

    /// The report in `format`; colour only if asked (`.automatic` checks for a terminal).
    public func rendered(as format: DIDiagnosticFormat = .text, color: DIColorMode = .never) -> String {
        DIDiagnosticRenderer.render(diagnostics, as: format, color: color, summary: "validation: \(summary)")
    }
}

extension DIError {
    /// The error in `format`; colour only if asked.
    public func rendered(as format: DIDiagnosticFormat = .text, color: DIColorMode = .never) -> String {
        DIDiagnosticRenderer.render([DIDiagnostic(self)], as: format, color: color)
    }
}
