extension DIFinding {
    /// The parts of a finding's text a renderer may set apart, by colour on a terminal.
    package enum TextPart {
        /// `error[missing-dependency]`.
        case heading
        /// The message and `help:`.
        case emphasis
        /// The arrow before the location.
        case quiet
    }

    /// The finding as readable text, in the form compilers use.
    public var description: String { text { text, _ in text } }

    /// The text `description` gives, each part passed through `style`: the one layout of a finding, which the
    /// coloured text renderer shares.
    package func text(style: (String, TextPart) -> String) -> String {
        var lines = [style("\(severity)[\(code)]", .heading) + style(": \(message)", .emphasis)]
        if let location { lines.append(style("  --> ", .quiet) + location.description) }
        if path.count > 1 { lines.append("  path: " + path.map(\.description).joined(separator: " -> ")) }
        lines += details.map { "  " + $0 }
        lines.append("  " + style("help:", .emphasis) + " " + help)
        return lines.joined(separator: "\n")
    }
}
