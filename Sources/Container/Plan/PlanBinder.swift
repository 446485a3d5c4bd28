/// Binds registrations into components: chooses the provider of every request (nearest container first, then
/// `.default()`), finds the components on construction cycles, and makes every provision and slot.
///
/// Everything is decided here, once per registration change, so that a resolve only follows what was bound.
final class PlanBinder: @unchecked Sendable {  // Fully built in `init`, then only read.
    let components: [BoundComponent]
    /// Components whose weak lifetime cannot hold their value type, for a warning the container logs once it no
    /// longer holds its lock (a log handler may resolve).
    private(set) var weakValueTypes: [DIResolutionStep] = []
    private var providers: [ProviderKey: [Provider]] = [:]
    private var providersByType: [ObjectIdentifier: [Provider]] = [:]
    private var aliasProvisions: [AliasKey: Provision] = [:]

    /// A type (and name) that registrations provide.
    struct ProviderKey: Hashable {
        let type: ObjectIdentifier
        let name: String?
    }

    /// A component providing a key: as its own type, or through one of its aliases.
    struct Provider {
        let component: Int
        let alias: Int?
        let name: String?
    }

    /// A registration line within one container.
    private struct RegistrationRun: Hashable {
        let info: DIComponentInfo
        let level: Int
    }

    private struct AliasKey: Hashable {
        let component: Int
        let alias: Int
    }

    typealias Choice = ProviderChoice<Provider>

    /// Binds `registrations` (ancestors' first, each with its container level); `perContainerCell` gives the
    /// owning container's cell for a registration.
    init(
        registrations: [RegistrationLevel],
        perContainerCell: (Registration) -> InstanceCell
    ) {
        var components: [BoundComponent] = []
        for group in registrations {
            for registration in group.registrations {
                components.append(BoundComponent(index: components.count, registration: registration, level: group.level))
            }
        }
        self.components = components
        collectProviders()
        prepareLifetimes(perContainerCell: perContainerCell)
        findCycles()
        for component in components { component.provision = ComponentProvision(component) }
        makeAliasProvisions()
        bindSlots()
    }

    private func collectProviders() {
        for component in components {
            let registration = component.registration
            var provided = Set<ProviderKey>()
            func add(_ type: any Any.Type, _ name: String?, alias: Int?) {
                let key = ProviderKey(type: ObjectIdentifier(type), name: name)
                guard provided.insert(key).inserted else { return }
                let provider = Provider(component: component.index, alias: alias, name: name)
                providers[key, default: []].append(provider)
                providersByType[key.type, default: []].append(provider)
            }
            if registration.providesOwnTypeUnnamed { add(registration.info.type, nil, alias: nil) }
            for (index, alias) in registration.aliases.enumerated() {
                add(alias.type, alias.name, alias: alias.type == registration.info.type ? nil : index)
            }
        }
    }

    private func prepareLifetimes(perContainerCell: (Registration) -> InstanceCell) {
        // Which run of its line each registration is in its container, for the process-wide cells.
        var runs: [RegistrationRun: Int] = [:]
        for component in components {
            let registration = component.registration
            let run = RegistrationRun(info: registration.info, level: component.level)
            let occurrence = runs[run, default: 0]
            runs[run] = occurrence + 1
            switch registration.lifetime {
            case .perContainer: component.cell = perContainerCell(registration)
            case .perRun(let policy):
                component.cell = ProcessWideCells.cell(for: registration.info, occurrence: occurrence, policy: policy)
            case .single:
                component.cell = ProcessWideCells.cell(for: registration.info, occurrence: occurrence, policy: .strong)
            case .custom(let scope): component.scopeGate = scope.gate(for: registration.info)
            case .prototype, .objectGraph: break
            }
            if !registration.isClass, registration.lifetime.holdsWeakly { weakValueTypes.append(component.step) }
            // Shared with the rest of the resolve when others in it may ask again: objectGraph members, and
            // cached components whose property injection may lead back to them before they are published.
            component.keepsInGraph =
                registration.lifetime == .objectGraph
                || (registration.lifetime.isCaching && !registration.injections.isEmpty)
            component.rule = Self.rule(for: component)
        }
    }

    /// What the lifetime of `component` does on a request. Nothing holds a value type weakly: a weak lifetime of
    /// one builds it every time.
    private static func rule(for component: BoundComponent) -> LifetimeRule {
        switch component.lifetime {
        case .prototype: .everyTime
        case .objectGraph: .sharedInGraph
        case .perContainer, .perRun, .single: component.cell!.policy == .weak && !component.isClass ? .everyTime : .cached
        case .custom(let scope): scope.policy == .weak && !component.isClass ? .everyTime : .scoped
        }
    }

    /// Marks the components on cycles that run during construction: factory parameters and immediate
    /// injections, not `Lazy`, `Provider` or `cycle: true` injections.
    private func findCycles() {
        var cycleEdges = [[Int]](repeating: [], count: components.count)
        for component in components {
            let registration = component.registration
            for parameter in registration.parameters {
                let targets = constructionTargets(of: parameter)
                cycleEdges[component.index] += targets
                component.constructionEdges += targets
            }
            for injection in registration.injections {
                let targets = constructionTargets(of: injection.dependency)
                if !injection.cycle { cycleEdges[component.index] += targets }
                component.constructionEdges += targets
            }
        }
        for cycle in StronglyConnectedComponents.cycles(in: cycleEdges) {
            for member in cycle { components[member].onCycle = true }
        }
        let capacities = GraphCapacity.estimates(
            edges: components.map(\.constructionEdges), keeps: components.map(\.keepsInGraph))
        for component in components { component.graphCapacity = capacities[component.index] }
    }

    private func makeAliasProvisions() {
        for component in components {
            for (index, alias) in component.registration.aliases.enumerated()
            where alias.type != component.registration.info.type {
                aliasProvisions[AliasKey(component: component.index, alias: index)] =
                    AliasProvision(component, alias: alias)
            }
        }
    }

    private func bindSlots() {
        for component in components {
            let registration = component.registration
            var argumentPosition = 0
            let parameters = registration.parameters.map { slot(for: $0, argumentPosition: &argumentPosition) }
            let injections = registration.injections.map { injection in
                var none = 0
                return slot(for: injection.dependency, argumentPosition: &none)
            }
            component.bind(slots: parameters, injections: injections)
        }
    }

    /// The top-level entries: every key some registration provides.
    func rootEntries() -> [(ProviderKey, Result<RootEntry, DIError>)] {
        providers.keys.map { key in
            switch choose(key) {
            case .one(let provider):
                let entry = RootEntry(
                    provision: provision(of: provider), component: components[provider.component],
                    asOwnType: provider.alias == nil)
                return (key, .success(entry))
            case .ambiguous(let candidates):
                return (key, .failure(DIError(.ambiguous(request(key), candidates: infos(candidates)))))
            case .multipleDefaults(let candidates):
                return (key, .failure(DIError(.multipleDefaults(request(key), candidates: infos(candidates)))))
            case nil:
                preconditionFailure("every collected key has a provider")
            }
        }
    }

    // MARK: Choosing

    func choose(_ key: ProviderKey) -> Choice? {
        Choice.choose(
            providers[key] ?? [], level: { self.components[$0.component].level },
            isDefault: { self.components[$0.component].registration.isDefault })
    }

    /// Every provider of a type under any name, in registration order, ancestors' first.
    func allProviders(of type: any Any.Type) -> [Provider] {
        providersByType[ObjectIdentifier(type)] ?? []
    }

    func provision(of provider: Provider) -> Provision {
        if let alias = provider.alias {
            return aliasProvisions[AliasKey(component: provider.component, alias: alias)]!
        }
        return components[provider.component].provision
    }

    private func request(_ key: ProviderKey) -> DIRequest {
        DIRequest(type: type(of: key), name: key.name)
    }

    /// The type a key stands for, taken from a registration that provides it.
    private func type(of key: ProviderKey) -> any Any.Type {
        let provider = providers[key]!.first!
        let registration = components[provider.component].registration
        if let alias = provider.alias { return registration.aliases[alias].type }
        return registration.info.type
    }

    private func infos(_ providers: [Provider]) -> [DIComponentInfo] {
        providers.map { components[$0.component].info }
    }

    // MARK: Slots

    /// The components a dependency builds while its owner is being built.
    private func constructionTargets(of dependency: DependencyDescriptor) -> [Int] {
        switch dependency.kind {
        case .lazy, .provider, .argument:
            return []
        case .plain, .optional:
            let exact = choose(ProviderKey(type: ObjectIdentifier(dependency.declaredType), name: nil))
            if case .one(let provider)? = exact { return [provider.component] }
            if case .one(let provider)? = choose(ProviderKey(type: ObjectIdentifier(dependency.element), name: nil)) {
                return [provider.component]
            }
            return []
        case .many:
            let exact = choose(ProviderKey(type: ObjectIdentifier(dependency.declaredType), name: nil))
            if case .one(let provider)? = exact { return [provider.component] }
            return allProviders(of: dependency.element).map(\.component)
        }
    }

    /// Makes the provision of one dependency slot.
    func slot(for dependency: DependencyDescriptor, argumentPosition: inout Int) -> Provision {
        if dependency.kind == .argument {
            defer { argumentPosition += 1 }
            return dependency.bindShape(.argument(argumentPosition))
        }
        // A registration of exactly the declared type (`Optional<P>`, `[P]`) wins over the shape.
        if dependency.kind != .plain,
            let exact = choose(ProviderKey(type: ObjectIdentifier(dependency.declaredType), name: nil))
        {
            return plainSlot(exact, dependency: dependency, request: DIRequest(type: dependency.declaredType))
        }
        let key = ProviderKey(type: ObjectIdentifier(dependency.element), name: nil)
        let request = DIRequest(type: dependency.element)
        switch dependency.kind {
        case .plain:
            guard let choice = choose(key) else { return FailingProvision(notRegistered(dependency, request)) }
            return plainSlot(choice, dependency: dependency, request: request)
        case .optional, .lazy, .provider:
            guard let choice = choose(key) else {
                let error = notRegistered(dependency, request)
                return dependency.bindShape(dependency.kind == .optional ? .absent(error) : .failure(error))
            }
            switch target(of: choice, request: request) {
            case .success(let provider):
                return dependency.bindShape(.one(provision(of: provider), components[provider.component]))
            case .failure(let error):
                return dependency.bindShape(.failure(error))
            }
        case .many:
            let all = allProviders(of: dependency.element)
            if let needsArguments = all.first(where: { !components[$0.component].argumentTypes.isEmpty }) {
                return dependency.bindShape(.failure(argumentsUnavailable(components[needsArguments.component])))
            }
            return dependency.bindShape(.many(all.map { provision(of: $0) }))
        case .argument:
            preconditionFailure("handled above")
        }
    }

    private func plainSlot(_ choice: Choice, dependency: DependencyDescriptor, request: DIRequest) -> Provision {
        switch target(of: choice, request: request) {
        case .success(let provider): return provision(of: provider)
        case .failure(let error): return FailingProvision(error)
        }
    }

    /// The chosen provider, or why it cannot serve as a dependency.
    private func target(of choice: Choice, request: DIRequest) -> Result<Provider, DIError> {
        switch choice {
        case .one(let provider):
            let component = components[provider.component]
            if !component.argumentTypes.isEmpty { return .failure(argumentsUnavailable(component)) }
            return .success(provider)
        case .ambiguous(let candidates):
            return .failure(DIError(.ambiguous(request, candidates: infos(candidates))))
        case .multipleDefaults(let candidates):
            return .failure(DIError(.multipleDefaults(request, candidates: infos(candidates))))
        }
    }

    private func argumentsUnavailable(_ component: BoundComponent) -> DIError {
        DIError(.argumentsUnavailable(component.info, expected: component.registration.argumentTypes.map(typeName)))
    }

    private func notRegistered(_ dependency: DependencyDescriptor, _ request: DIRequest) -> DIError {
        DIError(.notRegistered(request, similar: nearMisses(of: dependency.element, name: nil, optional: dependency.optionalElement)))
    }

    /// Registrations close to a request that found nothing.
    func nearMisses(of type: any Any.Type, name: String?, optional: any Any.Type) -> [DINearMiss] {
        var misses: [DINearMiss] = []
        for provider in allProviders(of: type) where provider.name != name {
            let info = components[provider.component].info
            misses.append(DINearMiss(reason: provider.name.map { .differentName($0) } ?? .unnamed, component: info))
        }
        for provider in allProviders(of: optional) {
            misses.append(DINearMiss(reason: .optionalOnly, component: components[provider.component].info))
        }
        return misses
    }
}
