/// Binding: choosing the provider of every request (nearest container first, then `.default()`), making the
/// components, their slots and entries, and finding the components on construction cycles.
///
/// Everything here runs under the plan's lock and runs no user code; it asks the containers of the lineage for
/// their providers one request at a time, so that binding costs what it binds.
extension RegistryPlan {
    /// A registration providing a request, `level` containers above the plan's.
    struct Provider {
        let level: Int
        let entry: ProviderIndex.Entry
        /// The registration as it was when chosen.
        let registration: Registration
    }

    typealias Choice = ProviderChoice<Provider>

    /// The container `level` containers above the plan's.
    private func container(at level: Int) -> DIContainer {
        level == 0 ? owner : ancestors[level - 1]
    }

    private var levels: Range<Int> { 0..<(ancestors.count + 1) }

    // MARK: Choosing

    /// The provider of a request that passes no runtime arguments (a dependency, or a top-level request without
    /// them), or of one that passes `arguments` of these types.
    func choose(_ key: ProviderKey, arguments: [ObjectIdentifier]? = nil) -> Choice? {
        // The nearest container with a provider decides; `.default()` chooses only among one container's.
        for level in levels {
            switch container(at: level).providing(key) {
            case .none: continue
            case .one(let sole): return .one(Provider(level: level, entry: sole.entry, registration: sole.registration))
            case .several: break
            }
            let entries = container(at: level).providers(of: key)
            guard !entries.isEmpty else { continue }
            let providers = entries.map { Provider(level: level, entry: $0.entry, registration: $0.registration) }
            guard let arguments else {
                return Choice.choose(
                    providers, level: \.level, isDefault: \.entry.isDefault,
                    takesArguments: { !$0.registration.argumentTypes.isEmpty })
            }
            // Those taking exactly these arguments, where some do; else those taking any, so that one alone is
            // chosen and its error names the arguments it takes.
            return Choice.choose(providers, level: \.level, isDefault: \.entry.isDefault) { nearest in
                let matching = nearest.filter { $0.registration.argumentTypes.map(ObjectIdentifier.init) == arguments }
                if !matching.isEmpty { return matching }
                let taking = nearest.filter { !$0.registration.argumentTypes.isEmpty }
                return taking.isEmpty ? nearest : taking
            }
        }
        return nil
    }

    /// Every provider of a type under any name, in registration order, ancestors' first.
    func allProviders(of type: any Any.Type) -> [Provider] {
        levels.reversed().flatMap { level in
            container(at: level).providers(ofType: ObjectIdentifier(type)).map {
                Provider(level: level, entry: $0.entry, registration: $0.registration)
            }
        }
    }

    /// Every provider of a key (a type under a name or tag), in registration order, ancestors' first.
    func allProviders(of key: ProviderKey) -> [Provider] {
        levels.reversed().flatMap { level in
            container(at: level).providers(of: key).map {
                Provider(level: level, entry: $0.entry, registration: $0.registration)
            }
        }
    }

    /// The component of a provider's registration, made now if the plan has none.
    func component(for provider: Provider) -> BoundComponent {
        component(registration: provider.registration, level: provider.level)
    }

    /// The component of `registration`, of the container `level` containers up, made now if the plan has none.
    func component(registration: Registration, level: Int) -> BoundComponent {
        let id = registration.id
        if let existing = components[id] {
            if existing.registration.revision >= registration.revision { return existing }
            // The registration changed and the plan has not dropped the change yet (it will, under this lock, once
            // the change reaches it): a component of the newer version serves from now on. The older one stays
            // reachable from bindings until then, so it is kept, and retired with the drop.
            superseded[id, default: []].append(existing)
        }
        if level > 0, registration.lifetime.isProcessWide {
            // One instance for the process: it is built as the container that registered it builds it, never with
            // a child's overrides, so that a child cannot fill the cell its parent reads. That container's plan
            // owns the component; this plan's container holds that container.
            let owner = ancestors[level - 1].plan
            return nested(in: owner) { owner.component(registration: registration, level: 0) }
        }
        let cell: InstanceCell? =
            switch registration.lifetime {
            case .perContainer: owner.perContainerCell(for: registration)
            // In the namespace the registering container was made in: `owner`, since an ancestor's process-wide
            // component is made by the ancestor's plan (above).
            case .perRun(let policy):
                ProcessWideCells.cell(
                    for: registration.info, policy: policy, registration: id, in: owner.processWideNamespace)
            case .single:
                ProcessWideCells.cell(
                    for: registration.info, policy: .strong, registration: id, in: owner.processWideNamespace)
            case .prototype, .objectGraph, .custom, .perRequest: nil
            }
        if registration.lifetime.isProcessWide { owner.noteProcessWideUse(of: id, info: registration.info) }
        let component = BoundComponent(
            index: BoundComponent.nextIndex(), registration: registration, level: level, cell: cell, plan: self)
        components[registration.id] = component
        if !registration.layout.mayHoldObject, registration.lifetime.holdsWeakly, DILogger.isEnabled(.warning) {
            leftover.logs.append(
                (
                    .warning,
                    "\(component.step): a value type cannot be held weakly, so it is built anew for every request"
                ))
        }
        return component
    }

    /// The components of every `.single` registration the container sees, ancestors' first, in registration order.
    func singles() -> [BoundComponent] {
        let groups = owner.registrationsWithAncestors()
        return locked {
            catchUp()
            return groups.flatMap { group in
                group.registrations.filter { $0.lifetime == .single }.map {
                    component(registration: $0, level: group.level)
                }
            }
        }
    }

    func provision(of provider: Provider) -> Provision {
        component(for: provider).provision(alias: provider.entry.alias)
    }

    // MARK: Entries

    /// A new entry for a top-level request, passing runtime arguments of the types `arguments` if given, and the
    /// types other than the request's own whose providers it depends on; `nil` when nothing provides the request.
    func makeEntry(
        for type: any Any.Type, name: String?, arguments: [any Any.Type]? = nil
    ) -> (entry: RootEntry, dependsOn: [ObjectIdentifier])? {
        let key = ProviderKey(type: ObjectIdentifier(type), name: name)
        let named = name.map { NamedKey(type: key.type, name: $0) }
        let argumentIDs = arguments?.map(ObjectIdentifier.init)
        switch choose(key, arguments: argumentIDs) {
        case .one(let provider)?:
            let component = component(for: provider)
            let binding = bound(component)
            let entry = RootEntry(
                provision: component.provision(alias: provider.entry.alias), component: component,
                asOwnType: provider.entry.alias == nil, graphCapacity: binding.graphCapacity,
                named: named)
            return (entry, [])
        case .ambiguous(let candidates)?:
            let request = DIRequest(type: type, name: name)
            var error = DIError(.ambiguous(request, candidates: infos(candidates)))
            if let arguments,
                !candidates.contains(where: { $0.registration.argumentTypes.map(ObjectIdentifier.init) == argumentIDs })
            {
                // Several take arguments, none of them these: no `.default()` among them would help.
                let takers = candidates.map { (info(of: $0), $0.registration.argumentTypes.map(typeName)) }
                error = DIError(.argumentsTakenByNone(request, received: arguments.map(typeName), candidates: takers))
            }
            return (RootEntry(failure: error, named: named), [])
        case .multipleDefaults(let candidates)?:
            let error = DIError(.multipleDefaults(DIRequest(type: type, name: name), candidates: infos(candidates)))
            return (RootEntry(failure: error, named: named), [])
        case nil:
            // `T?`, `[T]`, `Lazy<T>`, `Provider<T>`, `DITagged<Tag, T>` of a provided `T`, under the request's
            // name: an entry of its own, bound like a slot.
            guard ShapeDetection.shape(of: type) != nil || ShapeDetection.tagged(type) != nil else { return nil }
            let dependency = DependencyDescriptor(erased: type).asking(name: name, tag: nil)
            // A request Tether cannot resolve as its type says is not resolved as something else.
            guard dependency.kind != .argument else { return nil }
            if dependency.unsupported != nil, let tag = dependency.tag {
                let error = DIError(.tooManyTags(DIRequest(type: type, name: name), count: Tags.parts(of: tag).count))
                return (RootEntry(failure: error, named: named), [])
            }
            guard dependency.unsupported == nil else { return nil }
            var noArguments = 0
            var asked: [ObjectIdentifier] = []
            var builds: [BoundComponent] = []
            let provision = slot(
                for: dependency, argumentPosition: &noArguments, asked: &asked, builds: &builds, topLevel: true)
            for target in builds where target.currentBinding.isEmpty {
                _ = bound(target)
            }
            let entry = RootEntry(
                shape: provision, builds: builds, graphCapacity: DIContainer.detachedGraphCapacity,
                named: named)
            return (entry, asked)
        }
    }

    private func infos(_ providers: [Provider]) -> [DIComponentInfo] {
        providers.map(info(of:))
    }

    /// The registration site of a provider, without making its component.
    private func info(of provider: Provider) -> DIComponentInfo {
        components[provider.entry.registration]?.info ?? provider.registration.info
    }

    // MARK: Binding

    /// The binding of `component`, made now (with those of everything it builds) if it has none.
    func bind(_ component: BoundComponent) -> Binding {
        locked { bound(component) }
    }

    /// The binding of `component`, made under the lock if it has none.
    func bound(_ component: BoundComponent) -> Binding {
        if let binding = component.currentBinding.object { return binding }
        bindAll(from: component)
        return component.currentBinding.object!
    }

    /// What one component's slots were bound to, before its binding is made.
    private struct Pending {
        let component: BoundComponent
        let parameters: [Provision]
        let injections: [Provision]
        /// The components it builds while it is built: factory parameters and immediate injections.
        let constructionTargets: [BoundComponent]
        /// The components its deferred (`cycle: true`) injections build, at the end of the resolve.
        let deferredTargets: [BoundComponent]
    }

    /// Binds `root` and every unbound component it builds, then publishes their bindings.
    private func bindAll(from root: BoundComponent) {
        guard bindOwner(of: root) else { return }
        let first = bindSlots(of: root)
        if let capacity = capacityOverClosed(of: root, targets: first.constructionTargets, pending: [:]) {
            // A root that builds nothing while it is built (most leaves), or only components bound before (most
            // late roots): no cycle, no graph to walk, and none of the tables below, which were most of what
            // binding a child container's first resolve allocated.
            publish(first, onCycle: false, graphCapacity: capacity)
            root.closedAt = closedMark
            lastWalk = 1 + first.constructionTargets.count
            logBound(1, root)
            return
        }
        var pending = [ObjectIdentifier(root): first]
        var order = [root]
        var work = first.constructionTargets
        while let component = work.popLast() {
            let id = ObjectIdentifier(component)
            guard pending[id] == nil, component.currentBinding.isEmpty, bindOwner(of: component) else {
                continue
            }
            let slots = bindSlots(of: component)
            pending[id] = slots
            order.append(component)
            work += slots.constructionTargets
        }
        // What most late roots bind (a new component over ones bound before): no graph to walk.
        if let direct = estimatesOverClosed(order, pending: pending) {
            for (component, capacity) in zip(order, direct.capacities) {
                publish(pending[ObjectIdentifier(component)]!, onCycle: false, graphCapacity: capacity)
                component.closedAt = closedMark
            }
            lastWalk = direct.walked
            logBound(order.count, root)
            return
        }
        // The graph of what the new components build, down through components bound before, as far as one of them
        // may lead back to a new one: below a component whose whole subgraph was bound when it was last walked, and
        // nothing bound since was dropped (`closedAt`), every component is bound, so no path leads to a new one; nor
        // from another plan's component (an ancestor's process-wide one builds only its own plan's). Those stand in
        // for what they build with their binding's estimate, so that binding a new root costs what it binds, not
        // the graph below it.
        var nodes: [ObjectIdentifier: Int] = [:]
        var members: [BoundComponent] = []
        var edges: [[Int]] = []
        var own: [Int] = []
        var unbound: [Int] = []
        func node(_ component: BoundComponent) -> Int {
            if let known = nodes[ObjectIdentifier(component)] { return known }
            nodes[ObjectIdentifier(component)] = members.count
            members.append(component)
            edges.append([])
            own.append(component.keepsInGraph ? 1 : 0)
            return members.count - 1
        }
        var frontier = order
        for component in order { _ = node(component) }
        while let component = frontier.popLast() {
            let from = node(component)
            let targets: [BoundComponent]
            if let slots = pending[ObjectIdentifier(component)] {
                targets = slots.constructionTargets
            } else if let capacity = component.currentBinding.peek({ $0?.graphCapacity }) {
                if !component.isMade(by: self) || component.closedAt == closedMark {
                    own[from] = capacity
                    continue
                }
                targets = component.currentBinding.peek { $0?.constructionTargets ?? [] }
            } else {
                // Dropped below a component bound before: it is bound when it is built, on its own.
                unbound.append(from)
                continue
            }
            for target in targets {
                let isNew = nodes[ObjectIdentifier(target)] == nil
                edges[from].append(node(target))
                if isNew { frontier.append(target) }
            }
        }
        var onCycle = Set<Int>()
        for cycle in StronglyConnectedComponents.cycles(in: edges) { onCycle.formUnion(cycle) }
        let capacities = GraphCapacity.estimates(edges: edges, own: own)
        for component in order {
            let index = nodes[ObjectIdentifier(component)]!
            publish(
                pending[ObjectIdentifier(component)]!, onCycle: onCycle.contains(index),
                graphCapacity: capacities[index])
        }
        markClosed(members, edges: edges, unbound: unbound)
        lastWalk = members.count
        logBound(order.count, root)
    }

    /// Whether this plan binds `component`; an ancestor's process-wide component is bound by the plan that owns it,
    /// here and now.
    private func bindOwner(of component: BoundComponent) -> Bool {
        guard !component.isMade(by: self) else { return true }
        let owner = component.plan
        _ = nested(in: owner) { owner.bound(component) }
        return false
    }

    /// The graph capacity of each of `order` when everything they build was bound before and is closed (or is another
    /// plan's, which builds only its own): then no new component leads to another, none is on a cycle, and each
    /// one's estimate is its own share and its targets' estimates, as `GraphCapacity` finds them on the graph
    /// `bindAll` would walk. `nil` otherwise. `walked` counts the components looked at, as `lastWalk` does.
    private func estimatesOverClosed(
        _ order: [BoundComponent], pending: [ObjectIdentifier: Pending]
    ) -> (capacities: [Int], walked: Int)? {
        var capacities: [Int] = []
        var walked = order.count
        for component in order {
            let targets = pending[ObjectIdentifier(component)]!.constructionTargets
            guard let capacity = capacityOverClosed(of: component, targets: targets, pending: pending) else {
                return nil
            }
            capacities.append(capacity)
            walked += targets.count
        }
        return (capacities, walked)
    }

    /// The graph capacity of `component` when each of `targets` is bound, not `pending`, and closed (or another
    /// plan's); `nil` otherwise.
    private func capacityOverClosed(
        of component: BoundComponent, targets: [BoundComponent], pending: [ObjectIdentifier: Pending]
    ) -> Int? {
        let mark = closedMark
        var below = 0
        for target in targets {
            guard pending[ObjectIdentifier(target)] == nil,
                let capacity = target.currentBinding.peek({ $0?.graphCapacity }),
                !target.isMade(by: self) || target.closedAt == mark
            else { return nil }
            below += min(GraphCapacity.limit, capacity)
        }
        return min(GraphCapacity.limit, below + (component.keepsInGraph ? 1 : 0))
    }

    /// The mark of a component whose whole subgraph is bound, valid until the plan next drops a binding.
    private var closedMark: UInt { bindingsDropped &+ 1 }

    /// Marks the walked components of this plan that reach no unbound component as closed (see `bindAll`).
    private func markClosed(_ members: [BoundComponent], edges: [[Int]], unbound: [Int]) {
        // What reaches an unbound component, found backwards from those.
        var open = [Bool](repeating: false, count: members.count)
        if !unbound.isEmpty {
            var predecessors = [[Int]](repeating: [], count: members.count)
            for (from, targets) in edges.enumerated() { for target in targets { predecessors[target].append(from) } }
            var work = unbound
            for index in unbound { open[index] = true }
            while let index = work.popLast() {
                for from in predecessors[index] where !open[from] {
                    open[from] = true
                    work.append(from)
                }
            }
        }
        let mark = closedMark
        for (index, member) in members.enumerated() where !open[index] && member.isMade(by: self) {
            member.closedAt = mark
        }
    }

    /// Makes and publishes a component's binding; resolves may read it from here on.
    private func publish(_ slots: Pending, onCycle: Bool, graphCapacity: Int) {
        let binding = Binding(
            parameters: slots.parameters, injections: slots.injections, of: slots.component.registration,
            constructionTargets: slots.constructionTargets, deferredTargets: slots.deferredTargets, onCycle: onCycle,
            graphCapacity: graphCapacity)
        slots.component.own(binding)
    }

    private func logBound(_ count: Int, _ root: BoundComponent) {
        if count > 0, DILogger.isEnabled(.info) {
            leftover.logs.append((.info, "plan: bound \(count) components for \(root.step)"))
        }
    }

    /// Binds the slots of one component, noting the types it asked about.
    private func bindSlots(of component: BoundComponent) -> Pending {
        var asked: [ObjectIdentifier] = []
        var targets: [BoundComponent] = []
        var deferred: [BoundComponent] = []
        var argumentPosition = 0
        let registration = component.registration
        let parameters = (0..<registration.parameterRecord.count).map { index in
            slot(
                for: registration.parameter(at: index), argumentPosition: &argumentPosition, asked: &asked,
                builds: &targets, parameter: true)
        }
        // An injection's `DIArgument` takes the next runtime argument after the factory's own.
        let injections = component.registration.injections.flatMap { injection in
            injection.dependencies.map { dependency in
                if injection.cycle {
                    return slot(for: dependency, argumentPosition: &argumentPosition, asked: &asked, builds: &deferred)
                }
                return slot(for: dependency, argumentPosition: &argumentPosition, asked: &asked, builds: &targets)
            }
        }
        // Sorted and each once, without a set: a few types per component, where a set hashed each.
        let askedTypes = Self.sortedOnce(asked)
        for provision in parameters { provision.noteConsumer(component) }
        for provision in injections { provision.noteConsumer(component) }
        // A component the plan has dropped (read by a resolve that started before, or held by an accessor) is bound
        // for that reader only: no change needs to find it, and listing it would keep it.
        guard components[component.registration.id] === component else {
            return Pending(
                component: component, parameters: parameters, injections: injections, constructionTargets: targets,
                deferredTargets: deferred)
        }
        for type in askedTypes { dependents[type, default: [:]][ObjectIdentifier(component)] = component }
        // The list itself, shared, when the component had none (the usual case): no second allocation.
        component.askedTypes =
            component.askedTypes.isEmpty ? askedTypes : Self.sortedOnce(component.askedTypes + askedTypes)
        return Pending(
            component: component, parameters: parameters, injections: injections, constructionTargets: targets,
            deferredTargets: deferred)
    }

    /// `types` sorted, each once.
    private static func sortedOnce(_ types: [ObjectIdentifier]) -> [ObjectIdentifier] {
        guard types.count > 1 else { return types }
        var sorted = types.sorted()
        var kept = 1
        for index in 1..<sorted.count where sorted[index] != sorted[kept - 1] {
            sorted[kept] = sorted[index]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }

    // MARK: Slots

    /// The provision of one dependency slot; appends to `builds` the components it builds while its owner is being
    /// built (appended in place: a list per slot was an allocation for each).
    ///
    /// A `topLevel` slot is a request's own `P?` or `[P]`: its components may take runtime arguments, which the
    /// request passes on. Anywhere else nobody could pass them. A `parameter` slot is a factory parameter's, which
    /// the not-registered error mentions, since a parameter may have a default value nobody can ask for.
    func slot(
        for dependency: DependencyDescriptor, argumentPosition: inout Int, asked: inout [ObjectIdentifier],
        builds targets: inout [BoundComponent], topLevel: Bool = false, parameter: Bool = false
    ) -> Provision {
        if dependency.kind == .argument {
            defer { argumentPosition += 1 }
            return dependency.bindShape(.argument(argumentPosition))
        }
        // Appended one by one: an array literal was an allocation for every slot bound. `Optional<element>` is
        // asked about only where nothing provides the dependency (`notRegistered`), the one place it counts.
        asked.append(ObjectIdentifier(dependency.declaredType))
        if dependency.element != dependency.declaredType { asked.append(ObjectIdentifier(dependency.element)) }
        let builds = dependency.kind != .lazy && dependency.kind != .provider
        // A registration of exactly the declared type (`Optional<P>`, `[P]`) wins over the shape.
        if dependency.kind != .plain, let exact = choose(dependency.key(dependency.declaredType)) {
            let request = DIRequest(type: dependency.declaredType, name: dependency.name, tag: dependency.tag)
            return plainSlot(exact, request: request, builds: builds, into: &targets)
        }
        if let inner = dependency.innerDependency {
            return nestedSlot(
                dependency, inner: inner, argumentPosition: &argumentPosition, asked: &asked, builds: &targets,
                topLevel: topLevel, parameter: parameter)
        }
        let request = dependency.request
        var choice = choose(dependency.key(dependency.element))
        if dependency.kind == .lazy || dependency.kind == .provider {
            // Its `get(arguments:)` chooses among registrations told apart by their arguments (`DeferredAccess`).
            choice = choice?.choosingByArguments { $0.registration.argumentTypes.map(ObjectIdentifier.init) }
        }
        switch dependency.kind {
        case .plain:
            guard let choice else {
                return FailingProvision(notRegistered(dependency, parameter: parameter, asked: &asked))
            }
            return plainSlot(choice, request: request, builds: true, into: &targets)
        case .optional, .lazy, .provider:
            guard let choice else {
                let error = notRegistered(dependency, parameter: parameter, asked: &asked)
                return dependency.bindShape(dependency.kind == .optional ? .absent(error) : .failure(error))
            }
            // A `Lazy` or `Provider` passes its component's runtime arguments itself (`get(arguments:)`); a top-level
            // `P?` passes the request's.
            let passes = dependency.kind != .optional || topLevel
            switch target(of: choice, request: request, allowingArguments: passes) {
            case .success(let (provider, component)):
                let provision = component.provision(alias: provider.entry.alias)
                let access = tracking(
                    dependency.bindShape(.one(provision, component)),
                    DeferredRequest(dependency: dependency, topLevel: topLevel, parameter: parameter))
                if builds { targets.append(component) }
                return access
            case .failure(let error):
                return dependency.bindShape(.failure(error))
            }
        case .many:
            let all = listed(dependency)
            let components = all.map { component(for: $0) }
            if !topLevel, let needsArguments = components.first(where: { !$0.argumentTypes.isEmpty }) {
                return dependency.bindShape(.failure(argumentsUnavailable(needsArguments)))
            }
            targets += components
            return dependency.bindShape(.many(zip(all, components).map { $1.provision(alias: $0.entry.alias) }))
        case .argument:
            preconditionFailure("handled above")
        }
    }

    /// The providers a listing dependency lists: unqualified, every provider under any name; with a name or tag,
    /// those under it.
    private func listed(_ dependency: DependencyDescriptor) -> [Provider] {
        dependency.name == nil && dependency.tag == nil
            ? allProviders(of: dependency.element) : allProviders(of: dependency.key(dependency.element))
    }

    /// The slot of a shape around a shape (`[Lazy<P>]`, `Lazy<[P]>`, `Lazy<P>?`, ...; see `ShapeDetection.nests`).
    /// `topLevel` when a request asked for it itself: its accessors are then handed to the caller (see
    /// `ContainerHold`) and take the request's runtime arguments.
    private func nestedSlot(
        _ dependency: DependencyDescriptor, inner: DependencyDescriptor, argumentPosition: inout Int,
        asked: inout [ObjectIdentifier], builds targets: inout [BoundComponent], topLevel: Bool, parameter: Bool
    ) -> Provision {
        switch dependency.kind {
        case .lazy, .provider:
            // `Lazy<[P]>`, `Lazy<P?>`: the inner shape bound as a slot of its own, resolved when the accessor is read,
            // as a top-level request: the accessor passes its runtime arguments (`get(arguments:)`) to its components.
            // A broken inner slot fails the owner's build, as a `Lazy` of a missing `P` does, and as validation
            // reports it: not only when the accessor is read.
            var innerTargets: [BoundComponent] = []
            let provision = slot(
                for: inner, argumentPosition: &argumentPosition, asked: &asked, builds: &innerTargets, topLevel: true,
                parameter: parameter)
            if provision is FailingProvision { return provision }
            let access = tracking(
                dependency.bindShape(.deferred(provision, binder: self)),
                DeferredRequest(dependency: dependency, topLevel: topLevel, parameter: parameter))
            // The inner slot's components: the accessor holds them, since its target reaches them unretained.
            (access as? DeferredAccessProvision)?.hold(innerTargets)
            return access
        case .many:
            // `[Lazy<P>]`, `[Provider<P>]`, `[P?]`: the inner shape around each provider.
            let all = listed(dependency)
            let components = all.map { component(for: $0) }
            // `[Provider<P>]` and `[Lazy<P>]` pass runtime arguments themselves; `[P?]` cannot.
            if inner.kind == .optional, let needsArguments = components.first(where: { !$0.argumentTypes.isEmpty }) {
                return dependency.bindShape(.failure(argumentsUnavailable(needsArguments)))
            }
            let elements = zip(all, components).map { provider, component in
                tracking(
                    inner.bindShape(.one(component.provision(alias: provider.entry.alias), component)),
                    DeferredRequest(
                        dependency: inner, topLevel: topLevel, parameter: parameter,
                        listedIn: (dependency, provider.entry.registration, provider.entry.alias)))
            }
            if inner.kind == .optional { targets += components }
            return dependency.bindShape(.many(elements))
        case .optional:
            // `Lazy<P>?`, `Provider<P>?`: `nil` when nothing provides `P`.
            guard let choice = choose(dependency.key(dependency.element)) else {
                let error = notRegistered(dependency, parameter: parameter, asked: &asked)
                return dependency.bindShape(.absent(error))
            }
            switch target(of: choice, request: dependency.request, allowingArguments: true) {
            case .success(let (provider, component)):
                let accessor = tracking(
                    inner.bindShape(.one(component.provision(alias: provider.entry.alias), component)),
                    DeferredRequest(dependency: inner, topLevel: topLevel, parameter: parameter))
                return dependency.bindShape(.one(accessor, component))
            case .failure(let error):
                return dependency.bindShape(.failure(error))
            }
        case .plain, .argument:
            preconditionFailure("only Optional, many, Lazy and Provider hold a shape")
        }
    }

    /// The provision of a slot one provider fills; its component goes to `targets` when the slot `builds` it.
    private func plainSlot(
        _ choice: Choice, request: DIRequest, builds: Bool, into targets: inout [BoundComponent]
    ) -> Provision {
        switch target(of: choice, request: request) {
        case .success(let (provider, component)):
            if builds { targets.append(component) }
            return component.provision(alias: provider.entry.alias)
        case .failure(let error): return FailingProvision(error)
        }
    }

    /// The chosen provider and its component (looked up once: binding a slot asked for it three times), or why it
    /// cannot serve as a dependency.
    private func target(
        of choice: Choice, request: DIRequest, allowingArguments: Bool = false
    ) -> Result<(provider: Provider, component: BoundComponent), DIError> {
        switch choice {
        case .one(let provider):
            let component = component(for: provider)
            if !allowingArguments && !component.argumentTypes.isEmpty {
                return .failure(argumentsUnavailable(component))
            }
            return .success((provider, component))
        case .ambiguous(let candidates):
            return .failure(DIError(.ambiguous(request, candidates: infos(candidates))))
        case .multipleDefaults(let candidates):
            return .failure(DIError(.multipleDefaults(request, candidates: infos(candidates))))
        }
    }

    private func argumentsUnavailable(_ component: BoundComponent) -> DIError {
        DIError(.argumentsUnavailable(component.info, expected: component.registration.argumentTypes.map(typeName)))
    }

    /// Why nothing provides `dependency`; notes in `asked` the type its "registered only as Optional" near miss
    /// looks up, since a registration of that type changes this error and nothing else of the slot.
    private func notRegistered(
        _ dependency: DependencyDescriptor, parameter: Bool, asked: inout [ObjectIdentifier]
    ) -> DIError {
        let optional = dependency.optionalElement
        asked.append(ObjectIdentifier(optional))
        let similar = nearMisses(of: dependency.element, name: dependency.name, tag: dependency.tag, optional: optional)
        let request = DIRequest(
            type: dependency.element, name: dependency.name, tag: dependency.tag, parameter: parameter)
        return DIError(.notRegistered(request, similar: similar))
    }

    /// Registrations close to a request that found nothing.
    func nearMisses(
        of type: any Any.Type, name: String?, tag: (any Any.Type)? = nil, optional: any Any.Type
    ) -> [DINearMiss] {
        // A provider that lacks only the tag asked for is the closest miss: listed first, since its help is the fix.
        var untagged: [DINearMiss] = []
        var misses: [DINearMiss] = []
        for provider in allProviders(of: type) {
            let info = info(of: provider)
            let providedName = provider.registration.name(providing: type)
            if providedName != name {
                misses.append(DINearMiss(reason: providedName.map { .differentName($0) } ?? .unnamed, component: info))
            } else if let tag {
                // Named by the tags it lacks: what its help tells to add.
                let lacking = Tags.lacking(tag, carried: provider.registration.tags)
                untagged.append(DINearMiss(reason: .untagged(lacking), component: info))
            }
        }
        misses = untagged + misses
        for provider in allProviders(of: optional) {
            misses.append(DINearMiss(reason: .optionalOnly, component: info(of: provider)))
        }
        return misses
    }

    // MARK: Lazy and Provider

    /// `provision`, noted as the accessor of `request` when it is a `Lazy` or `Provider`, so that one made from it
    /// can find its provision again after the registry changed.
    private func tracking(_ provision: Provision, _ request: DeferredRequest) -> Provision {
        (provision as? DeferredAccessProvision)?.track(request, binder: self, generation: generation)
        return provision
    }

    /// The accessor `access` stands for now, bound again from the registry as it is (under the lock); throws why
    /// nothing provides it any more.
    func rebind(_ access: DeferredAccessProvision) throws(DIError) -> DeferredAccessProvision {
        owner.publishDrafts()
        let result = locked { () -> Result<DeferredAccessProvision, DIError> in
            catchUp()
            if let latest = access.latestRebound, latest.isCurrent { return .success(latest) }
            let request = access.request!
            let provision: Provision
            if let (list, registration, alias) = request.listedIn {
                // An element of `[Lazy<P>]`: the same registration, or nothing.
                if let provider = listed(list).first(where: {
                    $0.entry.registration == registration && $0.entry.alias == alias
                }) {
                    provision = tracking(
                        request.dependency.bindShape(.one(self.provision(of: provider), component(for: provider))),
                        request)
                } else {
                    var unused: [ObjectIdentifier] = []
                    provision = FailingProvision(
                        notRegistered(request.dependency, parameter: request.parameter, asked: &unused))
                }
            } else {
                var noArguments = 0
                var asked: [ObjectIdentifier] = []
                var builds: [BoundComponent] = []
                provision = slot(
                    for: request.dependency, argumentPosition: &noArguments, asked: &asked, builds: &builds,
                    topLevel: request.topLevel, parameter: request.parameter)
            }
            switch provision {
            case let rebound as DeferredAccessProvision:
                if let previous = access.noteRebound(rebound) { leftover.retired.append(previous) }
                return .success(rebound)
            case let failing as FailingProvision:
                // Seen from where the accessor was made, as the resolve that made it would have reported it.
                return .failure(request.consumer.map { failing.error.prepending(CollectionOfOne($0)) } ?? failing.error)
            default:
                // A registration of exactly `Lazy<P>` now provides it: the accessor made before keeps what it had.
                return .success(access)
            }
        }
        return try result.get()
    }
}
