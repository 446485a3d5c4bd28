import Tether

/// `unreachable`: once the app names roots (`.root()` marks and the options' `roots`, which add up), the
/// registrations nothing the app resolves can reach, as one note that lists them.
///
/// The roots given are all the entry points, unless the options' `infersEntryPoints` says the app marks only
/// some: then a registration nobody depends on that provides only its own type, without a name or tag, counts as
/// an entry point too (screens are resolved by their own type where they open), and the note lists those it
/// assumed, since each of them may be a leftover the inference hid.
struct UnreachableCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.unreachable] }

    /// How many registrations the note lists by name before it counts the rest.
    static let listed = 20

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        guard context.roots.hasRoots else { return }
        let graph = context.graph
        let assumed = context.infersEntryPoints ? entryPoints(in: graph, besides: context.roots.roots) : []
        // What is made elsewhere is an entry point: its maker asks for its injections.
        let injected = graph.components.filter(\.madeElsewhere).map(\.id)
        let reached = reachable(from: context.roots.roots + assumed + injected, in: graph)
        let unreached = graph.components.filter { !reached[$0.id] }
        let assumedComponents = assumed.map { graph.components[$0] }
        // A registration that suppresses the note keeps a note of its own, which the suppression then silences.
        for component in unreached where component.suppresses(.unreachable) {
            findings.append(finding(for: [component], assuming: assumedComponents, context))
        }
        let reported = unreached.filter { !$0.suppresses(.unreachable) }
        if !reported.isEmpty { findings.append(finding(for: reported, assuming: assumedComponents, context)) }
    }

    /// Registrations nobody depends on that provide only their own type, unnamed and untagged, other than `roots`.
    private func entryPoints(in graph: DependencyGraph, besides roots: [Int]) -> [Int] {
        let given = Set(roots)
        var dependedOn = [Bool](repeating: false, count: graph.components.count)
        for owner in graph.components.indices {
            for target in graph.referenceEdges[owner] where target != owner { dependedOn[target] = true }
        }
        return graph.components.filter { component in
            !dependedOn[component.id] && !given.contains(component.id)
                && component.provides.allSatisfy {
                    $0.name == nil && $0.tag == nil
                        && ObjectIdentifier($0.type) == ObjectIdentifier(component.info.type)
                }
        }.map(\.id)
    }

    private func reachable(from starts: [Int], in graph: DependencyGraph) -> [Bool] {
        var reached = [Bool](repeating: false, count: graph.components.count)
        var stack = starts
        for start in starts { reached[start] = true }
        while let node = stack.popLast() {
            for next in graph.referenceEdges[node] where !reached[next] {
                reached[next] = true
                stack.append(next)
            }
        }
        return reached
    }

    private func finding(
        for components: [DIComponentSnapshot], assuming assumed: [DIComponentSnapshot], _ context: CheckContext
    ) -> DIFinding {
        let first = components[0]
        let occurrences = components.map {
            DIFinding.Occurrence(
                component: $0, context: "registration of \($0.typeName)", path: [context.graph.hop($0.id)])
        }
        var details: [String] = []
        if components.count > 1 {
            details += listing(components.map { "unreachable: \($0.typeName) at \($0.info.site)" })
        }
        details += listing(assumed.map { "assumed entry point: \($0.typeName) at \($0.info.site)" })
        return DIFinding(
            code: .unreachable, severity: .note,
            message: components.count > 1
                ? "no root reaches \(components.count) registrations" : "no root reaches \(first.typeName)",
            component: first, context: occurrences[0].location.context, path: occurrences[0].path, details: details,
            help: components.count > 1
                ? "remove the ones left over, mark those the app resolves directly `.root()` or list their types in "
                    + "`DIValidationOptions.roots`, or suppress this note on each registration meant to stay"
                : "remove the registration, mark it `.root()` or list its type in `DIValidationOptions.roots` if the "
                    + "app resolves it directly, or suppress this note",
            occurrences: occurrences)
    }

    /// The first `listed` lines, and how many more there are.
    private func listing(_ lines: [String]) -> [String] {
        guard lines.count > Self.listed else { return lines }
        return lines.prefix(Self.listed) + ["... and \(lines.count - Self.listed) more"]
    }
}
