/// Configures a registration after `register`: its lifetime, the types it is provided as, its injections.
///
/// ```swift
/// container.register(Cat.init)
///     .lifetime(.perRun(.strong))
///     .as(Animal.self)
///     .injection(\.owner)
/// ```
public struct DIComponentBuilder<Component>: Sendable {
    /// The builder's one stored reference, which every copy holds: when the last goes, the chain is complete and
    /// may be published. One word, so that each step of a chain costs its registration site one retain.
    let chain: RegistrationChain

    /// The container the registration is in.
    @usableFromInline var container: DIContainer { chain.container }
    /// The registration's identity in it.
    @usableFromInline var id: Int { chain.id }

    /// Also provides the component as `type` (a protocol or superclass), optionally under `name`.
    ///
    /// Naming the component's own type (`.as(Cat.self, name: "tom")`) replaces its unnamed provision, so that
    /// several named registrations of one type do not compete for unnamed requests.
    @inlinable @inline(never)
    @discardableResult
    public func `as`<P>(_ type: P.Type, name: String? = nil) -> Self {
        // Specialised here: the cast of one instance, which the compiler can often decide statically.
        container.addAlias(
            Alias(type: P.self, name: name) { source, target in
                guard let cast = source.move(Component.self) as? P else { return false }
                target.initialize(to: cast)
                return true
            }, to: id)
        return self
    }

    /// Prefers this registration when several in the same container provide a requested type.
    @discardableResult
    public func `default`() -> Self {
        container.modify(id, changesProvided: true) { $0.isDefault = true }
        return self
    }

    /// Tags the component: it is then also provided, as every type it provides (named or not), to
    /// `DITagged<Tag, P>` dependencies. A component may have several tags; untagged requests still find it.
    @discardableResult
    public func tag<Tag>(_ tag: Tag.Type) -> Self {
        container.modify(id, changesProvided: true) { registration in
            if !registration.tags.contains(where: { $0 == Tag.self }) { registration.tags.append(Tag.self) }
        }
        return self
    }

    /// Makes factory parameter `index` (counted from 0) ask for the providers registered under `name`, for an
    /// initializer whose parameter types cannot say it: `register(Repository.init).parameter(at: 1, name: "replica")`.
    /// An index past the parameters, or of a `DIArgument`, makes the registration `invalid-registration`.
    @discardableResult
    public func parameter(at index: Int, name: String) -> Self {
        qualifyParameter(at: index) { $0.name = name }
    }

    /// Makes factory parameter `index` (counted from 0) ask for the providers tagged `tag`, as a `DITagged`
    /// parameter would.
    @discardableResult
    public func parameter<Tag>(at index: Int, tag: Tag.Type) -> Self {
        qualifyParameter(at: index) { $0.tag = Tag.self }
    }

    /// Makes factory parameter `index` (counted from 0) a runtime argument, which the caller passes at resolve as
    /// it would to a `DIArgument` parameter, for an initializer that takes the value itself:
    /// `register(OrderModel.init(api:id:)).argument(at: 1)`, then `resolve(arguments: id)`. Arguments are passed in
    /// the order of their parameters. An index past the parameters, or of a parameter given a name or tag, makes
    /// the registration `invalid-registration`.
    @discardableResult
    public func argument(at index: Int) -> Self {
        container.modify(id) { registration in
            let count = registration.parameterRecord.count
            guard (0..<count).contains(index) else {
                return registration.problems.append(
                    "argument(at: \(index)), but the factory takes \(count) parameter\(count == 1 ? "" : "s")")
            }
            let parameter = registration.parameter(at: index)
            guard parameter.kind != .argument else { return }
            guard parameter.name == nil, parameter.tag == nil else {
                return registration.problems.append(
                    "argument(at: \(index)) is a parameter with a name or tag, which asks the container for it")
            }
            registration.parameters[index] = parameter.asRuntimeArgument()
        }
        return self
    }

    private func qualifyParameter(at index: Int, _ change: (inout DependencyDescriptor) -> Void) -> Self {
        container.modify(id) { registration in
            // A mistake in the code, reported rather than trapped on: registration runs in `validate()` of a
            // module too, which must throw, not stop.
            let count = registration.parameterRecord.count
            guard (0..<count).contains(index) else {
                return registration.problems.append(
                    "parameter(at: \(index)), but the factory takes \(count) parameter\(count == 1 ? "" : "s")")
            }
            guard registration.parameter(at: index).kind != .argument else {
                return registration.problems.append(
                    "parameter(at: \(index)) is a DIArgument, which the caller passes: it has no name or tag")
            }
            change(&registration.parameters[index])
        }
        return self
    }

    /// Replaces, in this container, every earlier registration that provides a type this one provides (its own
    /// type and its `.as` types, each under its name), on purpose: a variant or a test double swapped in where a
    /// second registration would be ambiguous. The replaced registrations are removed; the snapshot lists them in
    /// `replaced`. Types added with `.as` after `.replacing()` replace too; a parent's registrations are untouched
    /// (a child's own already override them), and so are those taking other runtime arguments, which requests tell
    /// apart by their arguments.
    @discardableResult
    public func replacing() -> Self {
        container.modify(id, changesProvided: true) { $0.replacesEarlier = true }
        return self
    }

    /// Marks the component as an entry point of the app, for validation's `unreachable` check.
    @discardableResult
    public func root() -> Self {
        container.modify(id) { $0.isRoot = true }
        return self
    }

    /// Silences a validation finding on this registration, keeping the reason next to it.
    @discardableResult
    public func suppress(_ code: String, reason: String) -> Self {
        container.modify(id) { $0.suppressions.append(DISuppression(code: code, reason: reason)) }
        return self
    }

    /// Sets a property after the instance is built, resolving its value like a factory parameter.
    ///
    /// With `cycle: true` the property is set at the end of the outermost resolve instead, which lets two
    /// components refer to each other when the ones that meet again are shared (objectGraph or longer).
    /// `name` or `tag` makes it ask for the providers registered under that name or tagged with that type.
    @inlinable
    @discardableResult
    public func injection<P>(
        cycle: Bool = false, _ keyPath: ReferenceWritableKeyPath<Component, P>, name: String? = nil,
        tag: (any Any.Type)? = nil
    ) -> Self {
        let keyPath = Handoff(value: keyPath)
        return injection(cycle: cycle, property: Self.propertyName(keyPath.value), name: name, tag: tag) {
            owner, value in
            owner[keyPath: keyPath.value] = value
        }
    }

    /// Runs `inject` after the instance is built, with a value resolved like a factory parameter (under `name`
    /// or `tag` when given).
    @inlinable
    @discardableResult
    public func injection<P>(
        cycle: Bool = false, name: String? = nil, tag: (any Any.Type)? = nil,
        _ inject: @escaping @Sendable (Component, P) -> Void
    ) -> Self {
        injection(cycle: cycle, property: typeName(P.self), name: name, tag: tag, inject)
    }

    @inlinable @inline(never)
    func injection<P>(
        cycle: Bool, property: String, name: String?, tag: (any Any.Type)?,
        _ inject: @escaping @Sendable (Component, P) -> Void
    ) -> Self {
        let thunk: InjectionThunk = { (owner, reader, binding, _, context) throws(DIError) in
            inject(owner.copy(Component.self), try reader.next(P.self, of: binding, &context))
        }
        container.addInjection(
            InjectionDescriptor(
                dependencies: [DependencyDescriptor(P.self).asking(name: name, tag: tag)], property: property,
                cycle: cycle, inject: thunk),
            to: id)
        return self
    }

    /// Calls `inject` after the instance is built, with several values resolved like factory parameters: method
    /// injection, `.injection { (cat: Cat, food: Food, bowl: Bowl) in cat.feed(food, in: bowl) }`.
    @inlinable
    @discardableResult
    public func injection<each P>(
        cycle: Bool = false, _ inject: @escaping @Sendable (Component, repeat each P) throws -> Void
    ) -> Self {
        var names: [String] = []
        for type in repeat (each P).self { names.append(typeName(type)) }
        return step(cycle: cycle, isCompletion: false, property: names.joined(separator: ", "), inject)
    }

    /// Runs `complete` once the instance is built and every injection of it is done, with values resolved like
    /// factory parameters: `.completion { (player: Player, audio: AudioSession) in player.attach(audio) }`.
    ///
    /// A completion is deferred to the end of the outermost resolve with `cycle: true`, or when an injection of
    /// the component is (so that it still comes after it). An error it throws fails the resolve as a factory's
    /// would. Validation sees its dependencies like any other.
    @inlinable
    @discardableResult
    public func completion<each P>(
        cycle: Bool = false, _ complete: @escaping @Sendable (Component, repeat each P) throws -> Void
    ) -> Self {
        step(cycle: cycle, isCompletion: true, property: "completion", complete)
    }

    @inlinable @inline(never)
    func step<each P>(
        cycle: Bool, isCompletion: Bool, property: String,
        _ body: @escaping @Sendable (Component, repeat each P) throws -> Void
    ) -> Self {
        let thunk: InjectionThunk = { (owner, reader, binding, component, context) throws(DIError) in
            let owner = owner.copy(Component.self)
            do {
                try body(owner, repeat try reader.next((each P).self, of: binding, &context))
            } catch {
                throw component.factoryFailure(error)
            }
        }
        return added(step: thunk, cycle: cycle, isCompletion: isCompletion, property: property, (repeat (each P).self))
    }

    /// Records an injection or completion step taking values of types `P`.
    @usableFromInline
    func added<each P>(
        step thunk: @escaping InjectionThunk, cycle: Bool, isCompletion: Bool, property: String,
        _ types: (repeat (each P).Type)
    ) -> Self {
        var dependencies: [DependencyDescriptor] = []
        for type in repeat each types { dependencies.append(DependencyDescriptor(type)) }
        container.addInjection(
            InjectionDescriptor(
                dependencies: dependencies, property: property, cycle: cycle, isCompletion: isCompletion, inject: thunk),
            to: id)
        return self
    }

    /// `owner` for `\Cat.owner`.
    @usableFromInline
    static func propertyName(_ keyPath: AnyKeyPath) -> String {
        let text = String(describing: keyPath)
        guard let dot = text.lastIndex(of: ".") else { return text }
        return String(text[text.index(after: dot)...])
    }
}
