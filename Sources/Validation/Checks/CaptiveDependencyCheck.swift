import Tether

/// `captive-dependency`: a component that lives longer than one of the dependencies it holds.
///
/// Holding is not wrong in itself: a perContainer, perRun or single service that holds an objectGraph or prototype
/// helper owns its own copy, as a long-lived object owns its fields, and nothing expects it to be rebuilt. That is
/// a note. It is a warning where the user loses something:
/// - a custom scope's instance held longer than the scope: cleaning the scope no longer ends its life;
/// - a weak lifetime's instance held longer: the weak lifetime never gets to release it;
/// - one objectGraph instance held by two long-lived holders that one resolve builds together: they share it,
///   where resolving them apart gives each its own.
///
/// A value type is copied into its holder, so holding it costs nothing: no finding. Consumers living one resolve
/// (objectGraph) or less are no keepers: what they hold is rebuilt with them. `Lazy` and `Provider` edges hold
/// nothing, so they are the fix, not a finding.
struct CaptiveDependencyCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.captiveDependency] }

    /// One long-lived holder of a shorter-lived dependency.
    private struct Hold {
        let holder: Int
        let edge: DependencyGraph.Edge
    }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        var notedHolds: [Hold] = []
        var graphHolders: [Int: [Hold]] = [:]
        for consumer in graph.components where LifetimeOrder.rank(consumer.lifetime) >= 2 {
            var reported = Set<Int>()
            for edge in graph.executionEdges[consumer.id] {
                let dependency = graph.components[edge.target]
                guard LifetimeOrder.outlives(consumer.lifetime, dependency.lifetime), dependency.isClass,
                    reported.insert(edge.target).inserted
                else { continue }
                let hold = Hold(holder: consumer.id, edge: edge)
                if case .custom = dependency.lifetime {
                    findings.append(scopeEscapes(hold, context))
                } else if dependency.lifetime.holdsWeakly {
                    findings.append(weakHeldStrongly(hold, context))
                } else if dependency.lifetime == .objectGraph, !isForwarding(consumer) {
                    graphHolders[edge.target, default: []].append(hold)
                } else {
                    notedHolds.append(hold)
                }
            }
        }
        // Walking the graph backwards is paid for only when some objectGraph instance has two long-lived holders.
        let builders = graphHolders.values.contains { $0.count > 1 } ? SharedBuilders(graph) : nil
        for (dependency, holds) in graphHolders.sorted(by: { $0.key < $1.key }) {
            guard holds.count > 1, let builders,
                let (sharing, builder) = builders.holdersBuiltTogether(holds.map(\.holder))
            else {
                notedHolds += holds
                continue
            }
            findings.append(sharedInstance(dependency, holds.filter { sharing.contains($0.holder) }, builder, context))
            notedHolds += holds.filter { !sharing.contains($0.holder) }
        }
        for hold in notedHolds { findings.append(ownCopy(hold, context)) }
    }

    /// A registration that hands out its only dependency as another type (`{ (imp: Imp) -> any P in imp }`):
    /// its instance is that dependency, so two forwarders of one objectGraph instance share it by design.
    private func isForwarding(_ component: DIComponentSnapshot) -> Bool {
        guard component.dependencies.count == 1, let only = component.dependencies.first, only.kind == .plain,
            case .parameter = only.position
        else { return false }
        return metatypeSpelling(component.info.type).hasPrefix("(any ")
    }

    private func scopeEscapes(_ hold: Hold, _ context: CheckContext) -> DIFinding {
        let (consumer, dependency) = (context.graph.components[hold.holder], context.graph.components[hold.edge.target])
        return finding(
            hold, context, severity: .warning,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(dependency.typeName)` "
                + "(\(dependency.lifetime)), so cleaning the scope no longer ends it",
            why: "cleaning the scope drops its \(dependency.typeName), but the one \(consumer.typeName) got stays in use "
                + "as long as \(consumer.typeName) lives, beside the new one the scope makes",
            help: "inject `Provider<\(dependency.typeName)>` and call it when needed (each call asks the scope), or give "
                + "\(consumer.typeName) the same scope")
    }

    private func weakHeldStrongly(_ hold: Hold, _ context: CheckContext) -> DIFinding {
        let (consumer, dependency) = (context.graph.components[hold.holder], context.graph.components[hold.edge.target])
        return finding(
            hold, context, severity: .warning,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(dependency.typeName)` "
                + "(\(dependency.lifetime)), so its weak lifetime never releases it",
            why: "a weak lifetime lets \(dependency.typeName) go once nobody uses it, but \(consumer.typeName) keeps the "
                + "first one as long as \(consumer.typeName) lives",
            help: "inject `Provider<\(dependency.typeName)>` and call it when needed, or give \(dependency.typeName) a "
                + "strong lifetime if it is meant to stay")
    }

    private func ownCopy(_ hold: Hold, _ context: CheckContext) -> DIFinding {
        let (consumer, dependency) = (context.graph.components[hold.holder], context.graph.components[hold.edge.target])
        return finding(
            hold, context, severity: .info,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) keeps its `\(dependency.typeName)` "
                + "(\(dependency.lifetime)) as long as it lives",
            why: "the \(dependency.typeName) built for \(consumer.typeName) is its own and nothing else holds it, as "
                + "with any field of a long-lived object",
            help: "nothing to do if \(consumer.typeName) may keep it; inject `Provider<\(dependency.typeName)>` if it "
                + "needs a new one each time")
    }

    private func sharedInstance(_ dependency: Int, _ holds: [Hold], _ builder: Int, _ context: CheckContext) -> DIFinding {
        let graph = context.graph
        let target = graph.components[dependency]
        let holders = holds.map { graph.components[$0.holder] }
        let named = holders.map { "`\($0.typeName)` (\($0.lifetime))" }
        return DIFinding(
            code: .captiveDependency, severity: .warning,
            message: named.dropLast().joined(separator: ", ") + " and \(named.last!) share one `\(target.typeName)` "
                + "(objectGraph) for as long as they live",
            component: holders[0], location: graph.location(of: holds[0].edge.dependency, in: holds[0].holder),
            involved: [target] + holders.dropFirst(),
            path: context.hops(to: holds[0].holder) + [graph.hop(dependency)],
            details: holds.map { "holder: \(graph.location(of: $0.edge.dependency, in: $0.holder)) at \(graph.components[$0.holder].info.site)" }
                + [
                    "why: resolving `\(graph.components[builder].typeName)` builds them in one resolve, which makes one "
                        + "\(target.typeName) for all; resolved apart, each would get its own"
                ],
            help: "give \(target.typeName) the lifetime prototype if each should have its own, perContainer or single if "
                + "they are meant to share it, or inject `Provider<\(target.typeName)>`")
    }

    private func finding(
        _ hold: Hold, _ context: CheckContext, severity: DIFinding.Severity, message: String, why: String, help: String
    ) -> DIFinding {
        let graph = context.graph
        return DIFinding(
            code: .captiveDependency, severity: severity, message: message, component: graph.components[hold.holder],
            location: graph.location(of: hold.edge.dependency, in: hold.holder),
            involved: [graph.components[hold.edge.target]],
            path: context.hops(to: hold.holder) + [graph.hop(hold.edge.target)], details: ["why: " + why], help: help)
    }
}
