import Foundation

extension DIGraphExport {
    /// The graph in Graphviz's DOT language: `dot -Tsvg graph.dot -o graph.svg`.
    public func dot() -> String {
        var lines = [
            "digraph Tether {",
            "  rankdir=LR;",
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "  edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in nodes {
            if node.isMissing {
                lines.append(
                    "  \(node.id) [label=\(quoted("\(node.typeName)\nnot registered")), color=\"#cc3333\", "
                        + "fontcolor=\"#cc3333\", style=\"rounded,dashed\"];")
            } else {
                lines.append("  \(node.id) [label=\(quoted("\(node.typeName)\n\(node.lifetime ?? "")"))];")
            }
        }
        for edge in edges {
            var attributes: [String] = []
            switch edge.style {
            case .plain: break
            case .optional: attributes.append("style=dashed")
            case .many: attributes.append("style=bold")
            case .lazy: attributes += ["style=dotted", "label=\"Lazy\""]
            case .provider: attributes += ["style=dotted", "label=\"Provider\""]
            case .deferred: attributes += ["style=dashed", "color=\"#3366cc\"", "label=\"cycle: true\""]
            }
            switch edge.mark {
            case .cycle?: attributes += ["color=\"#cc3333\"", "penwidth=2"]
            case .captive?: attributes += ["color=\"#ee8800\"", "penwidth=2", "xlabel=\"captive\""]
            case .missing?: attributes += ["color=\"#cc3333\""]
            case nil: break
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(edge.from) -> \(edge.to)\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT string literal.
    private func quoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }
}
