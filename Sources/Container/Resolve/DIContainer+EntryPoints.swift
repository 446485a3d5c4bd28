extension DIContainer {
    /// Resolves a request for a class, `type`, to its instance.
    @usableFromInline
    func resolveObject(_ type: any Any.Type, name: String?) throws(DIError) -> AnyObject {
        let object = try resolveObjectPinned(type, name: name)
        // After the pin: a hook is user code.
        if plan.decorates { decorated(object, type: type, name: name) }
        return object
    }

    @inline(__always)
    private func resolveObjectPinned(_ type: any Any.Type, name: String?) throws(DIError) -> AnyObject {
        // Pinned: what the plan holds is read without retaining it (see `Reclamation`).
        try pinnedResolving { (pin) throws(DIError) -> AnyObject in
            // The common case first: an unnamed request the plan has an entry for, which can run as it is.
            if name == nil, plan.isCurrent {
                let found = try plan.withReadyEntry(ObjectIdentifier(type)) { (entry) throws(DIError) -> AnyObject in
                    if let existing = entry.cell?.strongInstance(pinnedBy: pin) { return existing }
                    return try runReady(entry, pin: pin)
                }
                if let found { return found }
            }
            return try resolveObjectChecked(type, name: name, pin: pin)
        }
    }

    /// Builds what a ready entry provides; out of line, so that reading an existing singleton needs no stack
    /// room and no stack protector.
    @inline(never)
    private func runReady(_ entry: RootEntry, pin: ResolvePin) throws(DIError) -> AnyObject {
        try entry.withProvision { (provision) throws(DIError) in
            try runObject(provision, graphCapacity: entry.graphCapacity, pin: pin)
        }
    }

    /// A request for a class that the plan's table does not hold ready to run; `resolveObject` has pinned.
    @inline(never)
    private func resolveObjectChecked(_ type: any Any.Type, name: String?, pin: ResolvePin) throws(DIError) -> AnyObject
    {
        try receive(AnyObject.self) { (word) throws(DIError) in
            try resolveValuePinned(type, name: name, arguments: nil, observer: nil, into: word, pin: pin)
        }
    }

    /// Resolves a request for `type` into `target`, which is initialized if and only if this returns.
    @usableFromInline
    func resolveValue(
        _ type: any Any.Type, name: String?, arguments: GivenArguments?, observer: (any DIResolutionObserver)?,
        into target: Room
    ) throws(DIError) {
        try resolveValuePinned(type, name: name, arguments: arguments, observer: observer, into: target, pin: nil)
        // After the pin: a hook is user code. `resolveObject` (which pinned) hands its instance to the hooks itself.
        if plan.decorates { decorated(in: target, type: type, name: name) }
    }

    @inline(__always)
    private func resolveValuePinned(
        _ type: any Any.Type, name: String?, arguments: GivenArguments?, observer: (any DIResolutionObserver)?,
        into target: Room, pin: ResolvePin?
    ) throws(DIError) {
        do throws(DIError) {
            // Not pinned again when the caller pinned: a second pin would count a depth, and make this resolve look
            // nested in another (see `run`).
            if let pin {
                return try lookUpAndRun(
                    type, name: name, arguments: arguments, observer: observer, into: target, pin: pin)
            }
            try pinnedResolving { (pin) throws(DIError) in
                try lookUpAndRun(type, name: name, arguments: arguments, observer: observer, into: target, pin: pin)
            }
        } catch {
            DILogger.log(.error, error.description)
            throw error
        }
    }

    /// Finds the entry for a request and runs it; the caller is pinned.
    @inline(__always)
    private func lookUpAndRun(
        _ type: any Any.Type, name: String?, arguments: GivenArguments?, observer: (any DIResolutionObserver)?,
        into target: Room, pin: ResolvePin
    ) throws(DIError) {
        try refuseAfterShutdown(type, name: name, pin: pin)
        // Lent, not retained, since every resolving thread reads the same entry: pinned, it stays.
        func runFound(_ entry: RootEntry) throws(DIError) {
            guard entry.provision != nil else { throw entry.failure! }
            // A request shape (`T?`, `[T]`, ...) has no root component, and passes no arguments on.
            var given: GivenArguments?
            if let component = entry.component {
                if let arguments {
                    try checkArguments(arguments.types, for: component)
                } else if entry.takesArguments {
                    throw argumentMismatch(component, received: [])
                }
                given = arguments
            } else if arguments != nil || entry.takesArguments {
                // A `T?` or `[T]` request: each component it builds gets the arguments, checked as for `T`.
                for component in entry.builds { try checkArguments(arguments?.types ?? [], for: component) }
                given = arguments
            }
            try withExtendedLifetime(observer) { () throws(DIError) in
                try entry.withProvision { (provision) throws(DIError) in
                    try run(
                        provision, type: type, into: target, graphCapacity: entry.graphCapacity,
                        arguments: given, observer: observer, pin: pin)
                }
            }
        }
        let ran: Void? =
            if let arguments {
                try plan.withEntry(for: type, name: name, arguments: arguments.types, runFound)
            } else {
                try plan.withEntry(for: type, name: name, runFound)
            }
        if ran == nil { throw notRegistered(type, name: name) }
    }

    /// Runs a top-level resolve into `target`, then the deferred injections while the shared instances are still
    /// there; `pin` is the caller's (`Reclamation.pinnedResolving`).
    @inline(__always)  // One frame less per resolve; its callers are the engine's few entry points.
    func run(
        _ provision: borrowing ProvisionSlot, type: any Any.Type, into target: Room, graphCapacity: Int,
        arguments: GivenArguments?, observer: (any DIResolutionObserver)?, pin: ResolvePin
    ) throws(DIError) {
        let stack = pin.takeStackCheckpoint(below: StackGuard.here())
        defer { if stack.holds { pin.releaseStackCheckpoint() } }
        var context = ResolveContext(
            container: self, arguments: arguments, observer: observer, graph: .none, stackCheckpoint: stack.checkpoint)
        // Most roots share nothing, and need no buffer. The closure captures only the context: capturing `self`
        // would retain the container.
        if graphCapacity == 0 { return try context.resolveRootAndFinish(provision, type: type, into: target) }
        try SharedInstances.withBuffer(capacity: graphCapacity) { (graph) throws(DIError) in
            context.graph = graph
            try context.resolveRootAndFinish(provision, type: type, into: target)
        }
    }

    /// `run` for a class with no arguments and no observer (`resolveObject`'s ready entry): the reference comes
    /// back as a result, with no room on the stack to write it to. Not `run` with a closure for the difference:
    /// that crashes the release compiler (CopyPropagation, "Found ownership error", Swift 6.3.1).
    @inline(__always)
    func runObject(
        _ provision: borrowing ProvisionSlot, graphCapacity: Int, pin: ResolvePin
    ) throws(DIError) -> AnyObject {
        let stack = pin.takeStackCheckpoint(below: StackGuard.here())
        defer { if stack.holds { pin.releaseStackCheckpoint() } }
        var context = ResolveContext(
            container: self, arguments: nil, observer: nil, graph: .none, stackCheckpoint: stack.checkpoint)
        if graphCapacity == 0 { return try context.resolveRootObjectAndFinish(provision) }
        return try SharedInstances.withBuffer(capacity: graphCapacity) { (graph) throws(DIError) in
            context.graph = graph
            return try context.resolveRootObjectAndFinish(provision)
        }
    }

    /// Runs `body` pinned as a resolve of this container (see `Reclamation.pinnedResolving(for:)`), announced to the
    /// shutdowns of the container and its ancestors.
    @inline(__always)
    func pinnedResolving<Result, Failure: Error>(
        _ body: (_ pin: ResolvePin) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try Reclamation.pinnedResolving(for: serial, outerCount: plan.ancestors.count, outer: self, body)
    }

    /// Throws `container-shut-down` once the shutdown of this container or an ancestor began, unless the thread is
    /// inside a resolve of the container shut down or of a descendant of it: that one was running when the shutdown
    /// began (later ones are refused), the shutdown waits for it, and this resolve is part of its creation. A
    /// resolve of another container that reaches in (a factory holding this container, or its `Provider`) is
    /// refused: nothing would dispose what it made. Every entry of the engine asks, after its pin announced it
    /// (`pinnedResolving`), but the fast path of a plain resolve: a closed plan is not current, which sends that
    /// resolve here. `pin` is the caller's, when it has one.
    @inline(__always)
    func refuseAfterShutdown(_ type: any Any.Type, name: String? = nil, pin: ResolvePin? = nil) throws(DIError) {
        if plan.isClosed { try refuseUnlessInside(type, name: name, pin: pin) }
    }

    @inline(never)
    private func refuseUnlessInside(_ type: any Any.Type, name: String?, pin: ResolvePin?) throws(DIError) {
        // The innermost one shut down: its shutdown waits for the resolves of it and of its descendants, and so do
        // those of its ancestors.
        guard let closed = ([self] + plan.ancestors).first(where: { $0.plan.closesItsContainer }) else { return }
        let inside = pin?.outerResolveWorks(for: closed.serial) ?? Reclamation.worksFor(closed.serial)
        if !inside { throw DIError(.containerShutDown(DIRequest(type: type, name: name))) }
    }

    /// Runs a `Lazy` or `Provider` access: a top-level resolve of `provision`, as `Value`, passing `arguments` to
    /// `root`'s factory, or around a list or an Optional (`Provider<[P]>`, `Lazy<P?>`) to each of `builds`, checked
    /// as a top-level request's are. The caller is pinned, with the checkpoint `stack`.
    func runDeferred<Value>(
        _ provision: Provision, as _: Value.Type, root: BoundComponent?, builds: [BoundComponent],
        arguments: GivenArguments?, pin: ResolvePin
    ) throws(DIError) -> Value {
        try refuseAfterShutdown(Value.self, pin: pin)
        if let root {
            if let arguments {
                try checkArguments(arguments.types, for: root)
            } else if !root.argumentTypes.isEmpty {
                throw argumentMismatch(root, received: [])
            }
        } else if arguments != nil || builds.contains(where: { !$0.argumentTypes.isEmpty }) {
            if builds.isEmpty, let arguments, !arguments.types.isEmpty {
                // Nothing it builds takes them (`Lazy<[P]>` of no provider, a shape of an accessor).
                let component = DIComponentInfo(type: Value.self, file: "", line: 0)
                throw DIError(.argumentMismatch(component, expected: [], received: arguments.types.map(typeName)))
            }
            for component in builds { try checkArguments(arguments?.types ?? [], for: component) }
        }
        return try withExtendedLifetime(provision) { () throws(DIError) -> Value in
            try receive(Value.self) { (room) throws(DIError) in
                try run(
                    ProvisionSlot(provision), type: Value.self, into: room,
                    graphCapacity: root?.graphCapacity ?? Self.detachedGraphCapacity, arguments: arguments,
                    observer: nil, pin: pin)
            }
        }
    }

    /// The buffer for resolves without one root (`[P]` at top level); more entries spill to the heap.
    static var detachedGraphCapacity: Int { 16 }

    func argumentMismatch(_ component: BoundComponent, received: [any Any.Type]) -> DIError {
        return DIError(
            .argumentMismatch(
                component.info, expected: component.registration.argumentTypes.map(typeName),
                received: received.map(typeName)))
    }

    /// Checks runtime arguments of `types` against what the factory of `component` takes.
    func checkArguments(_ types: [any Any.Type], for root: BoundComponent) throws(DIError) {
        if root.argumentTypes != types.map(ObjectIdentifier.init) { throw argumentMismatch(root, received: types) }
        // Caching it would hand later callers an instance built with these arguments.
        if root.lifetime != .objectGraph && root.lifetime.isCaching {
            throw DIError(.cachedArguments(root.info, lifetime: root.lifetime))
        }
    }

    /// Why nothing provides a request, with the registrations that nearly do.
    func notRegistered(_ type: any Any.Type, name: String?) -> DIError {
        let similar = plan.locked {
            plan.nearMisses(of: type, name: name, optional: DependencyDescriptor.optionalType(of: type))
        }
        return DIError(.notRegistered(DIRequest(type: type, name: name), similar: similar))
    }
}

/// The runtime arguments of a top-level request, with their static types.
@usableFromInline
struct GivenArguments {
    let values: [Any]
    let types: [any Any.Type]
}

extension GivenArguments {
    /// The arguments of a parameter pack, in order.
    init<each A>(_ arguments: repeat each A) {
        var values: [Any] = []
        var types: [any Any.Type] = []
        for argument in repeat each arguments { values.append(argument) }
        for argumentType in repeat (each A).self { types.append(argumentType) }
        self.init(values: values, types: types)
    }
}

extension DIContainer: OuterOwners {
    /// A resolve of this container works for its ancestors too, root first: their shutdowns wait for it.
    func outerOwner(_ index: Int) -> UInt { plan.ancestors[plan.ancestors.count - 1 - index].serial }
}
