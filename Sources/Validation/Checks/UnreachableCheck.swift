import Tether

/// `unreachable`: once the app names roots (`.root()` marks and the options' `roots`, which add up), the
/// registrations nothing the app resolves can reach, as one note that lists them.
///
/// The roots a large app marks are rarely all its entry points: screens are resolved by their own type where
/// they open. So a registration nobody depends on that provides only its own type, without a name or tag,
/// counts as an entry point too. What is left is what nothing can ask for: a registration nobody depends on
/// that was bound `.as` another type, named or tagged (registered to be injected, and nothing asks for it), and
/// whatever only such registrations reach.
struct UnreachableCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.unreachable] }

    /// How many registrations the note lists by name before it counts the rest.
    static let listed = 20

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        guard context.roots.hasRoots else { return }
        let graph = context.graph
        let reached = reachable(from: context.roots.roots + entryPoints(in: graph), in: graph)
        let unreached = graph.components.filter { !reached[$0.id] }
        // A registration that suppresses the note keeps a note of its own, which the suppression then silences.
        for component in unreached where component.suppresses(.unreachable) {
            findings.append(finding(for: [component], context))
        }
        let reported = unreached.filter { !$0.suppresses(.unreachable) }
        if !reported.isEmpty { findings.append(finding(for: reported, context)) }
    }

    /// Registrations nobody depends on that provide only their own type, unnamed and untagged.
    private func entryPoints(in graph: DependencyGraph) -> [Int] {
        var dependedOn = [Bool](repeating: false, count: graph.components.count)
        for owner in graph.components.indices {
            for target in graph.referenceEdges[owner] where target != owner { dependedOn[target] = true }
        }
        return graph.components.filter { component in
            !dependedOn[component.id]
                && component.provides.allSatisfy {
                    $0.name == nil && $0.tag == nil && ObjectIdentifier($0.type) == ObjectIdentifier(component.info.type)
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

    private func finding(for components: [DIComponentSnapshot], _ context: CheckContext) -> DIFinding {
        let first = components[0]
        let occurrences = components.map {
            DIFinding.Occurrence(
                component: $0, location: "registration of \($0.typeName)", path: [context.graph.hop($0.id)])
        }
        guard components.count > 1 else {
            return DIFinding(
                code: .unreachable, severity: .info, message: "no root reaches \(first.typeName)", component: first,
                location: occurrences[0].location, path: occurrences[0].path,
                help: "remove the registration, mark it `.root()` if the app resolves it directly, or suppress this note",
                occurrences: occurrences)
        }
        var details = components.prefix(Self.listed).map { "unreachable: \($0.typeName) at \($0.info.site)" }
        if components.count > Self.listed { details.append("... and \(components.count - Self.listed) more") }
        return DIFinding(
            code: .unreachable, severity: .info, message: "no root reaches \(components.count) registrations",
            component: first, location: occurrences[0].location,
            path: occurrences[0].path, details: details,
            help: "remove the ones left over, mark those the app resolves directly `.root()` or list their types in "
                + "`DIValidationOptions.roots`, or suppress this note on each registration meant to stay",
            occurrences: occurrences)
    }
}
