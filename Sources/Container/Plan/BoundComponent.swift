/// One registration as one container's plan resolves it: what the registration says (factory, lifetime, cell),
/// and its current `Binding` to the providers of its dependencies.
///
/// A component is made for a registration the first time the plan needs it and stays the same object until the
/// registration changes, so that slots, entries and `Lazy` values may point at it. It is its own provision as its
/// own type: a provision that pointed back at it was an unretained link, since the component would have owned it. Its
/// binding is made lazily and dropped when a registration it asked about changes. The plan owns its components
/// and each component its binding; what a change drops is retired (see `Reclamation`), so a resolve reads them
/// without retaining them.
///
/// Unchecked `Sendable`: immutable but for `askedTypes` and `closedAt`, which change under the plan's lock, and its
/// binding, which is published whole (`RetiringReference`).
@usableFromInline
final class BoundComponent: Provision, @unchecked Sendable {
    /// Unique in the process (see `nextIndex`): what a resolve's shared instances are keyed by.
    let index: Int
    let registration: Registration
    /// 0 for the container that owns the plan, 1 for its parent, and so on.
    let level: Int
    let layout: InstanceLayout
    let lifetime: DILifeTime
    let factory: FactoryThunk
    /// The injected properties, in injection order.
    let injections: [InjectionDescriptor]
    /// The types of the runtime arguments the factory takes, in order.
    let argumentTypes: [ObjectIdentifier]
    /// What the lifetime does on a request.
    let rule: LifetimeRule
    /// Whether its instance is shared and belongs to the main actor (`DISharing.mainActor`): handed out there only.
    let handsOutOnMainActorOnly: Bool
    /// Where a perContainer, perRun or single instance lives.
    let cell: InstanceCell?
    /// The gate of a custom scope for this registration.
    let scopeGate: CreationGate?
    /// Whether instances are shared with the rest of the resolve that made them: objectGraph members, and
    /// cached components whose property injection may lead back to them before they are published.
    let keepsInGraph: Bool
    /// For a `perRequest` component whose type adopts `DIDisposable`, that type: a request's end disposes each of its
    /// instances through it, with no look-up of the conformance per instance (a server ends a scope per request).
    let requestDisposableType: (any DIDisposable.Type)?
    /// The plan that made this component and owns it: `unowned`, read off the resolve's path (binding, a `Lazy` being
    /// made), where the check on each read costs nothing that matters.
    unowned let plan: RegistryPlan
    /// `plan`'s identity, for the checks binding makes on every component it walks, which an `unowned` read would
    /// make with a count each (L1 +1.7% instructions).
    private let planIdentity: ObjectIdentifier
    /// Why it builds nothing, where it does not: every request of it, and every dependency on it, gets the error.
    private let failure: FailingProvision?
    /// The current `Binding`, owned here, or `nil` until the plan binds the component (again): published under the
    /// plan's lock, read by resolves without one.
    let currentBinding = RetiringReference<Binding>()
    /// The types the plan lists it under in `dependents`, sorted, each once, so that it can be taken off when it
    /// goes (under the plan's lock).
    var askedTypes: [ObjectIdentifier] = []
    /// The plan's `closedMark` when every component below this one was last found bound, else 0 (under the plan's
    /// lock): a later binding need not walk below it (see `RegistryPlan.bindAll`).
    var closedAt: UInt = 0

    /// A number no other component in the process has. A resolve keeps the instances it shares under their
    /// components' numbers, and one resolve builds components of several plans (an ancestor's process-wide ones
    /// beside its child's): numbers per plan would let two of them meet under one number, and one be read as the
    /// other.
    static func nextIndex() -> Int {
        Int(truncatingIfNeeded: indices.increment())
    }

    private static let indices = AtomicWord(0)

    init(index: Int, registration: Registration, level: Int, cell: InstanceCell?, plan: RegistryPlan) {
        self.index = index
        self.registration = registration
        self.level = level
        self.layout = registration.layout
        self.lifetime = registration.lifetime
        self.factory = registration.factory
        self.injections = registration.injections
        self.argumentTypes = registration.argumentTypes.map { ObjectIdentifier($0) }
        self.cell = cell
        self.scopeGate =
            if case .custom(let scope) = registration.lifetime { scope.gate(for: registration.info) } else { nil }
        self.keepsInGraph =
            registration.lifetime == .objectGraph
            || (registration.lifetime.isCaching && !registration.injections.isEmpty)
        self.rule = Self.rule(for: registration, cell: cell)
        self.requestDisposableType =
            registration.lifetime == .perRequest ? registration.info.type as? any DIDisposable.Type : nil
        self.handsOutOnMainActorOnly = registration.handsOutOnMainActorOnly
        self.plan = plan
        self.planIdentity = ObjectIdentifier(plan)
        self.failure = Self.refusal(of: registration).map(FailingProvision.init)
    }

    /// Why the registration builds nothing: a builder call that contradicts its factory, or a shared lifetime that
    /// nothing on its line proved sound to share (it came from a default). The second is refused rather than made
    /// a new instance per resolve: a silent prototype would break whoever relies on one instance, while the error
    /// names the line and the fix, and `validate()` reports it before the app runs.
    private static func refusal(of registration: Registration) -> DIError? {
        if let problem = registration.problems.first {
            return DIError(.invalidRegistration(registration.info, problem: problem))
        }
        if registration.sharesBeyondResolve && registration.sharing == .unproven {
            return DIError(.sharedNotSendable(registration.info, lifetime: registration.lifetime))
        }
        return nil
    }

    /// What the lifetime does on a request. Nothing holds a value type weakly: a weak lifetime of one builds it
    /// every time.
    private static func rule(for registration: Registration, cell: InstanceCell?) -> LifetimeRule {
        // A request input is read from the scope each time: the scope keeps its value, and never disposes it.
        if registration.kind == .requestInput { return .everyTime }
        return switch registration.lifetime {
        case .prototype: .everyTime
        case .objectGraph: .sharedInGraph
        case .perContainer, .perRun, .single:
            cell!.policy == .weak && !registration.layout.mayHoldObject ? .everyTime : .cached
        case .custom(let scope): scope.policy == .weak && !registration.layout.mayHoldObject ? .everyTime : .scoped
        case .perRequest: .scoped
        }
    }

    var info: DIComponentInfo { registration.info }

    /// Its hop in a resolve's path, for errors, logs, observers and the paths that note it (`Lazy` and `Provider`
    /// accesses, async resolves, deferred injections): made when asked, which a warm synchronous resolve never
    /// does, where a stored one made every component a third larger (its registration's site, copied).
    var step: DIResolutionStep {
        DIResolutionStep(
            requested: DIRequest(type: registration.info.type), component: registration.info, lifetime: lifetime)
    }
    var isClass: Bool { layout.isClass }
    /// The scope of a custom lifetime.
    var scope: DIScope? {
        if case .custom(let scope) = lifetime { scope } else { nil }
    }

    /// Whether `plan` made this component (rather than an ancestor's plan).
    func isMade(by plan: RegistryPlan) -> Bool {
        isMade(byPlan: ObjectIdentifier(plan))
    }

    /// Whether the plan of identity `plan` made this component.
    func isMade(byPlan plan: ObjectIdentifier) -> Bool {
        planIdentity == plan
    }

    /// Runs `body` with the current binding, lent, made now if the component has none; the caller is pinned.
    @inline(__always)
    func withBinding<Result>(_ body: (Binding) throws(DIError) -> Result) throws(DIError) -> Result {
        try currentBinding.readPinned(orMake: plan.bind(self), body)
    }

    /// Publishes `binding` as the current one, which the component had none of (under the plan's lock).
    func own(_ binding: Binding) {
        let previous = currentBinding.exchange(with: binding)
        assert(previous == nil, "a component's binding is detached before it is bound again")
    }

    /// Unpublishes the current binding and hands it over, for the plan to retire (under the plan's lock).
    func detachBinding() -> Binding? {
        currentBinding.exchange(with: nil)
    }

    /// How many instances a resolve rooted here may share, as its current binding estimates it.
    var graphCapacity: Int {
        currentBinding.peekPinned(orMake: plan.bind(self)) { $0.graphCapacity }
    }

    /// The provision of this component as its own type: the component, or a wrapper that owns it where a rule
    /// comes first (its failure; the main actor's check, kept out of `object`, whose frame every level of a deep
    /// graph stacks). A wrapper is made for the slot or entry that asks, which owns it.
    var provision: Provision {
        if let failure { return failure }
        return handsOutOnMainActorOnly ? MainActorOnlyProvision(self) : self
    }

    /// The provision of this component as its own type (`alias == nil`) or through alias `alias` (its own type
    /// where the alias names it, the usual alias).
    func provision(alias: Int?) -> Provision {
        guard failure == nil, let alias, registration.aliases[alias].type != registration.info.type else {
            return provision
        }
        return AliasProvision(self, alias: registration.aliases[alias])
    }

    // MARK: As its own provision (overrides stay in the class; the rules they run follow in extensions)

    /// The instance for this request, for a component whose type is a class; for a value type, the boxed value.
    override func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        switch rule {
        case .everyTime:
            return try buildObject(&context)
        case .sharedInGraph:
            if let existing = try madeInThisResolve(context) { return existing }
            return try buildObject(&context)
        case .cached:
            return try cached(&context)
        case .scoped:
            return try scoped(&context)
        }
    }

    /// Writes the instance for this request to `target`.
    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        if layout.isClass {
            target.initialize(toObject: try object(&context))
        } else if rule == .everyTime {
            try build(into: target, &context)
        } else {
            layout.copy(try object(&context), to: target)
        }
    }
}

// MARK: What the lifetime does on a request

extension BoundComponent {
    /// A `perRequest` instance: the request scope's. A case of `scoped` rather than a rule of its own, so that
    /// `object`, whose frame is on the stack once per level of a deep graph, has no branch more.
    private func requestScoped(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        if let existing = try madeInThisResolve(context) { return existing }
        return try RequestScopes.instance(of: self, &context)
    }

    /// Throws `main-actor-isolated` off the main actor for an instance that may be used only there.
    func requireMainActorToHandOut() throws(DIError) {
        if handsOutOnMainActorOnly && !MainActorCheck.isIsolated { throw handOutRefusal }
    }

    private func cached(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        // The cell read in place: a local copy of the reference, which the closures below capture, cost every read
        // of an existing instance a retain and a release of the cell, which every resolving thread shares.
        if let existing = cell!.load() { return reused(existing, context) }
        return try cachedOrMade(&context)
    }

    /// `cached` when the cell holds no instance: this resolve's, or one made now, once across threads.
    @inline(never)
    private func cachedOrMade(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        let cell = cell!
        if let existing = try madeInThisResolve(context) { return existing }
        return try cell.gate.run(
            reentry: { CycleGuard.reentry(step) },
            existing: { () -> AnyObject? in cell.load().map { reused($0, context) } },
            create: { () throws(DIError) -> AnyObject in
                let made = try buildObject(&context)
                cell.store(made)
                context.notePublished(cell)
                DILogger.log(.verbose, "created \(step)")
                return made
            })
    }

    private func scoped(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        guard let scope else { return try requestScoped(&context) }
        if let existing = try madeInThisResolve(context) { return existing }
        return try scopeGate!.run(
            reentry: { CycleGuard.reentry(step) },
            existing: { () throws(DIError) -> AnyObject? in
                try scope.fetch(info, layout: layout).map { reused($0, context) }
            },
            create: { () throws(DIError) -> AnyObject in
                let made = try buildObject(&context)
                scope.save(made, layout: layout, for: info)
                return made
            })
    }

    /// The instance this resolve already made and shares, if any; throws the cycle if the component is being
    /// built now. What every lifetime that reuses instances asks before looking further.
    private func madeInThisResolve(_ context: ResolveContext) throws(DIError) -> AnyObject? {
        if currentBinding.peekPinned(orMake: plan.bind(self), { $0.onCycle }) { try CycleGuard.check(self, context) }
        guard keepsInGraph, let existing = context.recall(index) else { return nil }
        return reused(existing, context)
    }

    /// An instance made earlier (by this resolve, a cell or a scope), told to the observer. Inlined, with the
    /// observer out of line: called, it handed `existing` back through a frame the optimiser could not see through,
    /// and each reuse paid a retain and a release more (S4: two pairs per resolve, since 43c20e5).
    @inline(__always)
    private func reused(_ existing: AnyObject, _ context: ResolveContext) -> AnyObject {
        if context.extras != nil { tellReuse(context) }
        return existing
    }

    @inline(never)
    private func tellReuse(_ context: ResolveContext) {
        context.observer?.didReuse(step)
    }
}

// MARK: Building one new instance: run its factory, share the instance with the rest of the resolve where others
// may ask for it again, and set its injected properties.

extension BoundComponent {
    /// A new instance, in the form caches hold: the instance of a class, a boxed value otherwise.
    @inline(__always)
    func buildObject(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        if layout.isClass {
            return try receive(AnyObject.self) { (word) throws(DIError) in try build(into: word, &context) }
        }
        return try layout.withRoom { (room) throws(DIError) -> AnyObject in
            try build(into: room, &context)
            return layout.hold(movingFrom: room)
        }
    }

    /// Builds a new instance at `target`, which is initialized if and only if this returns.
    @inline(__always)
    func build(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        // Read here, not through `withBinding`: a debug build stacks this frame for every level of a deep graph.
        try currentBinding.readPinned(orMake: plan.bind(self)) { (binding) throws(DIError) in
            // Most builds have nothing to inject, guard or tell.
            if injections.isEmpty, !binding.onCycle, context.extras == nil {
                try buildPlainly(into: target, binding, &context)
                if keepsInGraph { context.remember(index, layout.holdCopy(of: target)) }
            } else {
                try build(into: target, binding, &context)
            }
        }
    }

    /// `build` for a step with nothing to inject, guard or tell: the stack check and the factory.
    @inline(__always)
    private func buildPlainly(
        into target: Room, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        do throws(DIError) {
            let here = StackGuard.here()
            if here < context.stackCheckpoint { try context.checkStack(at: here, building: info) }
            try DependencyReader.callFactory(of: self, into: target, binding, &context)
        } catch {
            context.noteFailure(step)
            throw error
        }
    }

    /// `build` with everything a step may need: the cycle guard, the observer, sharing and injections.
    private func build(
        into target: Room, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        let onCycle = binding.onCycle
        if onCycle { try CycleGuard.enter(self, &context) }
        defer { if onCycle { CycleGuard.leave(&context) } }
        context.observer?.willBuild(step)
        do throws(DIError) {
            let here = StackGuard.here()
            if here < context.stackCheckpoint { try context.checkStack(at: here, building: info) }
            try DependencyReader.callFactory(of: self, into: target, binding, &context)
            if keepsInGraph || !injections.isEmpty {
                do throws(DIError) {
                    try finish(target, binding, &context)
                } catch {
                    layout.destroy(target)
                    throw error
                }
            }
            context.observer?.didBuild(step, failed: false)
        } catch {
            context.observer?.didBuild(step, failed: true)
            // The path is gathered on the way out and joined once at the top, so a deep failure costs O(depth).
            context.noteFailure(step)
            throw error
        }
    }

    /// Sets the injected properties of `object`, made elsewhere (`inject(into:)`), as a build does after the
    /// factory: shared with the rest of the resolve, so that what leads back to this component gets it.
    func inject(into object: AnyObject, _ context: inout ResolveContext) throws(DIError) {
        try withBinding { (binding) throws(DIError) in
            let onCycle = binding.onCycle
            if onCycle { try CycleGuard.enter(self, &context) }
            defer { if onCycle { CycleGuard.leave(&context) } }
            do throws(DIError) {
                try layout.withRoom { (room) throws(DIError) in
                    room.initialize(toObject: object)
                    defer { layout.destroy(room) }
                    try finish(room, binding, &context)
                }
            } catch {
                context.noteFailure(step)
                throw error
            }
        }
    }

    /// Shares the new instance with the resolve and sets its injected properties.
    private func finish(
        _ target: Room, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        if keepsInGraph { context.remember(index, layout.holdCopy(of: target)) }
        // An injection's slots follow those of the injections before it.
        var position = 0
        for injection in injections {
            defer { position += injection.dependencies.count }
            if injection.cycle {
                let owner = layout.holdCopy(of: target)
                context.enqueue(
                    DeferredInjection(owner: step, ownerIndex: index) { [self, position] (context) throws(DIError) in
                        try layout.withRoom { (room) throws(DIError) in
                            layout.copy(owner, to: room)
                            defer { layout.destroy(room) }
                            try DependencyReader.inject(
                                injection, of: self, slot: position, of: binding, owner: room, &context)
                        }
                    })
            } else {
                try DependencyReader.inject(injection, of: self, slot: position, of: binding, owner: target, &context)
            }
        }
    }
}

// MARK: What a factory's thunk asks of the component it builds

extension BoundComponent {
    /// Throws `main-actor-isolated` unless this runs on the main actor.
    @usableFromInline
    func requireMainActor() throws(DIError) {
        if !MainActorCheck.isIsolated { throw DIError(.mainActorIsolated(info)) }
    }

    /// The error of a component registered with `registerInjections(into:)`, which has no factory to call.
    func madeElsewhere() -> DIError {
        DIError(.madeElsewhere(info))
    }

    /// The error of a factory that threw `error`: a `DIError` (from a resolve inside the factory) as it is, any
    /// other wrapped with this component. Here rather than in every registration's thunk.
    @usableFromInline
    func factoryFailure(_ error: any Error) -> DIError {
        if let error = error as? DIError { return error }
        return DIError(.factoryFailed(info, underlying: error))
    }
}

/// What a lifetime does when its component is requested: reuse an instance it keeps, or build one.
enum LifetimeRule {
    /// prototype, and weak lifetimes of value types: a new instance for every request.
    case everyTime
    /// objectGraph: one instance per top-level resolve.
    case sharedInGraph
    /// perContainer, perRun and single: one instance per cell, read without a lock once it exists.
    case cached
    /// custom: kept in the scope's storage, which decides when an instance is reused; perRequest: kept in the
    /// request scope the resolve runs in.
    case scoped
}
