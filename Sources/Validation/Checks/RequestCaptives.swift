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
    /// One edge of a path from a holder: its owner's dependency `dependency` resolving to `target`.
    private struct Step {
        let dependency: Int
        let target: Int
        let accessor: Accessor
    }

    /// Whether a dependency is a `Lazy` or a `Provider` (or holds one: `Lazy<P>?`, `[Provider<P>]`), which the path
    /// names and the finding explains.
    private enum Accessor {
        case none, lazy, provider
    }

    /// Reports them; returns the holds (holder, dependency) that lead to one, whose `long-lived-holder` note the error
    /// replaces.
    ///
    /// Each holder's dependency is reported once per request's instance it reaches, along a shortest path. The
    /// paths are found once per request's instance, not once per holder: a walk backwards from it through the
    /// components that keep nothing and that some holder reaches, so that thousands of holders of one long chain,
    /// or a chain that meets itself, cost the graph once and then what the findings print. Without holders reaching
    /// a request's instance, it is linear in the graph.
    func requestCaptives(_ context: CheckContext, into findings: inout [DIFinding]) -> Set<[Int]> {
        let graph = context.graph
        var holds: Set<[Int]> = []
        guard graph.components.contains(where: { $0.lifetime == .perRequest }) else { return holds }
        let keepsNone = graph.components.map(Self.keepsNoInstance)
        let keeps = graph.components.indices.map { steps(from: $0, graph) }
        let holders = graph.components.indices.filter {
            LifetimeOrder.keepsBeyondRequest(graph.components[$0].lifetime) && !keepsNone[$0]
        }
        let trails = trailsToRequests(from: holders.flatMap { keeps[$0].map(\.target) }, keeps, keepsNone, graph)
        for holder in holders {
            // Each of the holder's dependencies on its own: each is a fix of its own (a `Provider` there). One
            // dependency resolving to several components (`[P]`) reaches a request's instance once, the shortest way.
            var byDependency: [Int: [Int: [Step]]] = [:]
            for first in keeps[holder] {
                let reached: [(request: Int, trail: [Step])] =
                    graph.components[first.target].lifetime == .perRequest
                    ? [(first.target, [first])] : trails[first.target].map { ($0.request, [first] + $0.trail) }
                for (request, trail) in reached
                where byDependency[first.dependency]?[request].map({ trail.count < $0.count }) ?? true {
                    byDependency[first.dependency, default: [:]][request] = trail
                }
            }
            for (dependency, reached) in byDependency.sorted(by: { $0.key < $1.key }) {
                for (_, trail) in reached.sorted(by: { ($0.value.count, $0.key) < ($1.value.count, $1.key) }) {
                    findings.append(requestInstanceKept(holder, trail, context))
                }
                holds.insert([holder, dependency])
            }
        }
        return holds
    }

    /// Whether a component keeps no instance of its own, so that whoever holds it keeps what it was built with:
    /// prototype, objectGraph, and a weak lifetime of a value type, which nothing can hold weakly and the container
    /// builds anew every time (a protocol type may hide an object, which the weak lifetime keeps).
    private static func keepsNoInstance(_ component: DIComponentSnapshot) -> Bool {
        switch component.lifetime {
        case .prototype, .objectGraph: true
        default: component.lifetime.holdsWeakly && !component.isClass && !isExistential(component.info.type)
        }
    }

    /// For each component that keeps no instance and is reached from `entries` through such components, every
    /// `perRequest` component it reaches through them, each with a shortest path from it; empty for the rest.
    ///
    /// Memoised per component: one walk backwards from each request's instance found below the entries, through the
    /// components reached from them alone, gives every one of them its next step towards it; only the entries' paths
    /// are then spelled out.
    private func trailsToRequests(
        from entries: [Int], _ keeps: [[Step]], _ keepsNone: [Bool], _ graph: DependencyGraph
    ) -> [[(request: Int, trail: [Step])]] {
        let count = graph.components.count
        var trails = [[(request: Int, trail: [Step])]](repeating: [], count: count)
        // The components that keep nothing below the entries, found once for all holders, and the steps into them.
        var isEntry = [Bool](repeating: false, count: count)
        var below = [Bool](repeating: false, count: count)
        var pending: [Int] = []
        for entry in entries where keepsNone[entry] && !isEntry[entry] {
            isEntry[entry] = true
            below[entry] = true
            pending.append(entry)
        }
        var stepsInto = [[(owner: Int, step: Step)]](repeating: [], count: count)
        var requests: [Int] = []
        while let owner = pending.popLast() {
            for step in keeps[owner] {
                let target = step.target
                if graph.components[target].lifetime == .perRequest {
                    if stepsInto[target].isEmpty { requests.append(target) }
                } else if !keepsNone[target] {
                    continue  // A holder of its own.
                } else if !below[target] {
                    below[target] = true
                    pending.append(target)
                }
                stepsInto[target].append((owner, step))
            }
        }
        // Breadth first backwards from each request's instance: each component's first step found is on a shortest
        // path. One array for every walk, reset through the list of what the walk entered.
        var next = [Step?](repeating: nil, count: count)
        for request in requests.sorted() {
            var entered: [Int] = []
            var queue = [request]
            var head = 0
            while head < queue.count {
                let reached = queue[head]
                head += 1
                for (owner, step) in stepsInto[reached] where next[owner] == nil && owner != request {
                    next[owner] = step
                    entered.append(owner)
                    queue.append(owner)
                }
            }
            for start in entered where isEntry[start] {
                var trail: [Step] = []
                var at = start
                // Only the request's instance has no next step.
                while let step = next[at] {
                    trail.append(step)
                    at = step.target
                }
                trails[start].append((request, trail))
            }
            for owner in entered { next[owner] = nil }
        }
        return trails
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
            let accessor: Accessor = kinds.contains(.provider) ? .provider : kinds.contains(.lazy) ? .lazy : .none
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
                "the first request that builds \(consumer.typeName) gives it its \(target.typeName), which that "
                + "request disposes when it ends; every later request then gets \(consumer.typeName) with it"
        } else {
            why =
                "\(consumer.typeName) keeps \(keeps), so the first request that reaches \(target.typeName) through it "
                + "leaves its \(target.typeName) there, which that request disposes when it ends; every later request "
                + "then gets that one"
        }
        return DIFinding(
            code: .captiveDependency, severity: .error,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(target.typeName)` (perRequest)"
                + (through.isEmpty ? "" : " through " + through.joined(separator: " and "))
                + (trail.contains { $0.accessor == .provider }
                    ? ", so later requests reach the first one's instance through it"
                    : ", so it keeps one request's instance after that request ends"),
            component: consumer, context: graph.location(of: trail[0].dependency, in: holder),
            involved: trail.map { graph.components[$0.target] },
            path: context.hops(to: holder) + trail.map { graph.hop($0.target) },
            details: ["why: " + why],
            help: "give \(consumer.typeName) the lifetime perRequest, or inject "
                + "`Provider<\(codeSpelling(first.info.type))>` and call it inside each request, through its scope")
    }
}
