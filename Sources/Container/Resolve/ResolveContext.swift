/// The state of one top-level resolve, kept on the caller's stack and passed `inout` down the plan.
///
/// It holds no reference-counted fields on the common path: the container is unowned (the caller keeps it
/// alive), the object-graph cache is a stack buffer sized for the root, and the lists below stay `nil` until a
/// resolve needs them.
@usableFromInline
struct ResolveContext {
    /// The container the resolve started from, for `Lazy` and `Provider` made during it.
    @usableFromInline unowned(unsafe) let container: DIContainer
    /// Runtime arguments of the top-level request.
    @usableFromInline let arguments: [Any]?
    /// Told of every instance built or reused, for traces and profiles; the caller keeps it alive.
    @usableFromInline unowned(unsafe) let observer: (any DIResolutionObserver)?
    /// Instances shared within this resolve: objectGraph members, and caching components whose property
    /// injection may lead back to them.
    @usableFromInline var graph: UnsafeMutablePointer<GraphEntry>?
    @usableFromInline var graphCount = 0
    @usableFromInline let graphCapacity: Int
    /// Entries past `graphCapacity`; stays `nil` unless the capacity estimate was short.
    @usableFromInline var graphOverflow: [GraphEntry]?
    /// The innermost component in progress among those that can take part in a cycle.
    @usableFromInline var guardTop: UnsafeMutablePointer<GuardFrame>?
    /// Property injections marked `cycle: true`, run when the outermost resolve has built everything else.
    @usableFromInline var deferred: [DeferredInjection]?
    /// Cells this resolve published an instance to; emptied again if a deferred injection fails, so that no
    /// half-injected instance stays cached.
    @usableFromInline var published: [InstanceCell]?

    @inlinable
    init(
        container: DIContainer, arguments: [Any]?, observer: (any DIResolutionObserver)?,
        graph: UnsafeMutablePointer<GraphEntry>?, graphCapacity: Int
    ) {
        self.container = container
        self.arguments = arguments
        self.observer = observer
        self.graph = graph
        self.graphCapacity = graphCapacity
    }

    /// The instance of component `index` made earlier in this resolve.
    @inlinable
    func recall(_ index: Int) -> AnyObject? {
        if let graph {
            for slot in 0..<graphCount where graph[slot].index == index { return graph[slot].object }
        }
        if let graphOverflow {
            for entry in graphOverflow where entry.index == index { return entry.object }
        }
        return nil
    }

    /// Shares an instance with the rest of this resolve.
    @inlinable
    mutating func remember(_ index: Int, _ object: AnyObject) {
        if let graph, graphCount < graphCapacity {
            (graph + graphCount).initialize(to: GraphEntry(index: index, object: object))
            graphCount += 1
        } else {
            if graphOverflow == nil { graphOverflow = [] }
            graphOverflow!.append(GraphEntry(index: index, object: object))
        }
    }

    /// Releases the shared instances at the end of the resolve.
    @inlinable
    mutating func releaseGraph() {
        if let graph, graphCount > 0 { graph.deinitialize(count: graphCount) }
        graphCount = 0
        graphOverflow = nil
    }

    /// Queues a deferred property injection.
    @inlinable
    mutating func enqueue(_ injection: DeferredInjection) {
        if deferred == nil { deferred = [] }
        deferred!.append(injection)
    }

    /// Runs queued injections, including those they queue, until none is left; if one fails, the instances
    /// this resolve cached are dropped, since some of them miss an injection.
    @usableFromInline
    mutating func runDeferred() throws(DIError) {
        do {
            try runQueuedInjections()
        } catch {
            for cell in published ?? [] { cell.reset() }
            throw error
        }
    }

    /// Notes that this resolve published an instance to `cell`.
    @inlinable
    mutating func notePublished(_ cell: InstanceCell) {
        if published == nil { published = [] }
        published!.append(cell)
    }

    private mutating func runQueuedInjections() throws(DIError) {
        var runs: [Int: Int] = [:]
        while let queue = deferred, !queue.isEmpty {
            deferred = []
            for injection in queue {
                runs[injection.ownerIndex, default: 0] += 1
                if runs[injection.ownerIndex]! > Self.deferredRepeatLimit {
                    throw DIError(.cycle(injection.owner.requested, cycle: [injection.owner]))
                }
                try injection.run(&self)
            }
        }
        deferred = nil
    }

    /// One component's deferred injection queued again this many times in one resolve is a cycle of prototypes
    /// that never ends: every round builds new instances that queue the same injections again.
    static let deferredRepeatLimit = 256

    /// The runtime argument at `position`, checked against the type the factory declared.
    @usableFromInline
    func argument<Value>(_ position: Int, as type: Value.Type) -> Value {
        // The top-level request checked count and types before the factory ran.
        arguments![position] as! Value
    }

    /// Produces the value of a factory parameter from its bound slot.
    @inlinable
    static func take<P>(
        _: P.Type, from slots: UnsafeBufferPointer<AnyProvision>, at index: inout Int, _ context: inout ResolveContext
    ) throws(DIError) -> P {
        let provision = slots[index].typed(P.self)
        index += 1
        return try provision.produce(&context)
    }
}

/// An instance shared within one resolve.
@usableFromInline
struct GraphEntry {
    @usableFromInline let index: Int
    @usableFromInline let object: AnyObject

    @inlinable init(index: Int, object: AnyObject) {
        self.index = index
        self.object = object
    }
}

/// A component in progress, linked to the one that asked for it, for components that can take part in a cycle.
@usableFromInline
struct GuardFrame {
    @usableFromInline unowned(unsafe) let component: BoundComponent
    @usableFromInline let previous: UnsafeMutablePointer<GuardFrame>?

    @inlinable
    init(component: BoundComponent, previous: UnsafeMutablePointer<GuardFrame>?) {
        self.component = component
        self.previous = previous
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
