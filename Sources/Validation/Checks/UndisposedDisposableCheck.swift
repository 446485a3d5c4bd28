import Tether

/// `undisposed-disposable`: a `DIDisposable` component whose instances nobody disposes, because the container keeps
/// none of them: a prototype, a weak lifetime's, or an objectGraph instance that no component the container keeps
/// holds (which could dispose it with itself). `shutdown()` disposes only what the container keeps.
///
/// A component is disposable when its registered type is, or a type it is provided as (`.as((any Session).self)`):
/// a resolve as that type casts every instance it hands out to it, so the instances are disposable whatever the
/// registered type says (`any Named`, a base class).
struct UndisposedDisposableCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.undisposedDisposable] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        let disposable = graph.components.map { component -> DisposableAs? in
            guard !component.madeElsewhere else { return nil }
            if isDisposableType(component.info.type) { return .itself }
            return component.provides.first { isDisposableType($0.type) }.map { .alias($0.typeName) }
        }
        guard disposable.contains(where: { $0 != nil }) else { return }
        let held = heldByKeptComponents(graph)
        for component in graph.components {
            guard let disposableAs = disposable[component.id] else { continue }
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
                    message: "\(type)\(disposableAs.qualifier) is DIDisposable, and with the lifetime \(lifetime) "
                        + "nobody disposes it",
                    component: component, context: "lifetime of \(type)", path: context.hops(to: component.id),
                    details: [
                        "why: shutdown() disposes only the instances the container keeps, and it keeps no \(type)"
                    ],
                    help: "give it a strong lifetime the container keeps (`.lifetime(.perContainer(.strong))`, "
                        + "`.perRun(.strong)`, `.single`), or dispose each instance where it is used"))
        }
    }

    /// What makes a component's instances disposable.
    private enum DisposableAs: Equatable {
        /// Its registered type.
        case itself
        /// A type it is provided as, named so that the finding says why a type that is not disposable is reported.
        case alias(String)

        var qualifier: String {
            switch self {
            case .itself: ""
            case .alias(let name): " (provided as \(name))"
            }
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
