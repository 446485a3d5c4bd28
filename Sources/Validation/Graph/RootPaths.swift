/// Shortest paths from the roots (the `.root()` registrations and the providers of the options' `roots`), so that
/// a finding can show how the app reaches it.
struct RootPaths {
    private var parent: [Int?]
    /// The roots, in registration order.
    let roots: [Int]

    init(graph: DependencyGraph, roots: [Int]) {
        self.roots = roots
        parent = [Int?](repeating: nil, count: graph.components.count)
        var reached = [Bool](repeating: false, count: graph.components.count)
        var queue = roots
        for root in roots { reached[root] = true }
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

    /// Whether any registration is a root.
    var hasRoots: Bool { !roots.isEmpty }

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
