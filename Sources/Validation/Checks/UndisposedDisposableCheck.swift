import Tether

/// `undisposed-disposable`: a `DIDisposable` component whose instances nobody disposes, because the container keeps
/// none of them: a prototype, a weak lifetime's, or an objectGraph instance that no component the container keeps
/// holds (which could dispose it with itself). `shutdown()` disposes only what the container keeps.
struct UndisposedDisposableCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.undisposedDisposable] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        let disposable = graph.components.map { !$0.madeElsewhere && isDisposableType($0.info.type) }
        guard disposable.contains(true) else { return }
        let held = heldByKeptComponents(graph)
        for component in graph.components where disposable[component.id] {
            let lifetime = component.lifetime
            let unkept =
                switch lifetime {
                case .prototype: true
                case .objectGraph: !held[component.id]
                default: lifetime.holdsWeakly
                }
            guard unkept else { continue }
            let type = component.typeName
            findings.append(
                DIFinding(
                    code: .undisposedDisposable, severity: .warning,
                    message: "\(type) is DIDisposable, and with the lifetime \(lifetime) nobody disposes it",
                    component: component, context: "lifetime of \(type)", path: context.hops(to: component.id),
                    details: [
                        "why: shutdown() disposes only the instances the container keeps, and it keeps no \(type)"
                    ],
                    help: "give it a strong lifetime the container keeps (`.lifetime(.perContainer(.strong))`, "
                        + "`.perRun(.strong)`, `.single`), or dispose each instance where it is used"))
        }
    }

    /// Whether each component is built while a component the container keeps (a strong cached lifetime or a custom
    /// scope) is built, directly or through components that keep nothing: that holder can dispose it with itself.
    private func heldByKeptComponents(_ graph: DependencyGraph) -> [Bool] {
        var held = [Bool](repeating: false, count: graph.components.count)
        var pending = graph.components.filter {
            $0.lifetime.isCaching && !$0.lifetime.holdsWeakly && $0.lifetime != .objectGraph
        }
        .map(\.id)
        while let owner = pending.popLast() {
            for edge in graph.executionEdges[owner] where !held[edge.target] {
                held[edge.target] = true
                if !graph.components[edge.target].lifetime.isCaching
                    || graph.components[edge.target].lifetime == .objectGraph
                {
                    pending.append(edge.target)
                }
            }
        }
        return held
    }
}
