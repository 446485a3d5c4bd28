import Tether

/// `captive-dependency`: a component that lives longer than one of the dependencies it holds, keeping that
/// dependency alive past its lifetime (a singleton holding a per-request object, a perContainer holding a
/// prototype forever, a perRun holding an object of a scope that gets cleaned).
///
/// Consumers living one resolve (objectGraph) or less are not captives' keepers: what they hold is rebuilt
/// with them. `Lazy` and `Provider` edges hold nothing, so they are the fix, not a finding.
struct CaptiveDependencyCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.captiveDependency] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        for consumer in graph.components where LifetimeOrder.rank(consumer.lifetime) >= 2 {
            var reported = Set<Int>()
            for edge in graph.executionEdges[consumer.id] {
                let dependency = graph.components[edge.target]
                guard LifetimeOrder.outlives(consumer.lifetime, dependency.lifetime),
                    reported.insert(edge.target).inserted
                else { continue }
                findings.append(
                    DIFinding(
                        code: .captiveDependency, severity: .warning,
                        message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(dependency.typeName)` "
                            + "(\(dependency.lifetime)), which should live shorter",
                        component: consumer, location: graph.location(of: edge.dependency, in: consumer.id),
                        involved: [dependency], path: context.hops(to: consumer.id) + [graph.hop(edge.target)],
                        details: [
                            "why: the \(dependency.typeName) made for the first \(consumer.typeName) is kept as long as "
                                + "\(consumer.typeName) lives, so it outlives its own lifetime and is shared where a new one is expected"
                        ],
                        help: "shorten \(consumer.typeName)'s lifetime, lengthen \(dependency.typeName)'s to at least "
                            + "\(consumer.lifetime), or inject `Provider<\(dependency.typeName)>` and call it when needed"))
            }
        }
    }
}
