import Tether

/// `async-factory` and `main-actor-isolated`: components whose factories a synchronous resolve cannot always call,
/// needed by components that it builds. The same codes as the runtime errors a resolve then throws.
///
/// - An async component that keeps no instance (prototype, objectGraph) cannot be made ahead of what needs it, so
///   nothing can build its consumers: an error, one per async component, naming the consumers.
/// - An async component that keeps its instance is made ahead by `resolveAsync` or
///   `initializeSingletonObjectsAsync()`; a synchronous resolve of a consumer works only after that: a note.
/// - A component not isolated to the main actor that keeps its instance and holds a main-actor one can be built
///   only on the main actor, and keeps, beyond it, an object that may be used only there: a warning per holder.
///   A main-actor one is built there, or handed out there only (see `resolvesOnlyOnTheMainActor`).
/// - Any other non-isolated consumer of a main-actor component resolves only on the main actor (or with `await`,
///   for one built there): a note, one per main-actor component.
/// - A `Lazy` or `Provider` of an async component that keeps no instance can never get one: its `get()` is
///   synchronous, and nothing makes the instance ahead: an error.
/// Async consumers are made by awaiting resolves, which handle both kinds and hop where they must (but never carry
/// an instance handed out on the main actor only away from it); main-actor consumers need no hop.
struct IsolationCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.asyncFactory, .mainActorIsolated] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        var asyncConsumers: [Int: [DependencyGraph.Edge]] = [:]
        var mainActorConsumers: [Int: [DependencyGraph.Edge]] = [:]
        var order: [Int] = []
        for consumer in graph.components {
            for edge in graph.executionEdges[consumer.id] {
                let target = graph.components[edge.target]
                if target.factoryKind == .asynchronous {
                    guard consumer.factoryKind != .asynchronous || !Self.keepsInstance(target) else { continue }
                    if asyncConsumers[edge.target] == nil { order.append(edge.target) }
                    asyncConsumers[edge.target, default: []].append(
                        DependencyGraph.Edge(target: consumer.id, dependency: edge.dependency))
                } else if Self.resolvesOnlyOnTheMainActor(consumer, needing: target) {
                    if Self.keepsInstance(consumer) {
                        findings.append(heldBeyondTheMainActor(consumer.id, edge, context))
                    } else {
                        if mainActorConsumers[edge.target] == nil { order.append(edge.target) }
                        mainActorConsumers[edge.target, default: []].append(
                            DependencyGraph.Edge(target: consumer.id, dependency: edge.dependency))
                    }
                }
            }
        }
        findings += deferredAccessesThatCannotResolve(context)
        for target in order {
            if let consumers = asyncConsumers[target] { findings.append(asyncDependency(target, consumers, context)) }
            if let consumers = mainActorConsumers[target] {
                findings.append(mainActorDependency(target, consumers, context))
            }
        }
    }

    /// The `Lazy` and `Provider` dependencies whose async target keeps no instance.
    private func deferredAccessesThatCannotResolve(_ context: CheckContext) -> [DIFinding] {
        let graph = context.graph
        var findings: [DIFinding] = []
        for consumer in graph.components {
            // A component's resolutions are a slice of one flat list, in `dependencies` order.
            for (position, resolution) in graph.resolutions[consumer.id].enumerated() {
                let dependency = consumer.dependencies[position]
                guard dependency.kind == .lazy || dependency.kind == .provider else { continue }
                let targets: [Int]
                switch resolution {
                case .one(let target): targets = [target]
                case .many(let all): targets = all
                default: continue
                }
                for target in targets {
                    let component = graph.components[target]
                    guard component.factoryKind == .asynchronous, !Self.keepsInstance(component) else { continue }
                    findings.append(
                        DIFinding(
                            code: .asyncFactory, severity: .error,
                            message: "`\(component.typeName)` has an async factory and the lifetime "
                                + "\(component.lifetime), so the `\(dependency.typeName)` of \(consumer.typeName) can "
                                + "never get it",
                            component: consumer, context: graph.location(of: position, in: consumer.id),
                            involved: [component], path: context.hops(to: consumer.id) + [graph.hop(target)],
                            details: [
                                "why: `get()` is synchronous, and nothing makes an instance that is not kept ahead"
                            ],
                            help: "give the registration at \(component.info.site) a lifetime that keeps its instance, "
                                + "or resolve `\(component.typeName)` with `try await container.resolveAsync()` where it "
                                + "is needed"))
                }
            }
        }
        return findings
    }

    /// Whether `consumer`, which the container builds off the main actor where it is resolved, can be built only on
    /// the main actor because of `target`: as a resolve decides it. A main-actor factory is built there (an awaiting
    /// resolve hops there for it, so only synchronous consumers are held to it); an instance handed out on the main
    /// actor only (`registerInstance` of an object that is not `Sendable`, `.lifetime(_:on:)`) is refused elsewhere
    /// to every consumer, awaiting or not. A type the container does not make (`registerWrappers(of:)`,
    /// `registerInjections(into:)`) is not a consumer here: its wrappers and injections resolve where it is made or
    /// used, as a top-level resolve does, which is the main actor for a `@MainActor` type, and no snapshot tells
    /// whether it is one.
    static func resolvesOnlyOnTheMainActor(_ consumer: DIComponentSnapshot, needing target: DIComponentSnapshot)
        -> Bool
    {
        guard consumer.factoryKind != .mainActor, !consumer.madeElsewhere else { return false }
        if target.handsOutOnMainActorOnly { return true }
        return target.factoryKind == .mainActor && consumer.factoryKind == .synchronous
    }

    /// How `component`, a dependency that resolves only on the main actor, is the main actor's, as findings say it.
    private func tiedToTheMainActor(_ component: DIComponentSnapshot) -> String {
        guard component.handsOutOnMainActorOnly else { return "is built on the main actor" }
        return component.isInstance
            ? "was registered on the main actor and is handed out there only"
            : "is shared as the main actor's and handed out there only"
    }

    /// Whether instances outlive the resolve that made them, so that an awaiting resolve can make one ahead.
    static func keepsInstance(_ component: DIComponentSnapshot) -> Bool {
        switch component.lifetime {
        case .prototype, .objectGraph: false
        default: !(component.lifetime.holdsWeakly && !component.isClass)
        }
    }

    /// The consumers (`Edge.target` is the consumer here) as occurrences, first first.
    private func occurrences(_ consumers: [DependencyGraph.Edge], of target: Int, _ context: CheckContext)
        -> [DIFinding.Occurrence]
    {
        consumers.map { consumer in
            DIFinding.Occurrence(
                component: context.graph.components[consumer.target],
                context: context.graph.location(of: consumer.dependency, in: consumer.target),
                path: context.hops(to: consumer.target) + [context.graph.hop(target)])
        }
    }

    private func names(_ consumers: [DIComponentSnapshot]) -> String {
        consumers.map { "`\($0.typeName)`" }.joined(separator: ", ")
    }

    private func neededBy(_ found: [DIFinding.Occurrence]) -> [String] {
        found.map { "needed by: \($0.location.context) at \($0.location.site)" }
    }

    private func asyncDependency(_ target: Int, _ consumers: [DependencyGraph.Edge], _ context: CheckContext)
        -> DIFinding
    {
        let component = context.graph.components[target]
        let holders = consumers.map { context.graph.components[$0.target] }
        let found = occurrences(consumers, of: target, context)
        let details = neededBy(found)
        guard Self.keepsInstance(component) else {
            return DIFinding(
                code: .asyncFactory, severity: .error,
                message: "`\(component.typeName)` has an async factory and the lifetime \(component.lifetime), so no "
                    + "resolve can build \(names(holders)), which need\(found.count == 1 ? "s" : "") it",
                component: holders[0], context: found[0].location.context,
                involved: [component], path: found[0].path,
                details: details + [
                    "why: a resolve makes an async instance before what needs it, and only one it keeps"
                ],
                help:
                    "give the registration at \(component.info.site) a lifetime that keeps its instance (perContainer, "
                    + "perRun, single or a custom scope), or make the consumer's factory `async` and resolve "
                    + "`\(component.typeName)` in it with `try await container.resolveAsync()`",
                occurrences: found)
        }
        return DIFinding(
            code: .asyncFactory, severity: .note,
            message:
                "`\(component.typeName)` has an async factory: a synchronous resolve of \(names(holders)) works "
                + "only once an awaiting resolve made it",
            component: component, context: "registration of \(component.typeName)",
            involved: holders, path: context.hops(to: target), details: details,
            help: "make it at launch with `try await container.initializeSingletonObjectsAsync()` (a single) or "
                + "`try await container.resolveAsync()`, or resolve its consumers with `resolveAsync`",
            occurrences: found)
    }

    private func mainActorDependency(_ target: Int, _ consumers: [DependencyGraph.Edge], _ context: CheckContext)
        -> DIFinding
    {
        let component = context.graph.components[target]
        let holders = consumers.map { context.graph.components[$0.target] }
        let found = occurrences(consumers, of: target, context)
        let handedOut = component.handsOutOnMainActorOnly
        return DIFinding(
            code: .mainActorIsolated, severity: .note,
            message:
                "`\(component.typeName)` \(tiedToTheMainActor(component)), so \(names(holders)), not isolated to it, "
                + "resolve\(found.count == 1 ? "s" : "") only there" + (handedOut ? "" : " or with `await`"),
            component: component, context: "registration of \(component.typeName)",
            involved: holders, path: context.hops(to: target), details: neededBy(found),
            help: handedOut
                ? "resolve them on the main actor: from `@MainActor` code (`resolveAsync` too), or inside "
                    + "`await MainActor.run { ... }`; elsewhere a resolve throws `main-actor-isolated`, awaiting or not"
                : "resolve them on the main actor or with `try await container.resolveAsync()`; elsewhere a "
                    + "synchronous resolve throws `main-actor-isolated`",
            occurrences: found)
    }

    private func heldBeyondTheMainActor(_ holder: Int, _ edge: DependencyGraph.Edge, _ context: CheckContext)
        -> DIFinding
    {
        let graph = context.graph
        let consumer = graph.components[holder]
        let component = graph.components[edge.target]
        return DIFinding(
            code: .mainActorIsolated, severity: .warning,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) is not isolated to the main actor but keeps "
                + "`\(component.typeName)`, which "
                + (component.handsOutOnMainActorOnly ? tiedToTheMainActor(component) : "is"),
            component: consumer, context: graph.location(of: edge.dependency, in: holder), involved: [component],
            path: context.hops(to: holder) + [graph.hop(edge.target)],
            details: [
                "why: it can be built only on the main actor, wherever it is first resolved, and it holds a main-actor "
                    + "object that it may use only there"
            ],
            help: "isolate `\(consumer.typeName)` to the main actor (register a `@MainActor` type or closure), or take "
                + "`Provider<\(codeSpelling(component.info.type))>` and get it on the main actor when needed"
                + (component.isInstance
                    ? ", or make `\(component.typeName)` `Sendable`, which the other `registerInstance` shares on any "
                        + "thread" : ""))
    }
}
