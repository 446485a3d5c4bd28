/// A list per node, stored flat: every node's items in one array, and where each node's run starts.
///
/// An array per node costs an allocation per node to build and one to free; for 100,000 components and four such
/// lists that was most of what validation spent beyond reading the graph.
package struct AdjacencyList<Item>: RandomAccessCollection {
    private var items: [Item] = []
    private var starts: [Int] = [0]

    package init() {}

    /// Adds `item` to the node being filled: the one after the last `endNode()`.
    mutating func append(_ item: Item) {
        items.append(item)
    }

    /// Closes the node being filled; the next `append` goes to the following node.
    mutating func endNode() {
        starts.append(items.count)
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { starts.count - 1 }

    /// The items of `node`.
    package subscript(node: Int) -> ArraySlice<Item> {
        items[starts[node]..<starts[node + 1]]
    }
}
