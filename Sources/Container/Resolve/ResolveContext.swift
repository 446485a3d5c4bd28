/// The state of one top-level resolve, kept on the caller's stack and passed `inout` down the plan.
///
/// Every field is trivial, so making and dropping a context costs no reference counting: the container is
/// unowned (the caller keeps it alive), the object-graph cache is a stack buffer sized for the root, and what
/// only some resolves need (arguments, an observer, deferred injections) lives in `extras`, `nil` until then.
@usableFromInline
struct ResolveContext {
    /// The container the resolve started from, for `Lazy` and `Provider` made during it.
    @usableFromInline unowned(unsafe) let container: DIContainer
    /// Instances shared within this resolve: objectGraph members, and caching components whose property
    /// injection may lead back to them.
    @usableFromInline var graph: UnsafeMutablePointer<GraphEntry>?
    @usableFromInline var graphCount = 0
    @usableFromInline let graphCapacity: Int
    /// Allocated by the first resolve step that needs it, freed by `finish()`.
    @usableFromInline var extras: UnsafeMutablePointer<ResolveExtras>?

    @inlinable
    init(
        container: DIContainer, arguments: [Any]?, observer: (any DIResolutionObserver)?,
        graph: UnsafeMutablePointer<GraphEntry>?, graphCapacity: Int
    ) {
        self.container = container
        self.graph = graph
        self.graphCapacity = graphCapacity
        if arguments != nil || observer != nil {
            makeExtras().pointee = ResolveExtras(arguments: arguments, observer: observer)
        }
    }

    /// Told of every instance built or reused, for traces and profiles.
    @inlinable
    var observer: (any DIResolutionObserver)? {
        extras?.pointee.observer
    }

    /// The extras, allocated now if this is the first step to need them.
    @usableFromInline
    mutating func makeExtras() -> UnsafeMutablePointer<ResolveExtras> {
        if let extras { return extras }
        let made = UnsafeMutablePointer<ResolveExtras>.allocate(capacity: 1)
        made.initialize(to: ResolveExtras(arguments: nil, observer: nil))
        extras = made
        return made
    }

    /// The instance of component `index` made earlier in this resolve, kept alive by the resolve until it ends.
    @inlinable @inline(__always)
    func recall(_ index: Int) -> Unmanaged<AnyObject>? {
        if let graph {
            for slot in 0..<graphCount where graph[slot].index == index { return graph[slot].object }
        }
        if let extras {
            for entry in extras.pointee.graphOverflow where entry.index == index { return entry.object }
        }
        return nil
    }

    /// Shares an instance with the rest of this resolve, which holds it until `finish()`.
    @inlinable @inline(__always)
    mutating func remember(_ index: Int, _ object: __owned AnyObject) {
        let entry = GraphEntry(index: index, object: .passRetained(object))
        if let graph, graphCount < graphCapacity {
            (graph + graphCount).initialize(to: entry)
            graphCount &+= 1
        } else {
            makeExtras().pointee.graphOverflow.append(entry)
        }
    }

    /// Runs the root's provision, then the deferred injections while the shared instances are still there, and
    /// ends the resolve.
    @inlinable @inline(__always)
    mutating func resolveRoot<T>(_ provision: ProvisionRef, as _: T.Type) throws(DIError) -> T {
        defer { finish() }
        let value = try provision.produce(T.self, &self)
        if hasDeferred { try runDeferred() }
        return value
    }

    /// Releases the shared instances and the extras at the end of the resolve.
    @inlinable @inline(__always)
    mutating func finish() {
        if let graph {
            for slot in 0..<graphCount { graph[slot].object.release() }
        }
        graphCount = 0
        if extras != nil { freeExtras() }
    }

    @usableFromInline
    mutating func freeExtras() {
        guard let extras else { return }
        for entry in extras.pointee.graphOverflow { entry.object.release() }
        extras.deinitialize(count: 1)
        extras.deallocate()
        self.extras = nil
    }

    /// Whether property injections wait for the end of the resolve.
    @inlinable
    var hasDeferred: Bool {
        extras?.pointee.deferred.isEmpty == false
    }

    /// Queues a deferred property injection.
    @usableFromInline
    mutating func enqueue(_ injection: DeferredInjection) {
        makeExtras().pointee.deferred.append(injection)
    }

    /// Runs queued injections, including those they queue, until none is left; if one fails, the instances
    /// this resolve cached are dropped, since some of them miss an injection.
    @usableFromInline
    mutating func runDeferred() throws(DIError) {
        do {
            try runQueuedInjections()
        } catch {
            for cell in extras?.pointee.published ?? [] { cell.reset() }
            throw error
        }
    }

    /// Notes that this resolve published an instance to `cell`.
    @usableFromInline
    mutating func notePublished(_ cell: InstanceCell) {
        makeExtras().pointee.published.append(cell)
    }

    private mutating func runQueuedInjections() throws(DIError) {
        var runs: [Int: Int] = [:]
        while let extras, !extras.pointee.deferred.isEmpty {
            let queue = extras.pointee.deferred
            extras.pointee.deferred = []
            for injection in queue {
                runs[injection.ownerIndex, default: 0] += 1
                if runs[injection.ownerIndex]! > Self.deferredRepeatLimit {
                    throw DIError(.cycle(injection.owner.requested, cycle: [injection.owner]))
                }
                try injection.run(&self)
            }
        }
    }

    /// One component's deferred injection queued again this many times in one resolve is a cycle of prototypes
    /// that never ends: every round builds new instances that queue the same injections again.
    static let deferredRepeatLimit = 256

    /// The runtime argument at `position`, checked against the type the factory declared.
    @usableFromInline
    func argument<Value>(_ position: Int, as type: Value.Type) -> Value {
        // The top-level request checked count and types before the factory ran.
        extras!.pointee.arguments![position] as! Value
    }

    /// Produces the value of a factory parameter from its bound slot.
    @inlinable @inline(__always)
    static func take<P>(
        _: P.Type, from slots: UnsafeBufferPointer<ProvisionRef>, at index: inout Int, _ context: inout ResolveContext
    ) throws(DIError) -> P {
        let slot = slots[index]
        index += 1
        return try slot.produce(P.self, &context)
    }
}

/// What only some resolves need, kept out of `ResolveContext` so that the common one has nothing to release.
@usableFromInline
struct ResolveExtras {
    /// Runtime arguments of the top-level request.
    @usableFromInline let arguments: [Any]?
    /// Told of every instance built or reused; the caller keeps it alive.
    @usableFromInline let observer: (any DIResolutionObserver)?
    /// Shared instances past the root's estimated capacity.
    @usableFromInline var graphOverflow: [GraphEntry] = []
    /// Property injections marked `cycle: true`, run when the outermost resolve has built everything else.
    @usableFromInline var deferred: [DeferredInjection] = []
    /// Cells this resolve published an instance to; emptied again if a deferred injection fails, so that no
    /// half-injected instance stays cached.
    @usableFromInline var published: [InstanceCell] = []
    /// The components on a construction cycle being built now, innermost last (see `CycleGuard`).
    @usableFromInline var inProgress: [BoundComponent] = []

    @usableFromInline
    init(arguments: [Any]?, observer: (any DIResolutionObserver)?) {
        self.arguments = arguments
        self.observer = observer
    }
}

/// An instance shared within one resolve, retained by the resolve: a trivial value, so that the buffer needs no
/// per-entry destruction.
@usableFromInline
struct GraphEntry {
    @usableFromInline let index: Int
    @usableFromInline let object: Unmanaged<AnyObject>

    @inlinable init(index: Int, object: Unmanaged<AnyObject>) {
        self.index = index
        self.object = object
    }
}

/// A property injection waiting for the end of the outermost resolve.
@usableFromInline
struct DeferredInjection {
    @usableFromInline let owner: DIResolutionStep
    @usableFromInline let ownerIndex: Int
    @usableFromInline let run: (inout ResolveContext) throws(DIError) -> Void

    @inlinable
    init(owner: DIResolutionStep, ownerIndex: Int, run: @escaping (inout ResolveContext) throws(DIError) -> Void) {
        self.owner = owner
        self.ownerIndex = ownerIndex
        self.run = run
    }
}
