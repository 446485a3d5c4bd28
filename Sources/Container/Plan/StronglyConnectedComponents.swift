/// Tarjan's strongly connected components, iterative so that long chains cannot overflow the stack.
package enum StronglyConnectedComponents {
    /// The components of `edges` that contain a cycle: more than one member, or one member with an edge to
    /// itself. Linear in nodes plus edges.
    package static func cycles(in edges: [[Int]]) -> [[Int]] {
        let count = edges.count
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var nextIndex = 0
        var result: [[Int]] = []

        for start in 0..<count where index[start] < 0 {
            // Each frame is a node and the position of the next edge to visit.
            var frames: [(node: Int, edge: Int)] = [(start, 0)]
            index[start] = nextIndex
            lowLink[start] = nextIndex
            nextIndex += 1
            stack.append(start)
            onStack[start] = true
            while let (node, edge) = frames.last {
                if edge < edges[node].count {
                    frames[frames.count - 1].edge += 1
                    let next = edges[node][edge]
                    if index[next] < 0 {
                        index[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(next)
                        onStack[next] = true
                        frames.append((next, 0))
                    } else if onStack[next] {
                        lowLink[node] = min(lowLink[node], index[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { lowLink[parent.node] = min(lowLink[parent.node], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    members.append(member)
                    if member == node { break }
                }
                if members.count > 1 || edges[node].contains(node) { result.append(members.reversed()) }
            }
        }
        return result
    }
}
