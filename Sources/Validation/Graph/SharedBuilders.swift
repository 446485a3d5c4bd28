/// Which holders one resolve builds together: walking execution edges backwards from each, the first component
/// two of them meet at builds both (a holder may be it, when it builds the other).
struct SharedBuilders {
    /// For each component, the components whose resolve builds it directly.
    private let builtBy: [[Int]]

    init(_ graph: DependencyGraph) {
        var builtBy = [[Int]](repeating: [], count: graph.components.count)
        for owner in graph.components.indices {
            // A wrapper's resolve is its own: what it builds is not built with the owner's.
            for edge in graph.executionEdges[owner] where !graph.isWrapper(edge, of: owner) {
                builtBy[edge.target].append(owner)
            }
        }
        self.builtBy = builtBy
    }

    /// The holders some resolve builds together with another of them, and one component whose resolve does;
    /// `nil` when no resolve builds two of them.
    ///
    /// One walk for all holders: each component is claimed by the first holder to reach it and expanded only
    /// then; a later holder reaching it stops there, having met that holder. So the work is linear in the
    /// components and edges above the holders, however many holders there are.
    func holdersBuiltTogether(_ holders: [Int]) -> (Set<Int>, builder: Int)? {
        var reachedFrom: [Int: Int] = [:]
        var sharing = Set<Int>()
        var builder: Int?
        for holder in holders {
            var stack = [holder]
            while let node = stack.popLast() {
                if let other = reachedFrom[node] {
                    if other != holder {
                        sharing.formUnion([other, holder])
                        if builder == nil { builder = node }
                    }
                    continue
                }
                reachedFrom[node] = holder
                for next in builtBy[node] where reachedFrom[next] != holder { stack.append(next) }
            }
        }
        return builder.map { (sharing, $0) }
    }
}
