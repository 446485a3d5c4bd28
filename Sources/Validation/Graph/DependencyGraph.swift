package import Tether

/// The registrations as the validator sees them: every dependency resolved once, by the container's own rule
/// (`ProviderChoice`), into edges the checks walk. Built in time linear in registrations and dependencies.
package struct DependencyGraph {
    package let components: [DIComponentSnapshot]
    /// For each component, what each of its dependencies resolves to, in `dependencies` order.
    package let resolutions: AdjacencyList<Resolution>
    /// Edges that build their target while the owner is being built: factory parameters and immediate
    /// injections. A cycle of these can never end.
    package let constructionEdges: AdjacencyList<Edge>
    /// Edges that build their target during a resolve of the owner: the construction edges and the deferred
    /// (`cycle: true`) injections.
    package let executionEdges: AdjacencyList<Edge>
    /// Every edge, `Lazy` and `Provider` included: what a component may ever ask for.
    package let referenceEdges: AdjacencyList<Int>
    /// Whether any component holds a property wrapper (`.wrapper` dependencies), whose edges are resolves of their
    /// own: the checks that care skip that work otherwise.
    package let hasWrapperDependencies: Bool
    private let providersByKey: [Key: [Int]]
    private let providersByType: [ObjectIdentifier: [(component: Int, name: String?)]]

    /// A dependency's target and which dependency of the owner leads there.
    package struct Edge: Hashable {
        package let target: Int
        package let dependency: Int
    }

    /// What one dependency resolves to.
    package enum Resolution {
        /// A runtime argument, passed by the caller.
        case argument
        /// One provider.
        case one(Int)
        /// Every provider, for `[P]`.
        case many([Int])
        /// An Optional with no provider: `nil`.
        case absent
        /// Nothing provides it; `similar` pairs each near miss with its component.
        case missing(similar: [(miss: DINearMiss, component: Int)])
        /// Several providers, none default.
        case ambiguous([Int])
        /// Several providers marked default.
        case multipleDefaults([Int])
        /// Its provider takes runtime arguments.
        case needsArguments(Int)
        /// A property wrapper's request for a type some registration provides under a name or tag: the wrapper's
        /// `name:` or `tag:` is not part of its type, so which one it asks for (and whether one provides it) is
        /// not known.
        case unchecked
    }

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String?
        let tag: ObjectIdentifier?

        init(_ type: any Any.Type, name: String?, tag: (any Any.Type)?) {
            self.type = ObjectIdentifier(type)
            self.name = name
            self.tag = tag.map(ObjectIdentifier.init)
        }
    }

    package init(snapshot: DIRegistrySnapshot) {
        components = snapshot.components
        var providersByKey: [Key: [Int]] = [:]
        var providersByType: [ObjectIdentifier: [(component: Int, name: String?)]] = [:]
        // Tagged providers are few: kept apart so that a wrapper's request can tell whether one may be its.
        var taggedTypes = Set<ObjectIdentifier>()
        // Most components provide one or two keys; growing the table step by step rehashes every key many times.
        providersByKey.reserveCapacity(components.count * 2)
        for component in components {
            for provided in component.provides {
                providersByKey[Key(provided.type, name: provided.name, tag: provided.tag), default: []].append(
                    component.id)
                if provided.tag != nil { taggedTypes.insert(ObjectIdentifier(provided.type)) }
                // `[P]` and near misses count a registration once, whatever names and tags it provides `P` under.
                if provided.tag == nil,
                    providersByType[ObjectIdentifier(provided.type)]?.last?.component != component.id
                {
                    providersByType[ObjectIdentifier(provided.type), default: []].append((component.id, provided.name))
                }
            }
        }
        self.providersByKey = providersByKey
        self.providersByType = providersByType
        // Asked for every dependency resolved; `arguments` filters the dependencies anew each time.
        let takesArguments = components.map { $0.dependencies.contains { $0.kind == .argument } }
        // Whether a provider of a type has a name or tag a wrapper may ask for, which its type does not show.
        func qualified(_ type: ObjectIdentifier) -> Bool {
            taggedTypes.contains(type) || providersByType[type]?.contains { $0.name != nil } == true
        }
        var hasWrappers = false

        var resolutions = AdjacencyList<Resolution>()
        var construction = AdjacencyList<Edge>()
        var execution = AdjacencyList<Edge>()
        var reference = AdjacencyList<Int>()
        for owner in components.indices {
            let dependencies = components[owner].dependencies
            for position in dependencies.indices {
                let dependency = dependencies[position]
                let (resolution, builds) =
                    if case .wrapper = dependency.position, dependency.tag == nil,
                        qualified(ObjectIdentifier(dependency.type))
                    {
                        (Resolution.unchecked, false)
                    } else {
                        Self.resolve(
                            dependency, components: components, takesArguments: takesArguments,
                            providersByKey: providersByKey, providersByType: providersByType)
                    }
                resolutions.append(resolution)
                let deferred = dependency.position.isDeferred
                if case .wrapper = dependency.position { hasWrappers = true }
                func add(_ target: Int) {
                    reference.append(target)
                    guard builds else { return }
                    execution.append(Edge(target: target, dependency: position))
                    if !deferred { construction.append(Edge(target: target, dependency: position)) }
                }
                if dependency.passesArguments, dependency.kind == .lazy || dependency.kind == .provider {
                    // Its `get(arguments:)` may reach any registration that takes arguments.
                    for provider in providersByKey[Key(dependency.type, name: dependency.name, tag: dependency.tag)]
                        ?? []
                    where takesArguments[provider] {
                        reference.append(provider)
                    }
                }
                switch resolution {
                case .one(let target), .needsArguments(let target): add(target)
                case .many(let targets): targets.forEach(add)
                case .unchecked:
                    // It may ask for any of them: each counts as reached, none as built with the owner.
                    for provider in providersByType[ObjectIdentifier(dependency.type)] ?? [] {
                        reference.append(provider.component)
                    }
                case .argument, .absent, .missing, .ambiguous, .multipleDefaults: break
                }
            }
            resolutions.endNode()
            construction.endNode()
            execution.endNode()
            reference.endNode()
        }
        self.resolutions = resolutions
        hasWrapperDependencies = hasWrappers
        constructionEdges = construction
        executionEdges = execution
        referenceEdges = reference
    }

    /// How a top-level request for `type`, unnamed, would choose its provider; `nil` when nothing provides it.
    func choice(forRequestOf type: any Any.Type) -> ProviderChoice<Int>? {
        ProviderChoice.choose(
            providersByKey[Key(type, name: nil, tag: nil)] ?? [],
            level: { components[$0].containerLevel }, isDefault: { components[$0].isDefault },
            takesArguments: { !components[$0].arguments.isEmpty })
    }

    /// The choices the `get(arguments:)` of a `Provider` or `Lazy` dependency makes by the container's rule, one per
    /// list of argument types its registrations take: a call passing arguments chooses among the nearest
    /// registrations taking exactly those, whatever its dependency was bound to. Empty for any other dependency,
    /// and for one with a tag or listing every provider, whose accessors keep the registration they were bound to.
    func argumentChoices(for dependency: DIDependency) -> [(arguments: [DIDependency], choice: ProviderChoice<Int>)] {
        guard dependency.passesArguments, !dependency.isMany, dependency.tag == nil else { return [] }
        let candidates = providersByKey[Key(dependency.type, name: dependency.name, tag: nil)] ?? []
        var lists: [[ObjectIdentifier]] = []
        var choices: [(arguments: [DIDependency], choice: ProviderChoice<Int>)] = []
        for candidate in candidates where !components[candidate].arguments.isEmpty {
            let list = argumentTypes(of: candidate)
            guard !lists.contains(list) else { continue }
            lists.append(list)
            // Where none of the nearest take them, a call passing them fails for its arguments, not by choice.
            let taking: ([Int]) -> [Int] = { nearest in
                let matching = nearest.filter { argumentTypes(of: $0) == list }
                return matching.isEmpty ? [nearest[0]] : matching
            }
            let choice = ProviderChoice.choose(
                candidates, level: { components[$0].containerLevel }, isDefault: { components[$0].isDefault },
                narrow: taking)
            if let choice { choices.append((components[candidate].arguments, choice)) }
        }
        return choices
    }

    /// Each type some registration provides without a tag, once.
    func providedTypes() -> [any Any.Type] {
        providersByType.compactMap { type, providers in
            components[providers[0].component].provides.first { ObjectIdentifier($0.type) == type }?.type
        }
    }

    /// The runtime argument types of `component`, in order.
    func argumentTypes(of component: Int) -> [ObjectIdentifier] {
        Self.argumentTypes(of: components[component])
    }

    private static func argumentTypes(of component: DIComponentSnapshot) -> [ObjectIdentifier] {
        component.arguments.map { ObjectIdentifier($0.type) }
    }

    /// Resolves one dependency the way the container binds it; `builds` says whether resolving the owner
    /// builds the target (false for `Lazy` and `Provider`).
    private static func resolve(
        _ dependency: DIDependency, components: [DIComponentSnapshot], takesArguments: [Bool],
        providersByKey: [Key: [Int]], providersByType: [ObjectIdentifier: [(component: Int, name: String?)]]
    ) -> (Resolution, builds: Bool) {
        func choose(_ type: any Any.Type) -> ProviderChoice<Int>? {
            ProviderChoice.choose(
                providersByKey[Key(type, name: dependency.name, tag: dependency.tag)] ?? [],
                level: { components[$0].containerLevel }, isDefault: { components[$0].isDefault },
                takesArguments: { takesArguments[$0] })
        }
        // A `Lazy` or `Provider` of one component passes runtime arguments itself (`get(arguments:)`).
        let passesArguments = dependency.passesArguments
        func single(_ choice: ProviderChoice<Int>) -> Resolution {
            switch choice {
            case .one(let target): takesArguments[target] && !passesArguments ? .needsArguments(target) : .one(target)
            case .ambiguous(let candidates): .ambiguous(candidates)
            case .multipleDefaults(let candidates): .multipleDefaults(candidates)
            }
        }
        if dependency.kind == .argument { return (.argument, false) }
        // A registration of exactly the declared type (`Optional<P>`, `[P]`) wins over the kind.
        if dependency.kind != .plain, let exact = choose(dependency.declaredType) { return (single(exact), true) }
        if let inner = dependency.innerKind {
            // `[Lazy<P>]`, `Lazy<[P]>`, `Lazy<P>?`, `[P?]`, ...: each nesting either lists or may find nothing.
            let builds = ![dependency.kind, inner].contains { $0 == .lazy || $0 == .provider }
            if dependency.isMany {
                let all = allProviders(of: dependency, providersByKey: providersByKey, providersByType: providersByType)
                if !passesArguments, let needing = all.first(where: { takesArguments[$0] }) {
                    return (.needsArguments(needing), builds)
                }
                return (.many(all), builds)
            }
            guard let choice = choose(dependency.type) else { return (.absent, builds) }
            return (single(choice), builds)
        }
        switch dependency.kind {
        case .plain, .lazy, .provider:
            let builds = dependency.kind == .plain
            guard var choice = choose(dependency.type) else {
                return (.missing(similar: nearMisses(of: dependency, providersByType, components)), builds)
            }
            // A `Lazy` or `Provider` chooses by the arguments of each `get(arguments:)`, as the container does.
            if !builds {
                choice = choice.choosingByArguments { argumentTypes(of: components[$0]) }
            }
            return (single(choice), builds)
        case .optional:
            guard let choice = choose(dependency.type) else { return (.absent, true) }
            return (single(choice), true)
        case .many:
            let all = allProviders(of: dependency, providersByKey: providersByKey, providersByType: providersByType)
            if let needing = all.first(where: { takesArguments[$0] }) {
                return (.needsArguments(needing), true)
            }
            return (.many(all), true)
        case .argument:
            return (.argument, false)
        }
    }

    /// The providers a listing dependency lists: unqualified, every provider under any name; with a name or tag,
    /// those under it.
    private static func allProviders(
        of dependency: DIDependency, providersByKey: [Key: [Int]],
        providersByType: [ObjectIdentifier: [(component: Int, name: String?)]]
    ) -> [Int] {
        guard dependency.name != nil || dependency.tag != nil else {
            return (providersByType[ObjectIdentifier(dependency.type)] ?? []).map(\.component)
        }
        return providersByKey[Key(dependency.type, name: dependency.name, tag: dependency.tag)] ?? []
    }

    /// Registrations close to a dependency that found nothing, those lacking only its tag first (as the container
    /// lists them).
    private static func nearMisses(
        of dependency: DIDependency, _ providersByType: [ObjectIdentifier: [(component: Int, name: String?)]],
        _ components: [DIComponentSnapshot]
    ) -> [(miss: DINearMiss, component: Int)] {
        var untagged: [(miss: DINearMiss, component: Int)] = []
        var misses: [(miss: DINearMiss, component: Int)] = []
        for provider in providersByType[ObjectIdentifier(dependency.type)] ?? [] {
            let info = components[provider.component].info
            if provider.name != dependency.name {
                let reason: DINearMiss.Reason = provider.name.map { .differentName($0) } ?? .unnamed
                misses.append((DINearMiss(reason: reason, component: info), provider.component))
            } else if let tag = dependency.tag {
                // Named by the tags it lacks: what its help tells to add.
                let carried = components[provider.component].provides.compactMap(\.tag)
                let missing = Tags.lacking(tag, carried: carried)
                untagged.append((DINearMiss(reason: .untagged(missing), component: info), provider.component))
            }
        }
        misses = untagged + misses
        for provider in providersByType[optionalTypeID(of: dependency.type)] ?? [] {
            misses.append(
                (DINearMiss(reason: .optionalOnly, component: components[provider.component].info), provider.component))
        }
        return misses
    }

    private static func optionalTypeID(of type: any Any.Type) -> ObjectIdentifier {
        func wrap<T>(_: T.Type) -> ObjectIdentifier { ObjectIdentifier(T?.self) }
        return _openExistential(type, do: wrap)
    }

    // MARK: Reading

    /// `parameter 2 of CheckoutService`, `injection owner of Cat`.
    func location(of dependency: Int, in component: Int) -> String {
        let owner = components[component]
        switch owner.dependencies[dependency].position {
        case .parameter(let index): return "parameter \(index + 1) of \(owner.typeName)"
        case .injection(let property, _): return "injection `\(property)` of \(owner.typeName)"
        case .completion: return "completion of \(owner.typeName)"
        case .wrapper(let property, let wrapper): return "\(wrapper) `\(property)` of \(owner.typeName)"
        }
    }

    /// Whether `edge` of `owner` is a property wrapper's: a resolve of its own, which shares no objectGraph
    /// instance with the resolve that builds the owner.
    func isWrapper(_ edge: Edge, of owner: Int) -> Bool {
        if case .wrapper = components[owner].dependencies[edge.dependency].position { return true }
        return false
    }

    /// A hop for a component.
    func hop(_ component: Int) -> DIFinding.Hop {
        DIFinding.Hop(components[component])
    }
}
