/// How many shared instances a resolve rooted at each component may hold, estimated once when a plan is built.
///
/// A resolve keeps the instances it shares (objectGraph members, and caching components with property
/// injections) in a buffer on its stack sized by this estimate, so the common resolve allocates nothing for
/// them. The estimate counts a component reached along two paths twice; it is an upper bound, capped at `limit`,
/// except on construction cycles, where it may fall short. A short estimate is still correct: the entries past
/// it spill to the heap.
enum GraphCapacity {
    /// 64 entries of 16 bytes: the largest buffer `withUnsafeTemporaryAllocation` keeps on the stack.
    static let limit = 64

    /// The estimate for every component, from the components each one builds while it is being built
    /// (`edges`) and what it counts itself (`own`): 1 when its instances are shared, or, for a component that
    /// stands in for what it builds, its own earlier estimate.
    static func estimates(edges: [[Int]], own: [Int]) -> [Int] {
        let unvisited = -1
        let inProgress = -2
        var estimate = [Int](repeating: unvisited, count: edges.count)
        // Iterative post-order, so that a chain of thousands of components does not exhaust the stack.
        for start in edges.indices where estimate[start] == unvisited {
            var stack: [(node: Int, nextEdge: Int)] = [(start, 0)]
            estimate[start] = inProgress
            while let (node, nextEdge) = stack.last {
                if nextEdge < edges[node].count {
                    stack[stack.count - 1].nextEdge += 1
                    let child = edges[node][nextEdge]
                    if estimate[child] == unvisited {
                        estimate[child] = inProgress
                        stack.append((child, 0))
                    }
                } else {
                    stack.removeLast()
                    let below = edges[node].reduce(0) { $0 + max(estimate[$1], 0) }
                    estimate[node] = min(limit, below + own[node])
                }
            }
        }
        return estimate
    }
}
