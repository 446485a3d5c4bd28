extension DIContainer {
    /// Resolves `T` (named, if `name` is given) with all its dependencies, or throws why it cannot.
    ///
    /// `T?` resolves to `nil` when nothing provides `T`; `[T]` to every provider of `T`; `Lazy<T>` and
    /// `Provider<T>` to deferred access.
    @inlinable
    public func resolveOrThrow<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        do throws(DIError) {
            let plan = currentPlan().takeUnretainedValue()
            guard let (provision, root) = try listed(T.self, name: name, in: plan) else {
                return try resolveUnlisted(T.self, name: name, plan: plan)
            }
            if !root.argumentTypes.isEmpty { throw argumentMismatch(root, received: []) }
            return try run(provision, root: root, arguments: nil)
        } catch {
            DILogger.log(.error, error.description)
            throw error
        }
    }

    /// Resolves `T` like `resolveOrThrow(_:name:)`, telling `observer` of every instance built or reused.
    public func resolveOrThrow<T>(
        _ type: T.Type = T.self, name: String? = nil, observer: any DIResolutionObserver
    ) throws(DIError) -> T {
        let plan = currentPlan().takeUnretainedValue()
        guard let (provision, root) = try listed(T.self, name: name, in: plan) else {
            return try resolveUnlisted(T.self, name: name, plan: plan)
        }
        if !root.argumentTypes.isEmpty { throw argumentMismatch(root, received: []) }
        return try withExtendedLifetime(observer) { () throws(DIError) -> T in
            try run(provision, root: root, arguments: nil, observer: observer)
        }
    }

    /// Resolves `T`, passing `arguments` to the `DIArgument` parameters of its factory, in order.
    ///
    /// ```swift
    /// container.register { (name: DIArgument<String>, store: Store) in Profile(name: name.value, store: store) }
    /// let profile = try container.resolveOrThrow(Profile.self, arguments: "Ada")
    /// ```
    @inlinable
    public func resolveOrThrow<T, each A>(
        _ type: T.Type = T.self, name: String? = nil, arguments: repeat each A
    ) throws(DIError) -> T {
        var values: [Any] = []
        var types: [any Any.Type] = []
        for argument in repeat each arguments {
            values.append(argument)
        }
        for argumentType in repeat (each A).self {
            types.append(argumentType)
        }
        let plan = currentPlan().takeUnretainedValue()
        guard let (provision, root) = try listed(T.self, name: name, in: plan) else {
            return try resolveUnlisted(T.self, name: name, plan: plan)
        }
        if root.argumentTypes != types.map(ObjectIdentifier.init) { throw argumentMismatch(root, received: types) }
        // Caching it would hand later callers an instance built with these arguments.
        if root.lifetime != .objectGraph && root.lifetime.isCaching {
            throw DIError(.cachedArguments(root.info, lifetime: root.lifetime))
        }
        return try run(provision, root: root, arguments: values)
    }

    /// Resolves `T`, stopping the program with the full error text when it cannot be built.
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self, name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        do {
            return try resolveOrThrow(type, name: name)
        } catch {
            fatalError("\n" + error.description, file: file, line: line)
        }
    }

    /// Resolves `T` with runtime arguments, stopping the program with the full error text when it cannot.
    @inlinable
    public func resolve<T, each A>(
        _ type: T.Type = T.self, name: String? = nil, arguments: repeat each A,
        file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        do {
            return try resolveOrThrow(type, name: name, arguments: repeat each arguments)
        } catch {
            fatalError("\n" + error.description, file: file, line: line)
        }
    }

    /// The prepared provision and root component of a request the plan lists; `nil` when it lists none, and
    /// the binding error when the request is ambiguous.
    @inlinable
    func listed<T>(
        _: T.Type, name: String?, in plan: RegistryPlan
    ) throws(DIError) -> (Provision<T>, BoundComponent)? {
        guard let entry = plan.entry(for: ObjectIdentifier(T.self), name: name) else { return nil }
        guard let provision = entry.provision, let root = entry.component else { throw entry.failure! }
        return (provision.typed(T.self), root)
    }

    /// Runs a top-level resolve from `root`: sizes the shared-instance buffer on the stack, builds, then runs
    /// the deferred injections while the shared instances are still there.
    @inlinable
    func run<T>(
        _ provision: Provision<T>, root: BoundComponent?, arguments: [Any]?,
        observer: (any DIResolutionObserver)? = nil
    ) throws(DIError) -> T {
        let capacity = root?.rootGraphCapacity() ?? Self.detachedGraphCapacity
        if capacity == 0 {
            var context = ResolveContext(
                container: self, arguments: arguments, observer: observer, graph: nil, graphCapacity: 0)
            defer { context.releaseGraph() }
            let value = try provision.produce(&context)
            if context.deferred != nil { try context.runDeferred() }
            return value
        }
        return try withUnsafeTemporaryAllocation(of: GraphEntry.self, capacity: capacity) {
            (buffer) throws(DIError) -> T in
            var context = ResolveContext(
                container: self, arguments: arguments, observer: observer, graph: buffer.baseAddress,
                graphCapacity: capacity)
            defer { context.releaseGraph() }
            let value = try provision.produce(&context)
            if context.deferred != nil { try context.runDeferred() }
            return value
        }
    }

    /// The buffer for resolves without one root (`[P]` at top level); more entries spill to the heap.
    @usableFromInline static var detachedGraphCapacity: Int { 16 }

    @usableFromInline
    func argumentMismatch(_ component: BoundComponent, received: [any Any.Type]) -> DIError {
        DIError(
            .argumentMismatch(
                component.info, expected: component.registration.argumentTypes.map(typeName),
                received: received.map(typeName)))
    }

    /// A request the tables do not list: `T?`, `[T]`, `Lazy<T>`, `Provider<T>` of a listed `T`, or nothing.
    @usableFromInline
    func resolveUnlisted<T>(_: T.Type, name: String?, plan: RegistryPlan) throws(DIError) -> T {
        if name == nil, let shape = T.self as? any DependencyShape.Type, shape.shapeKind != .argument {
            var noArguments = 0
            let provision = plan.binder.slot(for: DependencyDescriptor(T.self), argumentPosition: &noArguments)
            return try run(provision.typed(T.self), root: nil, arguments: nil)
        }
        let similar = plan.binder.nearMisses(of: T.self, name: name, optional: T?.self)
        throw DIError(.notRegistered(DIRequest(type: T.self, name: name), similar: similar))
    }
}
