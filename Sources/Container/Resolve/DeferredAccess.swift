/// What a `Lazy` and a `Provider` hold, and how either resolves its value: the provision it was bound to (bound
/// again when the registry changed), the container that keeps that provision's plan alive (held as `ContainerHold`
/// says), the instance of the objectGraph root the resolve that made it built, and the runtime arguments of the
/// top-level request that asked for it.
struct DeferredAccess<Value>: Sendable {
    private let container: ContainerHold
    private let access: DeferredAccessProvision
    private let graph: GraphInstance<Value>?
    /// Carried as the instances a container hands out are (see `Handoff`): their thread safety is the caller's.
    private let requestArguments: Handoff<GivenArguments>?
    /// `Lazy` or `Provider`, for the error once the container is gone.
    private let accessor: String
    /// The request scope it was made in, for a holder that ends with that request (a top-level request, a
    /// perRequest, objectGraph or prototype consumer): its resolves outside any scope enter it again. Weakly, as the
    /// scope may hold it. A longer-lived holder's accessor serves every later request, in that request's scope.
    private let requestScope: WeakReference?

    /// The access of an accessor that `access` makes in the resolve `context`, to the container `keeper`; a
    /// `Provider` (`everyCall`) takes the graph's instance only where its holder is built in that graph.
    init(
        _ keeper: DIContainer, _ access: DeferredAccessProvision, accessor: String, everyCall: Bool,
        in context: inout ResolveContext
    ) {
        container = ContainerHold(keeper, access: access)
        self.access = access
        graph = GraphInstance.noted(for: access, in: &context, everyCall: everyCall)
        requestArguments = context.requestArguments(for: access).map { Handoff(value: $0) }
        self.accessor = accessor
        requestScope = RequestScopes.current.flatMap { scope in
            let lifetime = access.request?.consumer?.lifetime
            return lifetime == nil || lifetime == .perRequest || lifetime == .objectGraph || lifetime == .prototype
                ? WeakReference(scope) : nil
        }
    }

    /// Resolves the value with `arguments`, or with the request's own when `nil`, and hands it to the `decorate`
    /// hooks of the container (and its ancestors) when `handingOut`: a `Lazy` hands out only the value it keeps.
    func resolve(arguments given: GivenArguments?, handingOut: Bool = true) throws(DIError) -> Value {
        // The caller's scope first: the request running now.
        guard let scope = requestScope?.object as? DIRequestScope, RequestScopes.current == nil else {
            return try resolveHere(arguments: given, handingOut: handingOut)
        }
        return try RequestScopes.entering(scope) { () throws(DIError) -> Value in
            try resolveHere(arguments: given, handingOut: handingOut)
        }
    }

    private func resolveHere(arguments given: GivenArguments?, handingOut: Bool) throws(DIError) -> Value {
        let arguments = given ?? requestArguments?.value
        // The container keeps what `access` points to; pinned for what the plan drops meanwhile.
        let keeper = try container.container(accessing: Value.self, as: accessor)
        let value = try withExtendedLifetime(keeper) { () throws(DIError) -> Value in
            try keeper.pinnedResolving { (pin) throws(DIError) -> Value in
                // The graph's instance while nothing it was bound from changed (`.replacing()`, `unregister`).
                if arguments == nil, let graph, access.isCurrent, let instance = graph.current { return instance }
                let access = try access.current()
                if let arguments,
                    let chosen = try Self.withRegistrationTaking(
                        arguments, over: access,
                        { (entry) throws(DIError) -> Value in
                            let provision = try entry.withProvision { $0.provision }
                            let root = entry.component
                            return try DeferredResolutionStack.resolving(root) { () throws(DIError) -> Value in
                                try access.container.runDeferred(
                                    provision, as: Value.self, root: root, builds: [], arguments: arguments,
                                    pin: pin)
                            }
                        })
                {
                    return chosen
                }
                return try DeferredResolutionStack.resolving(access.root) { () throws(DIError) -> Value in
                    try access.container.runDeferred(
                        access.target, as: Value.self, root: access.root, builds: access.builds, arguments: arguments,
                        pin: pin)
                }
            }
        }
        if handingOut, keeper.plan.decorates { handOut(value, from: keeper) }
        return value
    }

    /// Where the component an accessor was bound to does not take `arguments`, runs `body` with the entry of its
    /// request that does, lent, as a top-level request passing them chooses it (`get(arguments:)` over a type
    /// registered once without arguments and once with them); `nil` to run the bound one. The caller is pinned.
    private static func withRegistrationTaking(
        _ arguments: GivenArguments, over access: DeferredAccessProvision, _ body: (RootEntry) throws(DIError) -> Value
    ) throws(DIError) -> Value? {
        let types = arguments.types.map(ObjectIdentifier.init)
        guard let root = access.root, root.argumentTypes != types, let request = access.request,
            request.listedIn == nil, request.dependency.tag == nil
        else { return nil }
        return try access.container.plan.withEntry(
            for: Value.self, name: request.dependency.name, arguments: arguments.types, body)
    }

    /// Hands `value`, which a caller now gets, to the `decorate` hooks of `keeper` (and its ancestors).
    func handOut(_ value: Value, from keeper: DIContainer? = nil) {
        guard let keeper = keeper ?? (try? container.container(accessing: Value.self, as: accessor)),
            keeper.plan.decorates
        else { return }
        keeper.decorated(value, type: Value.self, name: access.request?.dependency.name)
    }

    /// Forgets the graph's instance.
    func forgetGraphInstance() {
        graph?.clear()
    }
}
