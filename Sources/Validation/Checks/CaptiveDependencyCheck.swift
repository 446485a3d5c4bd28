import Tether

/// `captive-dependency` and `long-lived-holder`: a component that lives longer than one of the dependencies it
/// holds, or than what it keeps through the prototype and objectGraph components it holds (`KeptChains`), which
/// keep nothing of their own: a holder keeps what they were built with as surely as its own dependencies.
///
/// Holding is not wrong in itself: a perContainer, perRun or single service that holds an objectGraph or prototype
/// helper owns its own copy, as a long-lived object owns its fields, and nothing expects it to be rebuilt. That is
/// the note `long-lived-holder`, a code of its own so that CI can fail on the real warnings alone. A perRun or
/// single service holding a perContainer instance is that note too, saying whose instance it keeps: the first
/// container's, which others registered on the same lines do not share. It is the
/// warning `captive-dependency` where the user loses something:
/// - a custom scope's instance held longer than the scope, whatever its type: cleaning the scope no longer ends
///   an object's life, and a value copied out of the scope stays stale beside the new one the scope makes;
/// - a weak lifetime's object held longer: the weak lifetime never gets to release it;
/// - one objectGraph instance held by two long-lived holders of different lifetimes that one resolve builds
///   together: they share it, where resolving them apart gives each its own, and one outlives the other with it;
///   or by two registrations that only hand that one instance out as two protocols, whose state then splits in
///   two when they are resolved apart. Holders of one lifetime that only use it (use cases sharing a repository)
///   end together with it, as Swinject's `.graph` scope shares it: the note `long-lived-holder`.
///
/// A concrete value type built anew for the holder is copied into it, so holding it loses nothing: no finding. A
/// protocol type may hide an object, so it counts as one. Consumers living one resolve (objectGraph) or less are
/// no keepers: what they hold is rebuilt with them. `Lazy` and `Provider` edges hold nothing, so they are the fix,
/// not a finding, except on the way to a request's instance (`requestCaptives`).
struct CaptiveDependencyCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.captiveDependency, .longLivedHolder] }

    /// One long-lived holder of a shorter-lived dependency.
    private struct Hold {
        let holder: Int
        /// The holder's dependency, and the component it keeps: the one it resolves to, or the end of `via`.
        let edge: DependencyGraph.Edge
        /// The components between them, which keep no instance of their own, for a hold through them.
        var via: [Int] = []
    }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        var notedHolds: [Hold] = []
        var graphHolders: [Int: [Hold]] = [:]
        for consumer in graph.components where LifetimeOrder.keepsBeyondRequest(consumer.lifetime) {
            var reported = Set<Int>()
            for edge in graph.executionEdges[consumer.id] {
                let dependency = graph.components[edge.target]
                guard LifetimeOrder.outlives(consumer.lifetime, dependency.lifetime),
                    reported.insert(edge.target).inserted
                else { continue }
                let hold = Hold(holder: consumer.id, edge: edge)
                let mayHoldObject = dependency.isClass || isExistential(dependency.info.type)
                // A wrapper's own resolve makes an objectGraph instance for this holder alone.
                let ownResolve = dependency.lifetime == .objectGraph && graph.isWrapper(edge, of: consumer.id)
                if !LifetimeOrder.isShared(dependency) || ownResolve {
                    // Built anew for every request (prototype, or a weak lifetime of what is no object): the
                    // holder's own, and a plain value copy is not worth a note.
                    if mayHoldObject { notedHolds.append(hold) }
                } else if dependency.lifetime == .perRequest {
                    continue  // `requestCaptives` reports it, with what holds a request's instance further down.
                } else if case .custom = dependency.lifetime {
                    findings.append(scopeEscapes(hold, context))
                } else if dependency.lifetime.holdsWeakly {
                    findings.append(weakHeldStrongly(hold, context))
                } else if case .perContainer = dependency.lifetime {
                    // The container's own instance, which every holder shares whatever resolve builds it.
                    if mayHoldObject { findings.append(containerInstanceKept(hold, context)) }
                } else if mayHoldObject {
                    // objectGraph: whether holders share it depends on which resolves build them together.
                    graphHolders[edge.target, default: []].append(hold)
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
        let chains = KeptChains(graph)
        let chainHolds = keptThroughChains(context, chains, into: &findings)
        let requestHolds = requestCaptives(context, chains, into: &findings)
        for hold in notedHolds
        where !requestHolds.contains([hold.holder, hold.edge.dependency])
            && !chainHolds.contains([hold.holder, hold.edge.dependency])
        {
            findings.append(ownCopy(hold, context))
        }
    }

    /// A custom scope's or a weak lifetime's instance kept through components that keep none of their own (`Cache`
    /// (single) -> `Formatter` (prototype) -> `Session` (custom)): the holder keeps them, and so what they were built
    /// with, as a direct hold would. Through their plain edges only, as for a direct hold: a `Lazy` or `Provider` is
    /// the fix. Returns the holds (holder, dependency) reported, whose `long-lived-holder` note the warning replaces.
    private func keptThroughChains(_ context: CheckContext, _ chains: KeptChains, into findings: inout [DIFinding])
        -> Set<[Int]>
    {
        let graph = context.graph
        let ends = graph.components.map { component -> Bool in
            guard !chains.keepsNone[component.id] else { return false }
            if case .custom = component.lifetime { return true }
            return component.lifetime.holdsWeakly
        }
        guard ends.contains(true) else { return [] }
        let steps = { (owner: Int) in
            graph.executionEdges[owner].map {
                KeptChains.Step(dependency: $0.dependency, target: $0.target, accessor: .none)
            }
        }
        var holds: Set<[Int]> = []
        // The direct holds are the loop's in `run`: here only those through at least one component.
        for trail in chains.trails(from: chains.holders(graph), steps: steps, isTarget: { ends[$0] })
        where trail.steps.count > 1
            && LifetimeOrder.outlives(graph.components[trail.holder].lifetime, graph.components[trail.target].lifetime)
        {
            let hold = Hold(
                holder: trail.holder, edge: DependencyGraph.Edge(target: trail.target, dependency: trail.dependency),
                via: trail.steps.dropLast().map(\.target))
            if case .custom = graph.components[trail.target].lifetime {
                findings.append(scopeEscapes(hold, context))
            } else {
                findings.append(weakHeldStrongly(hold, context))
            }
            holds.insert([trail.holder, trail.dependency])
        }
        return holds
    }

    /// " through `Formatter` (prototype)" for a hold through components, as request captives name them.
    private func through(_ hold: Hold, _ graph: DependencyGraph) -> String {
        guard !hold.via.isEmpty else { return "" }
        return " through "
            + hold.via.map { "`\(graph.components[$0].typeName)` (\(graph.components[$0].lifetime))" }
            .joined(separator: " and ")
    }

    /// The type a `Provider` at the holder would take: what it keeps first, so that each call builds it anew.
    private func providerSpelling(_ hold: Hold, _ graph: DependencyGraph) -> String {
        codeSpelling(graph.components[hold.via.first ?? hold.edge.target].info.type)
    }

    private func scopeEscapes(_ hold: Hold, _ context: CheckContext) -> DIFinding {
        let (consumer, dependency) = (context.graph.components[hold.holder], context.graph.components[hold.edge.target])
        return finding(
            hold, context, severity: .warning,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(dependency.typeName)` "
                + "(\(dependency.lifetime))\(through(hold, context.graph)), so cleaning the scope no longer ends it",
            why:
                "cleaning the scope drops its \(dependency.typeName), but the one \(consumer.typeName) got stays in use "
                + "as long as \(consumer.typeName) lives, beside the new one the scope makes",
            help:
                "inject `Provider<\(providerSpelling(hold, context.graph))>` and call it when needed (each call asks "
                + "the scope), or give "
                + "\(consumer.typeName) the same scope")
    }

    private func weakHeldStrongly(_ hold: Hold, _ context: CheckContext) -> DIFinding {
        let (consumer, dependency) = (context.graph.components[hold.holder], context.graph.components[hold.edge.target])
        return finding(
            hold, context, severity: .warning,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(dependency.typeName)` "
                + "(\(dependency.lifetime))\(through(hold, context.graph)), so its weak lifetime never releases it",
            why:
                "a weak lifetime lets \(dependency.typeName) go once nobody uses it, but \(consumer.typeName) keeps the "
                + "first one as long as \(consumer.typeName) lives",
            help:
                "inject `Provider<\(providerSpelling(hold, context.graph))>` and call it when needed, or give "
                + "\(dependency.typeName) a strong lifetime if it is meant to stay")
    }

    /// A perRun or single holder of a perContainer instance: the holder is reached from every container registered
    /// on its line, and keeps the instance of the one that built it. Harmless with one container for the app's
    /// life, so a note.
    private func containerInstanceKept(_ hold: Hold, _ context: CheckContext) -> DIFinding {
        let (consumer, dependency) = (context.graph.components[hold.holder], context.graph.components[hold.edge.target])
        return finding(
            hold, context, code: .longLivedHolder, severity: .note,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) keeps the `\(dependency.typeName)` "
                + "(\(dependency.lifetime)) of the container that first built it",
            why: "that \(dependency.typeName) is the container's shared instance, not \(consumer.typeName)'s own: "
                + "another container resolving \(consumer.typeName) gets the \(consumer.typeName) holding the first "
                + "container's \(dependency.typeName), not its own",
            help: "nothing to do if the app has one container; otherwise give \(consumer.typeName) the lifetime "
                + "\(dependency.lifetime), or \(dependency.typeName) the lifetime \(consumer.lifetime)")
    }

    private func ownCopy(_ hold: Hold, _ context: CheckContext) -> DIFinding {
        let (consumer, dependency) = (context.graph.components[hold.holder], context.graph.components[hold.edge.target])
        return finding(
            hold, context, code: .longLivedHolder, severity: .note,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) keeps its `\(dependency.typeName)` "
                + "(\(dependency.lifetime)) as long as it lives",
            why: "the \(dependency.typeName) built for \(consumer.typeName) is its own and nothing else holds it, as "
                + "with any field of a long-lived object",
            help:
                "nothing to do if \(consumer.typeName) may keep it; inject `Provider<\(codeSpelling(dependency.info.type))>` "
                + "if it "
                + "needs a new one each time")
    }

    private func sharedInstance(_ dependency: Int, _ holds: [Hold], _ builder: Int, _ context: CheckContext)
        -> DIFinding
    {
        let graph = context.graph
        let target = graph.components[dependency]
        let holders = holds.map { graph.components[$0.holder] }
        let named = holders.map { "`\($0.typeName)` (\($0.lifetime))" }
        // Holders of one lifetime that only use the instance (use cases sharing a repository) live and end together,
        // as Swinject's `.graph` shares it: a note. Holders of different lifetimes outlive each other with it, and
        // holders that hand the instance itself out as protocols split one object's state in two when resolved
        // apart: a warning.
        // Strong only: weak holders are released one by one, and one built again gets a new instance.
        let oneLifetime = Set(holders.map(\.lifetime)).count == 1 && !holders[0].lifetime.holdsWeakly
        let forwarders = holders.contains { isExistential($0.info.type) }
        let isNote = oneLifetime && !forwarders
        let occurrences = holds.map { hold in
            DIFinding.Occurrence(
                component: graph.components[hold.holder],
                context: graph.location(of: hold.edge.dependency, in: hold.holder),
                path: context.hops(to: hold.holder) + [graph.hop(dependency)])
        }
        return DIFinding(
            code: isNote ? .longLivedHolder : .captiveDependency, severity: isNote ? .note : .warning,
            message: named.dropLast().joined(separator: ", ") + " and \(named.last!) share one `\(target.typeName)` "
                + "(objectGraph) for as long as they live",
            component: holders[0], context: occurrences[0].location.context, involved: [target] + holders.dropFirst(),
            path: occurrences[0].path,
            details: occurrences.map { "holder: \($0.location.context) at \($0.location.site)" }
                + [
                    "why: resolving `\(graph.components[builder].typeName)` builds them in one resolve, which makes one "
                        + "\(target.typeName) for all; resolved apart, each would get its own"
                        + (isNote ? "; they have one lifetime, so they and it end together" : "")
                ],
            help: (isNote ? "nothing to do if they may share it; otherwise " : "")
                + "give \(target.typeName) the lifetime prototype if each should have its own, perContainer or single if "
                + "they are meant to share it, or inject `Provider<\(codeSpelling(target.info.type))>`"
                + forwardingHelp(target, holders),
            occurrences: occurrences)
    }

    /// For holders that are protocols (`{ (store: Store) -> any Reading in store }`): they may only hand the one
    /// instance out as other types, which one registration does with every instance shared.
    private func forwardingHelp(_ target: DIComponentSnapshot, _ holders: [DIComponentSnapshot]) -> String {
        guard holders.allSatisfy({ isExistential($0.info.type) }) else { return "" }
        let aliases = holders.map { ".as(\(metatypeSpelling($0.info.type)))" }.joined()
        return "; if they only hand out \(target.typeName) as other types, register it once with `\(aliases)` "
            + "instead of one registration per type"
    }

    private func finding(
        _ hold: Hold, _ context: CheckContext, code: DIFindingCode = .captiveDependency, severity: DIFinding.Severity,
        message: String, why: String, help: String
    ) -> DIFinding {
        let graph = context.graph
        return DIFinding(
            code: code, severity: severity, message: message, component: graph.components[hold.holder],
            context: graph.location(of: hold.edge.dependency, in: hold.holder),
            involved: [graph.components[hold.edge.target]] + hold.via.map { graph.components[$0] },
            path: context.hops(to: hold.holder) + (hold.via + [hold.edge.target]).map(graph.hop),
            details: ["why: " + why], help: help)
    }
}
