import Tether

/// `captive-dependency` errors for a request's instance kept beyond the request: a component that outlives requests
/// (perContainer, perRun, single, a custom scope) reaching a `perRequest` one through what it keeps.
///
/// What it keeps is more than its direct dependencies. A component that keeps no instance of its own (prototype,
/// objectGraph, a weak lifetime of a value type, which is built anew every time) is kept by the holder built with
/// it, and with it whatever it was built with: `Cache` (single) -> `Formatter` (prototype) -> `UnitOfWork`
/// (perRequest) keeps the first request's unit of work as surely as a direct edge. A `Lazy` keeps the first value it
/// resolves, in whatever request first reads it, and hands it to every later one, after that request disposed it. A
/// holder's `Provider` keeps nothing and resolves in the request scope of the resolve that calls it: the fix, not a
/// finding. A `Provider` made in a request for a prototype or objectGraph component remembers that request, which it
/// enters again when called outside a resolve through a scope (`DeferredAccess`): kept by the holder with its owner,
/// it reaches the first request's instance from later ones. The walk stops at a component that keeps its own
/// instance, which is a holder of its own.
extension CaptiveDependencyCheck {
    private typealias Step = KeptChains.Step

    /// Reports them; returns the holds (holder, dependency) that lead to one, whose `long-lived-holder` note the error
    /// replaces. Each holder's dependency is reported once per request's instance it reaches, along a shortest path.
    func requestCaptives(_ context: CheckContext, _ chains: KeptChains, into findings: inout [DIFinding]) -> Set<[Int]>
    {
        let graph = context.graph
        guard graph.components.contains(where: { $0.lifetime == .perRequest }) else { return [] }
        let trails = chains.trails(
            from: chains.holders(graph), steps: { steps(from: $0, graph) },
            isTarget: { graph.components[$0].lifetime == .perRequest })
        for trail in trails { findings.append(requestInstanceKept(trail.holder, trail.steps, context)) }
        return Set(trails.map { [$0.holder, $0.dependency] })
    }

    /// What `owner` keeps an instance of, or a request through: each dependency but a runtime argument, to each
    /// component it may resolve to. A `Provider` only where the engine has it remember the request it was made in:
    /// for a prototype or objectGraph owner; a holder's resolves in its caller's request.
    private func steps(from owner: Int, _ graph: DependencyGraph) -> [Step] {
        let dependencies = graph.components[owner].dependencies
        let remembersRequest = [.prototype, .objectGraph].contains(graph.components[owner].lifetime)
        return zip(dependencies.indices, graph.resolutions[owner]).flatMap { index, resolution -> [Step] in
            let dependency = dependencies[index]
            let kinds = [dependency.kind, dependency.innerKind]
            let accessor: KeptChains.Accessor =
                kinds.contains(.provider) ? .provider : kinds.contains(.lazy) ? .lazy : .none
            guard dependency.kind != .argument, accessor != .provider || remembersRequest else { return [] }
            let targets: [Int] =
                switch resolution {
                case .one(let target), .needsArguments(let target): [target]
                case .many(let targets): targets
                case .argument, .absent, .missing, .ambiguous, .multipleDefaults, .unchecked: []
                }
            return targets.map { Step(dependency: index, target: $0, accessor: accessor) }
        }
    }

    /// A holder that outlives requests keeping one request's instance: it hands that request's unit of work to
    /// every later request, after the first one disposed it. An error: no app means it.
    private func requestInstanceKept(_ holder: Int, _ trail: [Step], _ context: CheckContext) -> DIFinding {
        let graph = context.graph
        let consumer = graph.components[holder]
        let target = graph.components[trail.last!.target]
        let first = graph.components[trail[0].target]
        let through = trail.enumerated().compactMap { index, step -> String? in
            let component = graph.components[step.target]
            let name =
                switch step.accessor {
                case .none: component.typeName
                case .lazy: "Lazy<\(component.typeName)>"
                case .provider: "Provider<\(component.typeName)>"
                }
            // The request's instance is named on its own, unless an accessor of it is what keeps it.
            if index == trail.count - 1 { return step.accessor == .none ? nil : "`\(name)`" }
            return "`\(name)` (\(component.lifetime))"
        }
        let keeps =
            trail.contains { $0.accessor == .lazy }
            ? "what it was built with, and a `Lazy` the first value it resolves" : "what it was built with"
        // A request input is the request's value, not an instance it disposes: the holder keeps it all the same.
        let isInput = target.factoryKind == .requestInput
        let ends = isInput ? "which belongs to that request only" : "which that request disposes when it ends"
        let why: String
        if let provider = trail.firstIndex(where: { $0.accessor == .provider }) {
            // Never the first step: a holder's own `Provider` is no step.
            let owner = graph.components[trail[provider - 1].target]
            why =
                "the first request that builds \(consumer.typeName) makes the `Provider` of \(owner.typeName) "
                + "(\(owner.lifetime)), which remembers that request and enters it again when called outside a "
                + "resolve through a scope; \(consumer.typeName) keeps it, so later requests calling it there get the "
                + "first one's \(target.typeName) while that request runs, and outside-request-scope once it ends"
        } else if through.isEmpty {
            why =
                "the first request that builds \(consumer.typeName) gives it its \(target.typeName), \(ends); "
                + "every later request then gets \(consumer.typeName) with it"
        } else {
            why =
                "\(consumer.typeName) keeps \(keeps), so the first request that reaches \(target.typeName) through it "
                + "leaves its \(target.typeName) there, \(ends); every later request then "
                + "gets that one"
        }
        return DIFinding(
            code: .captiveDependency, severity: .error,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(target.typeName)` "
                + (isInput ? "(a request input)" : "(perRequest)")
                + (through.isEmpty ? "" : " through " + through.joined(separator: " and "))
                + (trail.contains { $0.accessor == .provider }
                    ? ", so later requests reach the first one's instance through it"
                    : ", so it keeps one request's \(isInput ? "value" : "instance") after that request ends"),
            component: consumer, context: graph.location(of: trail[0].dependency, in: holder),
            involved: trail.map { graph.components[$0.target] },
            path: context.hops(to: holder) + trail.map { graph.hop($0.target) },
            details: ["why: " + why],
            help: "give \(consumer.typeName) the lifetime perRequest, or inject "
                + "`Provider<\(codeSpelling(first.info.type))>` and call it inside each request, through its scope")
    }
}
