/// The state of one top-level resolve, kept on the caller's stack and passed `inout` down the plan.
///
/// Making and dropping a context costs no reference counting in the common resolve: it holds no reference to its
/// container (only its plan's identity), the object-graph cache is a stack buffer sized for the root, and what only
/// some resolves need (arguments, an observer, deferred injections) lives in `extras`, `nil` until then.
@usableFromInline
struct ResolveContext {
    /// The identity of the plan of the container the resolve started from, which is all a step asks of that
    /// container: whether a `Lazy` or `Provider` made during the resolve has a root it may build (`GraphInstance`).
    let planIdentity: ObjectIdentifier
    /// Instances shared within this resolve: objectGraph members, and caching components whose property
    /// injection may lead back to them.
    var graph: SharedInstances
    /// Made by the first resolve step that needs it, dropped by `finish()`.
    var extras: ResolveExtras?
    /// A building step whose frame lies below this address asks `StackGuard` whether the stack has room left.
    var stackCheckpoint: UInt

    init(
        container: borrowing DIContainer, arguments: GivenArguments?, observer: (any DIResolutionObserver)?,
        graph: SharedInstances, stackCheckpoint: UInt
    ) {
        self.planIdentity = ObjectIdentifier(container.plan)
        self.graph = graph
        self.stackCheckpoint = stackCheckpoint
        if arguments != nil || observer != nil {
            extras = ResolveExtras(arguments: arguments, observer: observer)
        }
    }

    /// Told of every instance built or reused, for traces and profiles.
    var observer: (any DIResolutionObserver)? {
        extras?.observer
    }

    /// The extras, allocated now if this is the first step to need them.
    mutating func makeExtras() -> ResolveExtras {
        if let extras { return extras }
        let made = ResolveExtras(arguments: nil, observer: nil)
        extras = made
        return made
    }

    /// The instance of component `index` made earlier in this resolve, retained for the caller, which hands it
    /// out (one retain, the one a reuse costs).
    @inline(__always)
    func recall(_ index: Int) -> AnyObject? {
        if let found = graph.recall(index) { return found }
        if let extras {
            for entry in extras.graphOverflow where entry.index == index { return entry.object }
        }
        return nil
    }

    /// Whether the resolve shares an instance of component `index` already.
    func remembers(_ index: Int) -> Bool {
        graph.remembers(index) || extras?.graphOverflow.contains { $0.index == index } == true
    }

    /// Shares an instance with the rest of this resolve, which holds it until `finish()`.
    @inline(__always)
    mutating func remember(_ index: Int, _ object: consuming AnyObject) {
        // Consumed here: kept to the end of this function (the `Lazy`s below are calls it cannot see through), the
        // reference cost a retain and a release around the entry's own.
        if graph.hasRoom {
            graph.remember(index, consume object)
        } else {
            makeExtras().graphOverflow.append((index, object))
        }
        // A `Lazy` or `Provider` of it made before it was built (`(later: Lazy<D>, d: D)`) and read later in this
        // resolve gives it too.
        if let extras, !extras.graphLazies.isEmpty {
            for lazy in extras.graphLazies where lazy.root == index { lazy.share(&self, false) }
        }
    }

    /// Runs the root's provision into `target`, then the deferred injections while the shared instances are still
    /// there; the caller ends the resolve (`finish()`), returning or throwing. `target` is initialized if and only
    /// if this returns; `type` is the type written there.
    mutating func resolveRoot(
        _ provision: borrowing ProvisionSlot, type: any Any.Type, into target: Room
    ) throws(DIError) {
        do throws(DIError) {
            try provision.produce(into: target, &self)
        } catch {
            throw locate(error)
        }
        do throws(DIError) {
            try completeRoot()
        } catch {
            target.destroy(instanceOf: type)
            throw error
        }
    }

    /// `resolveRoot` for a class: the reference comes back as a result, with no room to write it to.
    mutating func resolveRootObject(_ provision: borrowing ProvisionSlot) throws(DIError) -> AnyObject {
        let object: AnyObject
        do throws(DIError) {
            object = try provision.object(&self)
        } catch {
            throw locate(error)
        }
        try completeRoot()
        return object
    }

    /// What a root's resolve does once the root is built: the deferred injections, while the shared instances are
    /// still there, and the graph's instances handed to the `Lazy`s made on the way.
    @inline(__always)
    private mutating func completeRoot() throws(DIError) {
        if hasDeferred {
            shareGraphInstances(ending: false)
            try runDeferred()
        }
        if let extras, !extras.graphLazies.isEmpty { shareGraphInstances(ending: true) }
    }

    /// `resolveRoot`, then `finish()`, returning or throwing. Inlined where the context was made, and not a
    /// `defer` (which the optimiser outlines into a function of its own), so that the compiler sees `extras` is
    /// `nil` when the context goes and calls no release for it.
    @inline(__always)
    mutating func resolveRootAndFinish(
        _ provision: borrowing ProvisionSlot, type: any Any.Type, into target: Room
    ) throws(DIError) {
        do throws(DIError) {
            try resolveRoot(provision, type: type, into: target)
        } catch {
            finish()
            throw error
        }
        finish()
    }

    /// `resolveRootObject`, then `finish()`, as `resolveRootAndFinish`.
    @inline(__always)
    mutating func resolveRootObjectAndFinish(_ provision: borrowing ProvisionSlot) throws(DIError) -> AnyObject {
        let object: AnyObject
        do throws(DIError) {
            object = try resolveRootObject(provision)
        } catch {
            finish()
            throw error
        }
        finish()
        return object
    }

    /// Sets the injections of `component` on `object`, made elsewhere (`inject(into:)`), then runs the deferred
    /// ones, and ends the resolve.
    mutating func injectRoot(_ component: BoundComponent, into object: AnyObject) throws(DIError) {
        defer { finish() }
        do throws(DIError) {
            try component.inject(into: object, &self)
        } catch {
            throw locate(error)
        }
        try completeRoot()
    }

    /// Notes a `Lazy` of an objectGraph root made by this resolve.
    mutating func noteGraphLazy(_ lazy: GraphLazy) {
        makeExtras().graphLazies.append(lazy)
    }

    /// Gives each `Lazy` and `Provider` made by this resolve the instance of its root that the resolve built, if it
    /// built one, before the deferred injections run (which may use them) and as the resolve ends; the others
    /// resolve on first access, as ever. Ending, a `Provider` lets go of it: a call after this resolve returned
    /// starts a graph of its own.
    private mutating func shareGraphInstances(ending: Bool) {
        guard let extras else { return }
        let lazies = extras.graphLazies
        if ending { extras.graphLazies = [] }
        for lazy in lazies { lazy.share(&self, ending) }
    }

    /// Checks, for a step building at stack address `here` past the checkpoint, that the thread's stack has room
    /// for it; past the first checkpoint, the next is the thread's floor itself.
    mutating func checkStack(at here: UInt, building component: DIComponentInfo) throws(DIError) {
        let floor = StackGuard.floor(for: here)
        stackCheckpoint = floor
        if here < floor {
            throw DIError(.stackExhausted(component, stackLeft: Int(here + StackGuard.reserve - floor)))
        }
    }

    /// Notes that `step` was being built when an error passed through it.
    mutating func noteFailure(_ step: DIResolutionStep) {
        makeExtras().failurePath.append(step)
    }

    /// `error` with the steps noted on its way out in front of its path, outermost first; the noted steps are
    /// used up.
    mutating func locate(_ error: DIError) -> DIError {
        guard let extras, !extras.failurePath.isEmpty else { return error }
        defer { extras.failurePath = [] }
        return error.prepending(extras.failurePath.reversed())
    }

    /// Releases the shared instances and the extras at the end of the resolve.
    @inline(__always)
    mutating func finish() {
        graph.releaseAll()
        if let extras {
            // The instances shared past the buffer go at the end of the resolve, as those in it do.
            extras.graphOverflow.removeAll()
            self.extras = nil
        }
    }

    /// Whether property injections wait for the end of the resolve.
    var hasDeferred: Bool {
        extras?.deferred.isEmpty == false
    }

    /// Queues a deferred property injection.
    mutating func enqueue(_ injection: DeferredInjection) {
        makeExtras().deferred.append(injection)
    }

    /// Runs queued injections, including those they queue, until none is left; if one fails, the instances
    /// this resolve cached are dropped, since some of them miss an injection.
    mutating func runDeferred() throws(DIError) {
        do {
            try runQueuedInjections()
        } catch {
            for cell in extras?.published ?? [] { cell.reset() }
            throw error
        }
    }

    /// Notes that this resolve published an instance to `cell`.
    mutating func notePublished(_ cell: InstanceCell) {
        makeExtras().published.append(cell)
    }

    private mutating func runQueuedInjections() throws(DIError) {
        var runs: [Int: Int] = [:]
        while let extras, !extras.deferred.isEmpty {
            let queue = extras.deferred
            extras.deferred = []
            for injection in queue {
                runs[injection.ownerIndex, default: 0] += 1
                if runs[injection.ownerIndex]! > Self.deferredRepeatLimit {
                    throw DIError(.cycle(injection.owner.requested, cycle: [injection.owner]))
                }
                do throws(DIError) {
                    try injection.run(&self)
                } catch {
                    throw locate(error).prepending(CollectionOfOne(injection.owner))
                }
            }
        }
    }

    /// One component's deferred injection queued again this many times in one resolve is a cycle of prototypes
    /// that never ends: every round builds new instances that queue the same injections again.
    static let deferredRepeatLimit = 256

    /// The runtime arguments of the top-level request, for an accessor that request asked for itself
    /// (`resolveOrThrow(Provider<T>.self, arguments: ...)`), which passes them when it is used.
    func requestArguments(for access: DeferredAccessProvision) -> GivenArguments? {
        access.request?.topLevel == true ? extras?.arguments : nil
    }

    /// The runtime argument at `position`, checked against the type the factory declared.
    func argument<Value>(_ position: Int, as type: Value.Type) -> Value {
        // The top-level request checked count and types before the factory ran.
        extras!.arguments!.values[position] as! Value
    }
}

/// What only some resolves need, kept out of `ResolveContext` so that the common one has nothing to release: a
/// class, since the context is passed `inout` and never copied, and its end drops it (`finish()`).
final class ResolveExtras {
    /// Runtime arguments of the top-level request, with their types: a `Lazy` or `Provider` it asks for takes them.
    let arguments: GivenArguments?
    /// Told of every instance built or reused; the caller keeps it alive.
    let observer: (any DIResolutionObserver)?
    /// Shared instances past the root's estimated capacity, held until the resolve ends.
    var graphOverflow: [(index: Int, object: AnyObject)] = []
    /// Property injections marked `cycle: true`, run when the outermost resolve has built everything else.
    var deferred: [DeferredInjection] = []
    /// Cells this resolve published an instance to; emptied again if a deferred injection fails, so that no
    /// half-injected instance stays cached.
    var published: [InstanceCell] = []
    /// The components an error passed through on its way out, innermost first (see `locate`).
    var failurePath: [DIResolutionStep] = []
    /// The components on a construction cycle being built now, innermost last (see `CycleGuard`).
    var inProgress: [BoundComponent] = []
    /// The `Lazy`s of objectGraph roots made by this resolve, given their graph's instance when it ends.
    var graphLazies: [GraphLazy] = []

    init(arguments: GivenArguments?, observer: (any DIResolutionObserver)?) {
        self.arguments = arguments
        self.observer = observer
    }
}

/// A `Lazy` or `Provider` of an objectGraph component, made during a resolve that may build that component.
struct GraphLazy {
    /// The component whose instance it takes (`BoundComponent.index`).
    let root: Int
    /// Takes the resolve's instance, if it has one; `true` when the resolve ends.
    let share: (inout ResolveContext, Bool) -> Void
}

/// A property injection waiting for the end of the outermost resolve.
struct DeferredInjection {
    let owner: DIResolutionStep
    let ownerIndex: Int
    let run: (inout ResolveContext) throws(DIError) -> Void

    init(owner: DIResolutionStep, ownerIndex: Int, run: @escaping (inout ResolveContext) throws(DIError) -> Void) {
        self.owner = owner
        self.ownerIndex = ownerIndex
        self.run = run
    }
}
