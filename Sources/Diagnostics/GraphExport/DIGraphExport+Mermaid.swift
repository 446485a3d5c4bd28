import Foundation

extension DIGraphExport {
    /// The graph as a Mermaid flowchart, which GitHub renders inside a ```mermaid block in Markdown.
    public func mermaid() -> String {
        var lines = ["graph LR"]
        for node in nodes {
            let label =
                node.isMissing ? "\(node.typeName)<br/>not registered" : "\(node.typeName)<br/>\(node.lifetime ?? "")"
            lines.append("  \(node.id)[\"\(escaped(label))\"]" + (node.isMissing ? ":::missing" : ""))
        }
        var styled: [(index: Int, style: String)] = []
        for (index, edge) in edges.enumerated() {
            let arrow: String
            switch edge.style {
            case .plain: arrow = "-->"
            case .optional: arrow = "-.->"
            case .many: arrow = "==>"
            case .lazy: arrow = "-. Lazy .->"
            case .provider: arrow = "-. Provider .->"
            case .deferred: arrow = "-. cycle: true .->"
            }
            lines.append("  \(edge.from) \(arrow) \(edge.to)")
            switch edge.mark {
            case .cycle?, .missing?: styled.append((index, "stroke:#cc3333,stroke-width:2px"))
            case .captive?: styled.append((index, "stroke:#ee8800,stroke-width:2px"))
            case nil: break
            }
        }
        if nodes.contains(where: \.isMissing) {
            lines.append("  classDef missing stroke:#cc3333,stroke-dasharray:5 5,color:#cc3333")
        }
        lines += styled.map { "  linkStyle \($0.index) \($0.style)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid's entity codes for characters its labels would otherwise read as markup.
    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
            .replacingOccurrences(of: "<br/>", with: "\u{0}")
            .replacingOccurrences(of: "<", with: "#lt;")
            .replacingOccurrences(of: ">", with: "#gt;")
            .replacingOccurrences(of: "\u{0}", with: "<br/>")
    }
}
