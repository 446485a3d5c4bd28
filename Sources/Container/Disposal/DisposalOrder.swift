/// The order a shutdown disposes instances in: each before the instances it depends on, and, among instances that
/// do not depend on each other, the newer first.
///
/// Creation order alone would put a dependency after its dependent only when the dependency was made during the
/// dependent's creation; one reached through `Lazy`, `Provider` or a property wrapper may be made later. So the order
/// follows the registrations' recorded dependencies (through components that keep nothing, such as prototypes), and
/// creation order breaks the ties. Linear in registrations and dependencies: one depth-first walk, without recursion,
/// so that a deep chain cannot exhaust the stack.
struct DisposalOrder {
    /// A registration, by its place in `levels`.
    private struct Node: Hashable {
        let level: Int
        let index: Int
    }

    private let registrations: [[Registration]]
    /// Each registration's place, by identity.
    private var node: [Int: Node] = [:]
    /// The registrations providing each type under each name (`nil`: unnamed), with or without tags: a tagged
    /// request may get fewer, never others.
    private var providers: [ProviderKey: [Node]] = [:]
    /// The property wrappers of the registered types, read once per type.
    private var wrappers = WrapperFields()

    /// Prepares the walk over `levels` (a container's registrations and its ancestors'; see
    /// `registrationsWithAncestors`).
    init(_ levels: [RegistrationLevel]) {
        registrations = levels.map(\.registrations)
        for (level, group) in registrations.enumerated() {
            for (index, registration) in group.enumerated() {
                node[registration.id] = Node(level: level, index: index)
                for provided in registration.provided where provided.tag == nil {
                    let key = ProviderKey(type: ObjectIdentifier(provided.type), name: provided.name)
                    providers[key, default: []].append(Node(level: level, index: index))
                }
            }
        }
    }

    /// The registration with identity `id`, if it is among the levels.
    func registration(_ id: Int) -> Registration? {
        node[id].map { registrations[$0.level][$0.index] }
    }

    /// Orders `kept`, the instances to dispose, each with the registration (by identity) that made it and when it
    /// was stored; an instance whose registration is not among the levels keeps its place by creation order.
    mutating func order<Instance>(_ kept: [(registration: Int, storedAt: UInt, instance: Instance)]) -> [Instance] {
        var keptAt: [Node: [Instance]] = [:]
        var roots: [(storedAt: UInt, node: Node?, instance: Instance)] = []
        for item in kept {
            let found = node[item.registration]
            if let found { keptAt[found, default: []].append(item.instance) }
            roots.append((item.storedAt, found, item.instance))
        }
        roots.sort { $0.storedAt < $1.storedAt }
        // Post-order: an instance comes after everything it depends on; reversed, before.
        var postOrder: [Instance] = []
        postOrder.reserveCapacity(kept.count)
        var visited: Set<Node> = []
        // One stack for every walk, emptied by each.
        var stack: [(node: Node, next: [Node].Index, edges: [Node])] = []
        for root in roots {
            guard let start = root.node else {
                postOrder.append(root.instance)
                continue
            }
            guard visited.insert(start).inserted else { continue }
            stack.append((start, 0, dependencies(of: start)))
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].edges.count {
                    let edge = stack[top].edges[stack[top].next]
                    stack[top].next += 1
                    if visited.insert(edge).inserted { stack.append((edge, 0, dependencies(of: edge))) }
                } else {
                    postOrder += keptAt[stack[top].node] ?? []
                    stack.removeLast()
                }
            }
        }
        return postOrder.reversed()
    }

    /// The registrations that may provide what the registration at `node` depends on.
    private mutating func dependencies(of node: Node) -> [Node] {
        let registration = registrations[node.level][node.index]
        let dependencies = registration.dependencies + wrappers.dependencies(of: registration.info.type)
        return dependencies.flatMap { dependency -> [Node] in
            guard dependency.kind != .argument else { return [] }
            return providers[ProviderKey(type: ObjectIdentifier(dependency.type), name: dependency.name)] ?? []
        }
    }
}
