import Tether

/// `container-retain-cycle`: in a child container, a strongly cached component that holds a `DIContainer`
/// registered as a component (itself, or through the prototypes and objectGraph instances it holds).
///
/// The container's cell keeps the component's instance, which keeps the container: nothing outside is needed to
/// keep the two alive, so dropping the container frees neither. A `Lazy` or `Provider` made for a dependency does
/// not keep its container (`ContainerHold`), so only a container the user handed out as a component closes such a
/// cycle. That costs nothing for an app's root container, which lives as long as the app, so only containers with
/// a parent, the ones made per screen, request or test and dropped again, are checked.
struct ContainerRetainCycleCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.containerRetainCycle] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        guard graph.components.contains(where: { $0.containerLevel > 0 }) else { return }
        // A parent's component resolved through the child is cached in the child too, unless the child overrides it.
        let overridden = Set(
            graph.components.filter { $0.containerLevel == 0 }.flatMap(\.provides).map(ProvidedKey.init))
        for consumer in graph.components where consumer.lifetime == .perContainer(.strong) {
            if consumer.containerLevel > 0, consumer.provides.allSatisfy({ overridden.contains(ProvidedKey($0)) }) {
                continue
            }
            guard let (holder, position) = deferredAccess(heldBy: consumer.id, in: graph) else { continue }
            let dependency = graph.components[holder].dependencies[position]
            let through = holder == consumer.id ? "" : " through `\(graph.components[holder].typeName)`"
            findings.append(
                DIFinding(
                    code: .containerRetainCycle, severity: .warning,
                    message: "`\(consumer.typeName)` (perContainer(.strong)) holds `\(dependency)`\(through), a "
                        + "container registered as a component: if it is the container that caches it, dropping the "
                        + "container frees neither",
                    component: consumer, context: graph.location(of: position, in: holder),
                    path: context.hops(to: consumer.id),
                    details: [
                        "why: the container's cell keeps \(consumer.typeName), and \(consumer.typeName) keeps the "
                            + "container, so a child container made per screen or request is never freed (a `Lazy` or "
                            + "`Provider` would not keep it)"
                    ],
                    help:
                        "take a `Provider` or `Lazy` of what \(consumer.typeName) resolves instead of the container, or "
                        + "give it the lifetime perContainer(.weak) or objectGraph; if this container lives as long as "
                        + "the app, suppress this finding with a reason"))
        }
    }

    private struct ProvidedKey: Hashable {
        let type: ObjectIdentifier
        let name: String?

        init(_ provided: DIProvidedType) {
            type = ObjectIdentifier(provided.type)
            name = provided.name
        }
    }

    /// The first dependency on a `DIContainer` of `consumer`, or of a prototype or objectGraph component its
    /// instance holds: the holder and the dependency's position.
    private func deferredAccess(heldBy consumer: Int, in graph: DependencyGraph) -> (Int, Int)? {
        var seen: Set<Int> = [consumer]
        var work = [consumer]
        while let holder = work.popLast() {
            let dependencies = graph.components[holder].dependencies
            let holdsContainer = { (dependency: DIDependency) in
                dependency.kind != .provider && dependency.innerKind != .provider
                    && ObjectIdentifier(dependency.type) == ObjectIdentifier(DIContainer.self)
            }
            if let position = dependencies.firstIndex(where: holdsContainer) {
                return (holder, position)
            }
            for edge in graph.executionEdges[holder] where seen.insert(edge.target).inserted {
                let lifetime = graph.components[edge.target].lifetime
                if lifetime == .prototype || lifetime == .objectGraph { work.append(edge.target) }
            }
        }
        return nil
    }
}
