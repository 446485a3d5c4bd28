public import Tether
import TetherValidation

/// The dependency graph of a container, ready to draw: components labelled with type and lifetime, edges
/// styled by kind, and validation findings marked (missing types, cycle edges, captive edges).
///
/// ```swift
/// let graph = DIGraphExport(container)                       // the whole graph
/// try graph.dot().write(to: "graph.dot")                    // Graphviz
/// print(DIGraphExport(container, from: App.self).mermaid()) // what App reaches, for Markdown
/// ```
public struct DIGraphExport: Sendable {
    /// A box in the picture: a registration, or a type nothing provides.
    public struct Node: Sendable, Hashable {
        /// A stable identifier (`c3`, `missing0`).
        public let id: String
        /// The type's name.
        public let typeName: String
        /// The lifetime, for registrations.
        public let lifetime: String?
        /// Whether it stands for a type nothing provides.
        public let isMissing: Bool
    }

    /// An arrow from a component to what one of its dependencies resolves to.
    public struct Edge: Sendable, Hashable {
        /// How it is drawn.
        public enum Style: String, Sendable, Hashable {
            case plain, optional, many, deferred, lazy, provider
        }

        /// A finding on the arrow.
        public enum Mark: String, Sendable, Hashable {
            case cycle, captive, missing
        }

        /// The node the arrow leaves: the component that depends.
        public let from: String
        /// The node it points at: the dependency.
        public let to: String
        /// How the dependency is asked for, which sets the arrow's look.
        public let style: Style
        /// The finding the arrow is part of, if any.
        public let mark: Mark?
    }

    /// The boxes, registrations first in registration order.
    public let nodes: [Node]
    /// The arrows, in registration and dependency order.
    public let edges: [Edge]

    /// The graph of `container`: everything, or what `root` (named `name`) reaches.
    public init(_ container: DIContainer, from root: (any Any.Type)? = nil, name: String? = nil) {
        let snapshot = container.registrySnapshot()
        self.init(snapshot: snapshot, report: snapshot.validationReport(), root: root, name: name)
    }

    init(snapshot: DIRegistrySnapshot, report: DIValidationReport, root: (any Any.Type)?, name: String?) {
        let graph = DependencyGraph(snapshot: snapshot)
        let marks = Marks(report: report)
        var included = Set(graph.components.map(\.id))
        if let root {
            let starts = graph.components.filter { component in
                component.provides.contains { ObjectIdentifier($0.type) == ObjectIdentifier(root) && $0.name == name }
            }.map(\.id)
            included = Self.reach(from: starts, in: graph)
        }
        var nodes: [Node] = []
        var edges: [Edge] = []
        for component in graph.components where included.contains(component.id) {
            nodes.append(
                Node(
                    id: "c\(component.id)", typeName: component.typeName, lifetime: component.lifetimeLabel,
                    isMissing: false))
        }
        var missingIDs: [String: String] = [:]
        for component in graph.components where included.contains(component.id) {
            for (position, resolution) in graph.resolutions[component.id].enumerated() {
                let dependency = component.dependencies[position]
                let style = Self.style(of: dependency)
                let from = "c\(component.id)"
                switch resolution {
                case .one(let target), .needsArguments(let target):
                    // Lazy and Provider hold nothing, so they carry no finding.
                    let mark = style == .lazy || style == .provider ? nil : marks.mark(from: component.id, to: target)
                    edges.append(Edge(from: from, to: "c\(target)", style: style, mark: mark))
                case .many(let targets):
                    for target in targets {
                        edges.append(
                            Edge(
                                from: from, to: "c\(target)", style: .many,
                                mark: marks.mark(from: component.id, to: target)))
                    }
                case .missing:
                    let id = missingIDs[dependency.typeName] ?? "missing\(missingIDs.count)"
                    if missingIDs[dependency.typeName] == nil {
                        missingIDs[dependency.typeName] = id
                        nodes.append(Node(id: id, typeName: dependency.typeName, lifetime: nil, isMissing: true))
                    }
                    edges.append(Edge(from: from, to: id, style: style, mark: .missing))
                case .argument, .absent, .ambiguous, .multipleDefaults, .unchecked:
                    continue
                }
            }
        }
        self.nodes = nodes
        self.edges = edges
    }

    private static func style(of dependency: DIDependency) -> Edge.Style {
        // A nested dependency (`[Lazy<P>]`) is drawn by what matters most: deferral, then listing, then absence.
        let kinds = [dependency.kind, dependency.innerKind]
        if kinds.contains(.lazy) { return .lazy }
        if kinds.contains(.provider) { return .provider }
        if dependency.position.isDeferred { return .deferred }
        if kinds.contains(.many) { return .many }
        return kinds.contains(.optional) ? .optional : .plain
    }

    private static func reach(from starts: [Int], in graph: DependencyGraph) -> Set<Int> {
        var seen = Set(starts)
        var stack = starts
        while let next = stack.popLast() {
            for target in graph.referenceEdges[next] where seen.insert(target).inserted { stack.append(target) }
        }
        return seen
    }
}

/// Which edges the findings point at.
private struct Marks {
    private var cycleMembers: [Set<Int>] = []
    private var captive: Set<[Int]> = []

    init(report: DIValidationReport) {
        for finding in report.findings {
            switch finding.code {
            case .dependencyCycle:
                cycleMembers.append(Set(finding.involved.map(\.id)))
            case .captiveDependency:
                // The held component first, then any other holders sharing it. By code, not severity: an override
                // changes how serious a finding is, not what it found; `long-lived-holder` notes mark nothing.
                guard let target = finding.involved.first, let component = finding.component else { continue }
                for holder in [component] + finding.involved.dropFirst() {
                    captive.insert([holder.id, target.id])
                }
            default:
                continue
            }
        }
    }

    func mark(from: Int, to: Int) -> DIGraphExport.Edge.Mark? {
        if cycleMembers.contains(where: { $0.contains(from) && $0.contains(to) }) { return .cycle }
        if captive.contains([from, to]) { return .captive }
        return nil
    }
}
