import Tether

/// What long-lived holders keep through the components that keep no instance of their own, for the captive checks:
/// a holder keeps such a component, and with it whatever that one was built with, as far as a chain of them goes.
///
/// The paths are found once per component reached, not once per holder: a walk backwards from each target through
/// the components that keep nothing and that some holder reaches, so that thousands of holders along one long chain,
/// or a chain that meets itself, cost the graph once and then what the findings print. Without a holder reaching a
/// target, linear in the graph. No recursion.
struct KeptChains {
    /// One edge of a path from a holder: its owner's dependency `dependency` resolving to `target`.
    struct Step {
        let dependency: Int
        let target: Int
        let accessor: Accessor
    }

    /// Whether a dependency is a `Lazy` or a `Provider` (or holds one: `Lazy<P>?`, `[Provider<P>]`), which the path
    /// names and the finding explains.
    enum Accessor {
        case none, lazy, provider
    }

    /// One path a finding reports: from `holder`'s dependency `dependency`, step by step, to a target.
    struct Trail {
        let holder: Int
        let dependency: Int
        let steps: [Step]
        var target: Int { steps.last!.target }
    }

    /// Whether each component keeps no instance of its own, so that whoever holds it keeps what it was built with.
    let keepsNone: [Bool]

    init(_ graph: DependencyGraph) {
        self.init(keepsNone: graph.components.map(Self.keepsNoInstance))
    }

    /// Over components of which only this is known, as a test that counts the work builds it.
    init(keepsNone: [Bool]) {
        self.keepsNone = keepsNone
    }

    /// Prototype, objectGraph, and a weak lifetime of a value type, which nothing can hold weakly and the container
    /// builds anew every time (a protocol type may hide an object, which the weak lifetime keeps).
    private static func keepsNoInstance(_ component: DIComponentSnapshot) -> Bool {
        switch component.lifetime {
        case .prototype, .objectGraph: true
        default: component.lifetime.holdsWeakly && !component.isClass && !isExistential(component.info.type)
        }
    }

    /// The components that outlive requests and keep their instance: the holders, in order.
    func holders(_ graph: DependencyGraph) -> [Int] {
        graph.components.indices.filter {
            LifetimeOrder.keepsBeyondRequest(graph.components[$0].lifetime) && !keepsNone[$0]
        }
    }

    /// For each of the holders' dependencies, each target it reaches, directly or through components that keep no
    /// instance, once, along a shortest path: holders and their dependencies in order, the shorter paths first. One
    /// dependency resolving to several components (`[P]`) reaches a target once, the shortest way. `steps` gives the
    /// edges a component keeps, asked once for each holder and each component below them, so that a graph whose
    /// holders reach nothing pays for no other; a target keeps its instance.
    func trails(from holders: [Int], steps: (Int) -> [Step], isTarget: (Int) -> Bool) -> [Trail] {
        let holderSteps = holders.map(steps)
        let below = trailsToTargets(from: holderSteps.joined().map(\.target), steps, isTarget)
        var found: [Trail] = []
        for (holder, kept) in zip(holders, holderSteps) {
            var byDependency: [Int: [Int: [Step]]] = [:]
            for first in kept {
                let reached: [(target: Int, steps: [Step])] =
                    isTarget(first.target)
                    ? [(first.target, [first])] : below[first.target].map { ($0.target, [first] + $0.steps) }
                for (target, trail) in reached
                where byDependency[first.dependency]?[target].map({ trail.count < $0.count }) ?? true {
                    byDependency[first.dependency, default: [:]][target] = trail
                }
            }
            for (dependency, reached) in byDependency.sorted(by: { $0.key < $1.key }) {
                for (_, trail) in reached.sorted(by: { ($0.value.count, $0.key) < ($1.value.count, $1.key) }) {
                    found.append(Trail(holder: holder, dependency: dependency, steps: trail))
                }
            }
        }
        return found
    }

    /// For each component that keeps no instance and is reached from `entries` through such components, every target
    /// it reaches through them, each with a shortest path from it; empty for the rest.
    ///
    /// Memoised per component: one walk backwards from each target found below the entries, through the components
    /// reached from them alone, gives every one of them its next step towards it; only the entries' paths are then
    /// spelled out.
    private func trailsToTargets(
        from entries: [Int], _ steps: (Int) -> [Step], _ isTarget: (Int) -> Bool
    ) -> [[(target: Int, steps: [Step])]] {
        let count = keepsNone.count
        var trails = [[(target: Int, steps: [Step])]](repeating: [], count: count)
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
        var targets: [Int] = []
        while let owner = pending.popLast() {
            for step in steps(owner) {
                let target = step.target
                if isTarget(target) {
                    if stepsInto[target].isEmpty { targets.append(target) }
                } else if !keepsNone[target] {
                    continue  // A holder of its own.
                } else if !below[target] {
                    below[target] = true
                    pending.append(target)
                }
                stepsInto[target].append((owner, step))
            }
        }
        // Breadth first backwards from each target: each component's first step found is on a shortest path. One
        // array for every walk, reset through the list of what the walk entered.
        var next = [Step?](repeating: nil, count: count)
        for target in targets.sorted() {
            var entered: [Int] = []
            var queue = [target]
            var head = 0
            while head < queue.count {
                let reached = queue[head]
                head += 1
                for (owner, step) in stepsInto[reached] where next[owner] == nil && owner != target {
                    next[owner] = step
                    entered.append(owner)
                    queue.append(owner)
                }
            }
            for start in entered where isEntry[start] {
                var trail: [Step] = []
                var at = start
                // Only the target has no next step.
                while let step = next[at] {
                    trail.append(step)
                    at = step.target
                }
                trails[start].append((target, trail))
            }
            for owner in entered { next[owner] = nil }
        }
        return trails
    }
}
