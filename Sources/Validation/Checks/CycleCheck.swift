import Tether

/// `dependency-cycle`: a cycle that never ends, found with strongly connected components in linear time and
/// reported once per component group, with one shortest example cycle and the edge to defer.
///
/// Two kinds: a cycle of factory parameters and immediate injections, which needs a component while it is being
/// built whatever the lifetimes; and a cycle through deferred injections whose members are all built anew when
/// met again (prototypes), which keeps building forever. A cycle with a deferred edge (`Lazy`, `Provider`,
/// `.injection(cycle: true, ...)`) and a shared member ends, and is legal.
struct CycleCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.dependencyCycle] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        let construction = graph.constructionEdges.map { $0.map(\.target) }  // the shape the SCC search takes
        var onConstructionCycle = Set<Int>()
        for members in StronglyConnectedComponents.cycles(in: construction) {
            onConstructionCycle.formUnion(members)
            let cycle = shortestCycle(through: members, edges: graph.constructionEdges)
            findings.append(finding(cycle, members: members, context: context, neverEnds: false))
        }

        // A cycle of executed edges each of which builds its target anew repeats forever: an edge to a component
        // that keeps no instance, or a wrapper's edge to an objectGraph one (the wrapper resolves on its own).
        let fresh = graph.components.map { !LifetimeOrder.isShared($0) }
        let wrappers = graph.hasWrapperDependencies
        let renewing = graph.executionEdges.indices.map { owner -> [Int] in
            // Only a member built anew can be met again on such a cycle; with wrappers, an objectGraph one too.
            guard fresh[owner] || wrappers else { return [] }
            return graph.executionEdges[owner].compactMap { edge in
                let renews =
                    fresh[edge.target]
                    || (wrappers && graph.components[edge.target].lifetime == .objectGraph
                        && graph.isWrapper(edge, of: owner))
                return renews ? edge.target : nil
            }
        }
        for members in StronglyConnectedComponents.cycles(in: renewing)
        where onConstructionCycle.isDisjoint(with: members) {
            let cycle = shortestCycle(through: members, edges: graph.executionEdges)
            findings.append(finding(cycle, members: members, context: context, neverEnds: true))
        }
    }

    /// One shortest cycle through the first member of `members`, as the edges taken.
    private func shortestCycle(
        through members: [Int], edges: AdjacencyList<DependencyGraph.Edge>
    ) -> [(from: Int, edge: DependencyGraph.Edge)] {
        let inGroup = Set(members)
        let start = members.min()!
        var parent: [Int: (from: Int, edge: DependencyGraph.Edge)] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edges[node] where inGroup.contains(edge.target) {
                if edge.target == start {
                    var cycle = [(from: node, edge: edge)]
                    var current = node
                    while current != start, let step = parent[current] {
                        cycle.append(step)
                        current = step.from
                    }
                    return cycle.reversed()
                }
                if parent[edge.target] == nil && edge.target != start {
                    parent[edge.target] = (node, edge)
                    queue.append(edge.target)
                }
            }
        }
        preconditionFailure("a strongly connected group has a cycle through each member")
    }

    /// The finding for one group of components that reach each other: every member is involved; `cycle` is
    /// the example shown.
    private func finding(
        _ cycle: [(from: Int, edge: DependencyGraph.Edge)], members group: [Int], context: CheckContext,
        neverEnds: Bool
    ) -> DIFinding {
        let graph = context.graph
        let start = cycle[0].from
        let component = graph.components[start]
        let hops = cycle.map { graph.hop($0.from) } + [graph.hop(start)]
        let described = hops.map(\.description).joined(separator: " -> ")
        let members = group.sorted().map { graph.components[$0] }
        let throughWrapper = cycle.contains { graph.isWrapper($0.edge, of: $0.from) }
        if neverEnds {
            let help =
                throughWrapper
                ? "make a wrapper of the cycle `@LazyInjected`, or give one member a lifetime that keeps its instance "
                    + "(perContainer or longer): a wrapper resolves on its own, so an objectGraph instance is made anew"
                : "give one member of the cycle the lifetime objectGraph or longer, so the cycle meets it again"
            return DIFinding(
                code: .dependencyCycle, severity: .error,
                message:
                    "the cycle through `\(component.typeName)` never ends: every member is built anew when met again",
                component: component, context: "cycle among \(group.count) component\(group.count == 1 ? "" : "s")",
                involved: members, path: context.hops(to: start) + Array(hops.dropFirst()),
                details: [
                    "cycle: \(described)",
                    "why: deferring an edge lets a cycle end only where it meets a shared instance",
                ],
                help: help)
        }
        // Defer an injection or a completion if the cycle has one; otherwise a parameter, through Lazy or Provider.
        let deferred =
            cycle.first { step in
                if case .parameter = graph.components[step.from].dependencies[step.edge.dependency].position {
                    return false
                }
                return true
            } ?? cycle[cycle.count - 1]
        let owner = graph.components[deferred.from]
        let dependency = owner.dependencies[deferred.edge.dependency]
        let fix: String
        if case .injection(let property, _) = dependency.position {
            fix = "make it `.injection(cycle: true, \\.\(property))` on \(owner.typeName) at \(owner.info.site)"
        } else if case .wrapper(let property, _) = dependency.position {
            fix = "declare `\(property)` `@LazyInjected` in \(owner.typeName), so that it is resolved on its first read"
        } else if case .completion = dependency.position {
            fix = "make it `.completion(cycle: true) { ... }` on \(owner.typeName) at \(owner.info.site)"
        } else {
            fix =
                "take it as `Lazy<\(codeSpelling(dependency.type))>` or `Provider<\(codeSpelling(dependency.type))>` in \(owner.typeName) "
                + "at \(owner.info.site), or move it to `.injection(cycle: true, ...)`"
        }
        return DIFinding(
            code: .dependencyCycle, severity: .error,
            message: "`\(component.typeName)` is needed while it is still being built", component: component,
            context: "cycle among \(group.count) component\(group.count == 1 ? "" : "s")",
            involved: members, path: context.hops(to: start) + Array(hops.dropFirst()),
            details: [
                "cycle: \(described)",
                "defer: \(graph.location(of: deferred.edge.dependency, in: deferred.from)) (`\(dependency.typeName)`)",
            ],
            help: fix + "; the members that meet again need the lifetime objectGraph or longer")
    }
}
