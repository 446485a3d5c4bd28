/// A resolve that may await: `resolveAsync` and `initializeSingletonObjectsAsync()`.
///
/// The engine is synchronous, and stays so (it is what every resolve runs). An awaiting resolve therefore works
/// around it, in three steps:
/// 1. It walks what the request builds (each binding's construction and deferred targets, stopping at instances
///    that exist)
///    and finds the async components, dependencies first, and whether any component is main-actor isolated.
/// 2. It makes each async component whose lifetime keeps its instance: the engine produces the factory's
///    arguments, the factory is awaited, and the engine runs the component with that instance offered to its
///    thunk (`PremadeInstance`), which stores it as its lifetime says and runs its injections. `AsyncOnce` makes
///    concurrent resolves wait for one creation. An async component that keeps nothing cannot be made ahead of
///    its consumers, and is `async-factory`, unless it is the request itself.
/// 3. It runs the request in the engine, which now finds every async instance it needs.
/// Every engine run happens on the main actor when step 1 met a main-actor component.
extension DIContainer {
    /// What a request builds that a synchronous resolve here cannot.
    struct AwaitedWork {
        /// Async components, each after those it builds, with the components that build it.
        var asyncComponents: [(component: BoundComponent, path: [DIResolutionStep])] = []
        /// Whether a main-actor component is built.
        var needsMainActor = false
        /// Whether an instance handed out on the main actor only is met: the engine runs there when the caller is,
        /// rather than in the task of an async creation, elsewhere.
        var handsOutOnMainActor = false
        /// Instances of main-actor components that exist, by component: offered to the engine runs, so that a weak
        /// or reset one gone meanwhile does not need a main actor this resolve did not hop to.
        var existing: [Int: AnyObject] = [:]
    }

    /// Step 1, for a request whose roots are `roots`: iterative, since the graph may be as deep as the engine allows
    /// and this runs on a thread of the cooperative pool.
    ///
    /// Below an instance that exists, nothing is built unless a reset drops it meanwhile: the walk goes on there for
    /// the async components only, so that such a resolve still has them, but does not hop for what it finds. A
    /// component met there first and then again where it is built is walked again.
    func awaitedWork(from roots: [BoundComponent]) -> AwaitedWork {
        enum Step {
            case enter(BoundComponent, reused: Bool)
            case leave(BoundComponent)
        }
        var work = AwaitedWork()
        var visitedBuilt: Set<Int> = []
        var visitedReused: Set<Int> = []
        var listed: Set<Int> = []
        var path: [DIResolutionStep] = []
        var steps = roots.reversed().map { Step.enter($0, reused: false) }
        while let step = steps.popLast() {
            switch step {
            case .leave(let component):
                path.removeLast()
                if component.registration.kind == .asynchronous, listed.insert(component.index).inserted {
                    work.asyncComponents.append((component, path))
                }
            case .enter(let component, let reusedAbove):
                if visitedBuilt.contains(component.index) || (reusedAbove && visitedReused.contains(component.index)) {
                    continue
                }
                let instance = reusedAbove ? nil : component.existingKeptInstance()
                let reused = reusedAbove || instance != nil
                if reused { visitedReused.insert(component.index) } else { visitedBuilt.insert(component.index) }
                if component.registration.kind == .mainActor {
                    if let instance { work.existing[component.index] = instance }
                    if !reused { work.needsMainActor = true }
                }
                if component.handsOutOnMainActorOnly { work.handsOutOnMainActor = true }
                path.append(component.step)
                steps.append(.leave(component))
                let binding = component.currentBinding.object ?? component.plan.bind(component)
                // Pushed last to first, so that they are walked in order: construction targets, then deferred ones.
                for target in binding.deferredTargets.reversed() { steps.append(.enter(target, reused: reused)) }
                for target in binding.constructionTargets.reversed() { steps.append(.enter(target, reused: reused)) }
            }
        }
        return work
    }

    /// Runs `provision`, a request for `type` whose roots are `roots` (its component `root`, if it has one), into
    /// `target`, making what the engine cannot make first.
    ///
    /// On the caller's actor (`nonisolated(nonsending)`), as the public entries are: a plain `async` function would
    /// leave the main actor before the checks of what is handed out there only, and refuse what the caller may have.
    nonisolated(nonsending) func resolveAwaiting(
        _ provision: Provision, type: any Any.Type, roots: [BoundComponent], root: BoundComponent?, graphCapacity: Int,
        into target: Room
    ) async throws(DIError) {
        // An instance of the main actor's would reach this caller, elsewhere, even when built on the main actor.
        if let root, root.handsOutOnMainActorOnly, !MainActorCheck.isIsolated {
            throw root.handOutRefusal
        }
        // Pinned while it walks the bindings; what it keeps from them (components) it holds.
        let work = Reclamation.pinned { awaitedWork(from: roots) }
        // A caller on the main actor keeps every engine run there, those in an async creation's task included, so
        // that an instance handed out there only reaches the factories that need it; a caller elsewhere gets
        // `main-actor-isolated` for it, as a synchronous resolve would.
        let onMain = work.needsMainActor || (work.handsOutOnMainActor && MainActorCheck.isIsolated)
        // What step 2 made or found, by component (a registration may have a component in a child's plan and one in
        // its parent's, each with its own instance): offered to every engine run that follows (see
        // `PremadeInstance`), and held until the resolve ends, which weak lifetimes need.
        var made = work.existing
        for (component, path) in work.asyncComponents
        where component !== root || component.keepsInstances || component.lifetime == .perRequest {
            // Refused before its factory runs: nothing would keep or dispose what it made.
            if component.lifetime == .perRequest, RequestScopes.awaiting == nil {
                throw DIError(.outsideRequestScope(component.info, scopeEnded: false), path: path + [component.step])
            }
            guard component.keepsInstances else {
                throw DIError(
                    .asyncFactory(component.info, lifetime: component.lifetime, keepsInstances: false),
                    path: path + [component.step])
            }
            do throws(DIError) {
                if let existing = try component.existingInstance() {
                    made[component.index] = existing
                } else {
                    made[component.index] = try await makeKept(component, onMain: onMain, prepared: made)
                }
            } catch {
                // Seen from the request, as a synchronous resolve would report it.
                throw error.prepending(path)
            }
        }
        let request = Handoff(value: (provision, target))
        let runRequest = { [self] () throws(DIError) in
            try pinnedResolving { (pin) throws(DIError) in
                try run(
                    ProvisionSlot(request.value.0), type: type, into: request.value.1,
                    graphCapacity: graphCapacity, arguments: nil, observer: nil, pin: pin)
            }
        }
        if let root, root.registration.kind == .asynchronous, !root.keepsInstances {
            // `build` offers `made` to the run, with the root's new instance.
            try await build(root, onMain: onMain, prepared: made, then: runRequest)
        } else {
            let prepared = made
            try await onActor(onMain) { () throws(DIError) in try PremadeInstance.preparing(prepared, runRequest) }
        }
    }

    /// Step 2 for one component: its instance, made now unless it exists, once however many resolves ask.
    private nonisolated(nonsending) func makeKept(
        _ component: BoundComponent, onMain: Bool, prepared: [Int: AnyObject]
    ) async throws(DIError) -> AnyObject? {
        let prepared = Handoff(value: prepared)
        // A perRequest instance is made once per request: the scope's key for the registration, counted as a make
        // that the scope's end waits for.
        let requestScope = component.lifetime == .perRequest ? RequestScopes.awaiting : nil
        let key =
            if let requestScope { try requestScope.beginAsyncMake(of: component) } else {
                ObjectIdentifier(component.cell ?? component.scopeGate!)
            }
        defer { requestScope?.finishAsyncMake() }
        let reentry = { DIError(.cycle(DIRequest(type: component.info.type), cycle: [component.step])) }
        return try await AsyncOnce.run(key, reentry: reentry) { [self] () async throws(DIError) -> AnyObject? in
            // Another resolve may have made it since this one looked.
            if let existing = try component.existingInstance() { return existing }
            let held = try await build(component, onMain: onMain, prepared: prepared.value) {
                () throws(DIError) -> Handoff<AnyObject> in
                try component.layout.withRoom { (room) throws(DIError) in
                    try self.pinnedResolving { (pin) throws(DIError) in
                        try self.run(
                            ProvisionSlot(component.provision), type: component.info.type, into: room,
                            graphCapacity: component.graphCapacity, arguments: nil, observer: nil, pin: pin)
                    }
                    return Handoff(value: component.layout.hold(movingFrom: room))
                }
            }
            return held.value
        }
    }

    /// Awaits the factory of async `component` with arguments the engine produced, then runs `engine`, whose run
    /// of the component takes that instance.
    private nonisolated(nonsending) func build<R>(
        _ component: BoundComponent, onMain: Bool, prepared: [Int: AnyObject],
        then engine: @escaping () throws(DIError) -> R
    ) async throws(DIError) -> R {
        let prepared = Handoff(value: prepared)
        let factory = component.registration.asyncFactory!
        let memory = AsyncFactory.Memory(
            arguments: .allocate(byteCount: max(factory.size, 1), alignment: factory.alignment),
            instance: .allocate(byteCount: max(component.layout.size, 1), alignment: component.layout.alignment))
        defer {
            memory.arguments.deallocate()
            memory.instance.deallocate()
        }
        if factory.parameters.count > 0 {
            let reading = ArgumentsProvision(component, parameters: factory.parameters)
            try await onActor(onMain) { [self] () throws(DIError) in
                try PremadeInstance.preparing(prepared.value) { () throws(DIError) in
                    try pinnedResolving { (pin) throws(DIError) in
                        try run(
                            ProvisionSlot(reading), type: factory.parameters.wholeType,
                            into: memory.arguments, graphCapacity: component.graphCapacity, arguments: nil,
                            observer: nil, pin: pin)
                    }
                }
            }
            withExtendedLifetime(reading) {}
        }
        do {
            try await factory.call(memory)
        } catch let error as DIError {
            throw error
        } catch {
            throw DIError(.factoryFailed(component.info, underlying: error), path: [component.step])
        }
        return try await onActor(onMain) { () throws(DIError) -> R in
            try PremadeInstance.preparing(prepared.value) { () throws(DIError) in
                try PremadeInstance.offer(memory.instance, for: component, engine)
            }
        }
    }

    /// Runs `body` on the main actor when `onMain`, here otherwise.
    private nonisolated(nonsending) func onActor<R>(_ onMain: Bool, _ body: @escaping () throws(DIError) -> R)
        async throws(DIError) -> R
    {
        // An awaiting resolve through a request scope runs the engine in it, as `scope.resolve` does.
        let body = RequestScopes.enteringAwaited(body)
        guard onMain else { return try body() }
        let work = Handoff(value: body)
        do {
            return try await MainActor.run { Handoff(value: try work.value()) }.value
        } catch {
            throw error as! DIError  // `body` throws only `DIError`s.
        }
    }
}

extension BoundComponent {
    /// Whether its instances outlive the resolve that made them, so that an awaiting resolve can make one ahead: a
    /// perRequest one where the resolve runs through a request scope (`DIRequestScope.resolveAsync`).
    var keepsInstances: Bool {
        rule == .cached
            || (rule == .scoped && (scope != nil || (lifetime == .perRequest && RequestScopes.awaiting != nil)))
    }

    /// The instance its cell or scope holds now, if any; `nil` too where the scope's storage fails.
    func existingKeptInstance() -> AnyObject? {
        try? existingInstance()
    }

    /// The instance its cell or scope holds now, if any.
    func existingInstance() throws(DIError) -> AnyObject? {
        switch rule {
        case .cached: cell?.load()
        case .scoped:
            if lifetime == .perRequest {
                try RequestScopes.awaiting?.existingInstance(of: self)
            } else {
                try scope?.fetch(info, layout: layout)
            }
        case .everyTime, .sharedInGraph: nil
        }
    }
}
