/// Configures a registration after `register`: its lifetime, the types it is provided as, its injections.
///
/// ```swift
/// container.register(Cat.init)
///     .lifetime(.perRun(.strong))
///     .as(Animal.self)
///     .injection(\.owner)
/// ```
public struct DIComponentBuilder<Component>: Sendable {
    @usableFromInline let container: DIContainer
    @usableFromInline let id: Int

    @usableFromInline
    init(container: DIContainer, id: Int) {
        self.container = container
        self.id = id
    }

    /// Sets how long instances live; without it the registration uses `DISetting.Defaults.lifeTime`.
    @discardableResult
    public func lifetime(_ lifetime: DILifeTime) -> Self {
        container.modify(id) { $0.lifetime = lifetime }
        return self
    }

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
                guard let cast = source.assumingMemoryBound(to: Component.self).move() as? P else { return false }
                _ = target.initializeMemory(as: P.self, to: cast)
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
    @inlinable
    @discardableResult
    public func injection<P>(
        cycle: Bool = false, _ keyPath: ReferenceWritableKeyPath<Component, P>
    ) -> Self {
        let keyPath = Handoff(value: keyPath)
        return injection(cycle: cycle, property: Self.propertyName(keyPath.value)) { owner, value in
            owner[keyPath: keyPath.value] = value
        }
    }

    /// Runs `inject` after the instance is built, with a value resolved like a factory parameter.
    @inlinable
    @discardableResult
    public func injection<P>(
        cycle: Bool = false, _ inject: @escaping @Sendable (Component, P) -> Void
    ) -> Self {
        injection(cycle: cycle, property: typeName(P.self), inject)
    }

    @inlinable @inline(never)
    func injection<P>(cycle: Bool, property: String, _ inject: @escaping @Sendable (Component, P) -> Void) -> Self {
        let thunk: InjectionThunk = { (owner, reader) throws(DIError) in
            inject(owner.assumingMemoryBound(to: Component.self).pointee, try reader.next(P.self))
        }
        container.addInjection(
            InjectionDescriptor(dependency: DependencyDescriptor(P.self), property: property, cycle: cycle, inject: thunk),
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
