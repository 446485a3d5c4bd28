import Tether

/// `captive-dependency` errors for a request's instance kept beyond the request: a component that outlives requests
/// (perContainer, perRun, single, a custom scope) reaching a `perRequest` one through what it keeps.
///
/// What it keeps is more than its direct dependencies. A prototype or objectGraph component it was built with keeps no
/// instance of its own, but the holder keeps that one, and with it whatever it was built with: `Cache` (single) ->
/// `Formatter` (prototype) -> `UnitOfWork` (perRequest) keeps the first request's unit of work as surely as a direct
/// edge. A `Lazy` keeps the first value it resolves, in whatever request first reads it, and hands it to every
/// later one, after that request disposed it. A `Provider` keeps nothing and resolves in the request that calls it:
/// the fix, not a finding. The walk stops at a component that keeps its own instance, which is a holder of its own.
extension CaptiveDependencyCheck {
    /// One edge of a path from a holder: its owner's dependency `dependency` resolving to `target`.
    private struct Step {
        let dependency: Int
        let target: Int
        /// Whether the dependency is a `Lazy` (or holds one: `Lazy<P>?`, `[Lazy<P>]`).
        let isLazy: Bool
    }

    /// Reports them; returns the holds (holder, dependency) that lead to one, whose `long-lived-holder` note the error
    /// replaces.
    ///
    /// Linear in the graph when nothing is wrong: the walks enter only the components that keep no instance and lead
    /// to a request's instance, found once, backwards from the `perRequest` components.
    func requestCaptives(_ context: CheckContext, into findings: inout [DIFinding]) -> Set<[Int]> {
        let graph = context.graph
        var holds: Set<[Int]> = []
        guard graph.components.contains(where: { $0.lifetime == .perRequest }) else { return holds }
        let keeps = graph.components.indices.map { steps(from: $0, graph) }
        let leads = middlesLeadingToRequests(keeps, graph)
        for holder in graph.components where LifetimeOrder.keepsBeyondRequest(holder.lifetime) {
            // Each of the holder's dependencies on its own: each is a fix of its own (a `Provider` there).
            var reported: Set<[Int]> = []
            for first in keeps[holder.id]
            where graph.components[first.target].lifetime == .perRequest || leads[first.target] {
                // Breadth first, so that each request's instance is reported along a shortest path; each step
                // with the index of the one before it.
                var walked: [(step: Step, previous: Int?)] = [(first, nil)]
                var next = 0
                var expanded: Set<Int> = [holder.id]
                while next < walked.count {
                    let (step, index) = (walked[next].step, next)
                    next += 1
                    if graph.components[step.target].lifetime == .perRequest {
                        guard reported.insert([first.dependency, step.target]).inserted else { continue }
                        var trail = [step]
                        var previous = walked[index].previous
                        while let at = previous {
                            trail.insert(walked[at].step, at: 0)
                            previous = walked[at].previous
                        }
                        findings.append(requestInstanceKept(holder.id, trail, context))
                        holds.insert([holder.id, first.dependency])
                    } else if leads[step.target], expanded.insert(step.target).inserted {
                        walked += keeps[step.target].map { ($0, index) }
                    }
                }
            }
        }
        return holds
    }

    /// Whether each component keeps no instance (prototype, objectGraph) and reaches a `perRequest` one through
    /// such components: where a holder's walk may find one.
    private func middlesLeadingToRequests(_ keeps: [[Step]], _ graph: DependencyGraph) -> [Bool] {
        var reachedFrom = [[Int]](repeating: [], count: graph.components.count)
        for owner in keeps.indices {
            for step in keeps[owner] { reachedFrom[step.target].append(owner) }
        }
        var leads = [Bool](repeating: false, count: graph.components.count)
        var pending = graph.components.filter { $0.lifetime == .perRequest }.map(\.id)
        while let reached = pending.popLast() {
            for owner in reachedFrom[reached] where !leads[owner] {
                let lifetime = graph.components[owner].lifetime
                guard lifetime == .prototype || lifetime == .objectGraph else { continue }
                leads[owner] = true
                pending.append(owner)
            }
        }
        return leads
    }

    /// What `owner` keeps an instance of: each dependency but a `Provider` (which resolves anew in its caller's
    /// request) and a runtime argument, to each component it may resolve to.
    private func steps(from owner: Int, _ graph: DependencyGraph) -> [Step] {
        let dependencies = graph.components[owner].dependencies
        return zip(dependencies.indices, graph.resolutions[owner]).flatMap { index, resolution -> [Step] in
            let dependency = dependencies[index]
            let kinds = [dependency.kind, dependency.innerKind]
            guard dependency.kind != .argument, !kinds.contains(.provider) else { return [] }
            let targets: [Int] =
                switch resolution {
                case .one(let target), .needsArguments(let target): [target]
                case .many(let targets): targets
                case .argument, .absent, .missing, .ambiguous, .multipleDefaults, .unchecked: []
                }
            return targets.map { Step(dependency: index, target: $0, isLazy: kinds.contains(.lazy)) }
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
            let name = step.isLazy ? "Lazy<\(component.typeName)>" : component.typeName
            // The request's instance is named on its own, unless a `Lazy` of it is what keeps it.
            if index == trail.count - 1 { return step.isLazy ? "`\(name)`" : nil }
            return "`\(name)` (\(component.lifetime))"
        }
        let keeps =
            trail.contains(where: \.isLazy)
            ? "what it was built with, and a `Lazy` the first value it resolves" : "what it was built with"
        return DIFinding(
            code: .captiveDependency, severity: .error,
            message: "`\(consumer.typeName)` (\(consumer.lifetime)) holds `\(target.typeName)` (perRequest)"
                + (through.isEmpty ? "" : " through " + through.joined(separator: " and "))
                + ", so it keeps one request's instance after that request ends",
            component: consumer, context: graph.location(of: trail[0].dependency, in: holder),
            involved: trail.map { graph.components[$0.target] },
            path: context.hops(to: holder) + trail.map { graph.hop($0.target) },
            details: [
                "why: "
                    + (through.isEmpty
                        ? "the first request that builds \(consumer.typeName) gives it its \(target.typeName), which "
                            + "that request disposes when it ends; every later request then gets \(consumer.typeName) "
                            + "with it"
                        : "\(consumer.typeName) keeps \(keeps), so the first request that reaches \(target.typeName) "
                            + "through it leaves its \(target.typeName) there, which that request disposes when it "
                            + "ends; every later request then gets that one")
            ],
            help: "give \(consumer.typeName) the lifetime perRequest, or inject "
                + "`Provider<\(codeSpelling(first.info.type))>` and call it inside each request, through its scope")
    }
}
