/// Shortest paths from the `.root()` registrations, so that a finding can show how the app reaches it.
struct RootPaths {
    private var parent: [Int?]
    private var reached: [Bool]
    /// Whether any registration is marked `.root()`.
    let hasRoots: Bool

    init(graph: DependencyGraph) {
        let count = graph.components.count
        parent = [Int?](repeating: nil, count: count)
        reached = [Bool](repeating: false, count: count)
        var queue = graph.components.filter(\.isRoot).map(\.id)
        hasRoots = !queue.isEmpty
        for root in queue { reached[root] = true }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in graph.referenceEdges[node] where !reached[next] {
                reached[next] = true
                parent[next] = node
                queue.append(next)
            }
        }
    }

    /// Whether a root reaches `component`.
    func isReached(_ component: Int) -> Bool { reached[component] }

    /// From the nearest root to `component`, or just `component` when no root reaches it.
    func path(to component: Int) -> [Int] {
        var path = [component]
        var current = component
        while let previous = parent[current] {
            path.append(previous)
            current = previous
        }
        return path.reversed()
    }
}
