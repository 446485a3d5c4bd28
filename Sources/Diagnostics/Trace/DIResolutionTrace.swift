public import Tether

/// The tree of what a resolve built or reused, with lifetimes: why an instance is (or is not) shared.
///
/// ```swift
/// let (model, trace) = try container.resolveTraced(XYZViewModel.self)
/// print(trace)
/// // XYZViewModel (objectGraph) built
/// // ├─ XYZCombinedService (objectGraph) built
/// // ├─ XYZCombinedService (objectGraph) reused
/// // └─ XYZService (objectGraph) built
/// //    └─ XYZSessionService (objectGraph) built
/// ```
public struct DIResolutionTrace: Sendable, CustomStringConvertible {
    /// What happened to one requested component.
    public enum Outcome: String, Sendable {
        /// Its factory ran.
        case built
        /// An instance made earlier was handed out.
        case reused
        /// Its factory or one of its dependencies failed.
        case failed
    }

    /// One component of the tree.
    public struct Node: Sendable {
        /// The component.
        public let step: DIResolutionStep
        /// What happened to it.
        public let outcome: Outcome
        /// How long building it took, dependencies included (zero when reused).
        public let duration: Duration
        /// What it needed, in order.
        public let children: [Node]
    }

    /// The top-level components resolved.
    public let roots: [Node]

    /// Every node, depth first.
    public var allNodes: [Node] {
        func flatten(_ node: Node) -> [Node] { [node] + node.children.flatMap(flatten) }
        return roots.flatMap(flatten)
    }

    /// The tree, one component a line, without timings so that it reads the same on every run.
    public var description: String {
        var lines: [String] = []
        func write(_ node: Node, prefix: String, childPrefix: String) {
            let type = typeName(of: node.step)
            lines.append("\(prefix)\(type) (\(node.step.lifetime)) \(node.outcome.rawValue)")
            for (index, child) in node.children.enumerated() {
                let last = index == node.children.count - 1
                write(
                    child, prefix: childPrefix + (last ? "└─ " : "├─ "),
                    childPrefix: childPrefix + (last ? "   " : "│  "))
            }
        }
        for root in roots { write(root, prefix: "", childPrefix: "") }
        return lines.joined(separator: "\n")
    }

    private func typeName(of step: DIResolutionStep) -> String {
        String(describing: step.component.type)
    }
}

extension DIContainer {
    /// Resolves `T` and returns the tree of what was built or reused on the way.
    public func resolveTraced<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> (T, DIResolutionTrace)
    {
        let recorder = ResolutionRecorder()
        let value = try resolveOrThrow(type, name: name, observer: recorder)
        return (value, recorder.trace())
    }
}
