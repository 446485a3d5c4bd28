extension DIContainer {
    /// Resolves `T` (named, if `name` is given) with all its dependencies, or throws why it cannot.
    ///
    /// `T?` resolves to `nil` when nothing provides `T`; `[T]` to every provider of `T`; `Lazy<T>` and
    /// `Provider<T>` to deferred access.
    @inlinable
    public func resolveOrThrow<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        // Read inline at the call site: an unnamed request the published plan lists and can run as it is.
        if name == nil, let entry = readyEntry(for: T.self) {
            if let cell = entry.cell, let existing = cell._withUnsafeGuaranteedRef({ $0.strongInstance }) {
                return unsafeBitCast(existing, to: T.self)
            }
            return try resolveReady(entry.provision.unsafelyUnwrapped, as: T.self, graphCapacity: entry.graphCapacity)
        }
        return try resolveChecked(T.self, name: name)
    }

    /// Resolves `T` like `resolveOrThrow(_:name:)`, telling `observer` of every instance built or reused.
    public func resolveOrThrow<T>(
        _ type: T.Type = T.self, name: String? = nil, observer: any DIResolutionObserver
    ) throws(DIError) -> T {
        guard let entry = try listed(T.self, name: name) else { return try resolveUnlisted(T.self, name: name) }
        if entry.takesArguments { throw argumentMismatch(entry.component!, received: []) }
        return try withExtendedLifetime(observer) { () throws(DIError) -> T in
            try run(entry.provision!, as: T.self, graphCapacity: entry.graphCapacity, arguments: nil, observer: observer)
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
        guard let entry = try listed(T.self, name: name) else { return try resolveUnlisted(T.self, name: name) }
        try checkArguments(types, for: entry.component!)
        return try run(entry.provision!, as: T.self, graphCapacity: entry.graphCapacity, arguments: values)
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

    /// The entry of an unnamed request for `T` in the published plan, when it runs without further checks: no
    /// parent plan to compare, a provision, and no runtime arguments expected.
    @inlinable @inline(__always)
    func readyEntry<T>(for _: T.Type) -> RootEntry? {
        guard let plan = uncheckedPlan else { return nil }
        let entry = plan._withUnsafeGuaranteedRef { $0.unnamed.find(ObjectIdentifier(T.self)) }
        guard let entry, entry.isReady else { return nil }
        return entry
    }

    /// Builds what a ready entry provides; out of line, so that the inlined part of a resolve stays small.
    @inlinable @inline(never)
    func resolveReady<T>(_ provision: ProvisionRef, as _: T.Type, graphCapacity: Int) throws(DIError) -> T {
        do throws(DIError) {
            return try run(provision, as: T.self, graphCapacity: graphCapacity, arguments: nil)
        } catch {
            DILogger.log(.error, error.description)
            throw error
        }
    }

    /// Resolves a request that is not ready to run: named, from a child container, before the plan is built,
    /// ambiguous, expecting arguments, or not listed at all.
    @inlinable @inline(never)
    func resolveChecked<T>(_: T.Type, name: String?) throws(DIError) -> T {
        do throws(DIError) {
            guard let entry = try listed(T.self, name: name) else { return try resolveUnlisted(T.self, name: name) }
            if entry.takesArguments { throw argumentMismatch(entry.component!, received: []) }
            return try run(entry.provision!, as: T.self, graphCapacity: entry.graphCapacity, arguments: nil)
        } catch {
            DILogger.log(.error, error.description)
            throw error
        }
    }

    /// The entry of a request the current plan lists; `nil` when it lists none, and the binding error when the
    /// request is ambiguous.
    @inlinable @inline(__always)
    func listed<T>(_: T.Type, name: String?) throws(DIError) -> RootEntry? {
        let plan = currentPlan()
        let entry = plan._withUnsafeGuaranteedRef { $0.entry(for: ObjectIdentifier(T.self), name: name) }
        guard let entry, entry.provision == nil else { return entry }
        throw plan.takeUnretainedValue().failure(of: entry)
    }

    /// Runs a top-level resolve, then the deferred injections while the shared instances are still there.
    @inlinable @inline(__always)
    func run<T>(
        _ provision: ProvisionRef, as _: T.Type, graphCapacity: Int, arguments: [Any]?,
        observer: (any DIResolutionObserver)? = nil
    ) throws(DIError) -> T {
        // Most roots share nothing; they need no buffer, whose stack allocation would cost every resolve a frame
        // check.
        if graphCapacity == 0 {
            var context = ResolveContext(
                container: self, arguments: arguments, observer: observer, graph: nil, graphCapacity: 0)
            return try context.resolveRoot(provision, as: T.self)
        }
        return try runSharing(provision, as: T.self, graphCapacity: graphCapacity, arguments: arguments, observer: observer)
    }

    /// Runs a top-level resolve with a buffer on the stack for the instances it shares.
    @inlinable @inline(never)
    func runSharing<T>(
        _ provision: ProvisionRef, as _: T.Type, graphCapacity: Int, arguments: [Any]?,
        observer: (any DIResolutionObserver)?
    ) throws(DIError) -> T {
        try withUnsafeTemporaryAllocation(of: GraphEntry.self, capacity: graphCapacity) {
            (buffer) throws(DIError) -> T in
            var context = ResolveContext(
                container: self, arguments: arguments, observer: observer, graph: buffer.baseAddress,
                graphCapacity: graphCapacity)
            return try context.resolveRoot(provision, as: T.self)
        }
    }

    /// The buffer for resolves without one root (`[P]` at top level); more entries spill to the heap.
    @usableFromInline static var detachedGraphCapacity: Int { 16 }

    @usableFromInline
    func argumentMismatch(_ component: Unmanaged<BoundComponent>, received: [any Any.Type]) -> DIError {
        let component = component.takeUnretainedValue()
        return DIError(
            .argumentMismatch(
                component.info, expected: component.registration.argumentTypes.map(typeName),
                received: received.map(typeName)))
    }

    /// Checks runtime arguments of `types` against what the factory of `component` takes.
    @usableFromInline
    func checkArguments(_ types: [any Any.Type], for component: Unmanaged<BoundComponent>) throws(DIError) {
        let root = component.takeUnretainedValue()
        if root.argumentTypes != types.map(ObjectIdentifier.init) { throw argumentMismatch(component, received: types) }
        // Caching it would hand later callers an instance built with these arguments.
        if root.lifetime != .objectGraph && root.lifetime.isCaching {
            throw DIError(.cachedArguments(root.info, lifetime: root.lifetime))
        }
    }

    /// A request the tables do not list: `T?`, `[T]`, `Lazy<T>`, `Provider<T>` of a listed `T`, or nothing.
    @usableFromInline
    func resolveUnlisted<T>(_: T.Type, name: String?) throws(DIError) -> T {
        let plan = currentPlan().takeUnretainedValue()
        if name == nil, let shape = T.self as? any DependencyShape.Type, shape.shapeKind != .argument {
            var noArguments = 0
            let provision = plan.binder.slot(for: DependencyDescriptor(T.self), argumentPosition: &noArguments)
            return try withExtendedLifetime(provision) { () throws(DIError) -> T in
                try run(
                    ProvisionRef(provision), as: T.self, graphCapacity: Self.detachedGraphCapacity, arguments: nil)
            }
        }
        let similar = plan.binder.nearMisses(of: T.self, name: name, optional: T?.self)
        throw DIError(.notRegistered(DIRequest(type: T.self, name: name), similar: similar))
    }
}
