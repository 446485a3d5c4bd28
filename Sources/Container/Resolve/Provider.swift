/// A dependency resolved anew on every call, per the provided component's lifetime: take `Provider<P>` to make
/// several instances, or to reach a shorter-lived component from a longer-lived one. It follows the registry: after
/// `.replacing()` it builds the replacement, after `unregister` it throws `not-registered`.
///
/// ```swift
/// final class Downloader { init(makeTask: Provider<DownloadTask>) { ... } }
/// let task = makeTask()
/// ```
///
/// A value type (copies share what they resolve from), so that telling a `Provider` parameter from a component
/// at registration is a comparison, not a protocol-conformance lookup (see `DependencyDescriptor`).
public struct Provider<Value>: Sendable {
    /// The container that keeps alive what `access` points to (see `DeferredAccessProvision.keeper`), held as
    /// `ContainerHold` says.
    private let container: ContainerHold
    /// How to resolve the value, as bound when the provider was made, and again after the registry changed.
    private let access: DeferredAccessProvision
    /// The instance of the objectGraph root that the resolve which made this provider built, if it may have: given
    /// on every call while it lives.
    private let graph: GraphInstance<Value>?

    /// The runtime arguments of the top-level request that asked for this provider, which `get()` passes. Carried
    /// as the instances a container hands out are (see `Handoff`): their thread safety is the caller's contract.
    private let arguments: Handoff<GivenArguments>?

    init(
        container: DIContainer, access: DeferredAccessProvision, graph: GraphInstance<Value>?,
        arguments: GivenArguments?
    ) {
        self.container = ContainerHold(container, access: access)
        self.access = access
        self.graph = graph
        self.arguments = arguments.map { Handoff(value: $0) }
    }

    /// Resolves a value; stops the program with the full error text if it cannot be built.
    public func callAsFunction() -> Value {
        do {
            return try get()
        } catch {
            fatalError("\n" + error.description)
        }
    }

    /// Resolves a value, or throws why it cannot be built. A provider asked for at top level with runtime arguments
    /// (`resolveOrThrow(Provider<T>.self, arguments: ...)`) passes those.
    public func get() throws(DIError) -> Value {
        try resolve(arguments: arguments?.value)
    }

    /// Resolves a value, passing `arguments` to the `DIArgument` parameters of its factory, in order, or throws
    /// why it cannot be built (`argument-mismatch` when they are not the ones it takes).
    ///
    /// ```swift
    /// final class OrderList { init(makeRow: Provider<OrderRow>) { ... } }  // OrderRow takes DIArgument<Order>
    /// let row = try makeRow.get(arguments: order)
    /// ```
    public func get<each A>(arguments: repeat each A) throws(DIError) -> Value {
        try resolve(arguments: GivenArguments(repeat each arguments))
    }

    /// Resolves a value with `arguments`; stops the program with the full error text if it cannot be built.
    public func callAsFunction<each A>(arguments: repeat each A) -> Value {
        do {
            return try get(arguments: repeat each arguments)
        } catch {
            fatalError("\n" + error.description)
        }
    }

    private func resolve(arguments: GivenArguments?) throws(DIError) -> Value {
        // The container keeps what `access` points to; pinned for what the plan drops meanwhile.
        let keeper = try container.container(accessing: Value.self, as: "Provider")
        return try withExtendedLifetime(keeper) { () throws(DIError) -> Value in
            try Reclamation.pinned { () throws(DIError) -> Value in
                // The graph's instance while nothing it was bound from changed (`.replacing()`, `unregister`).
                if arguments == nil, access.isCurrent, let instance = graph?.current { return instance }
                let access = try access.current()
                return try DeferredResolutionStack.resolving(access.root) { () throws(DIError) -> Value in
                    try access.container.runDeferred(
                        access.target, as: Value.self, root: access.root, builds: access.builds, arguments: arguments)
                }
            }
        }
    }
}
