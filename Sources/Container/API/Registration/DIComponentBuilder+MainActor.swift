extension DIComponentBuilder {
    /// `.injection` with a closure isolated to the main actor, for a main-actor component, whose properties a key
    /// path cannot reach from where registration runs:
    /// `.injection(on: MainActor.self) { (screen: Screen, store: Store) in screen.store = store }`.
    ///
    /// The values are resolved first, in the same resolve; the closure then runs on the main actor, which the
    /// resolve must be on (a main-actor component is built there anyway); elsewhere it throws
    /// `main-actor-isolated`. The label, not the closure's attribute, chooses this overload: the compiler prefers
    /// the plain one for a closure written `@MainActor`, and then reports that it loses its actor.
    @inlinable
    @discardableResult
    public func injection<each P>(
        cycle: Bool = false, on _: MainActor.Type,
        _ inject: @escaping @MainActor @Sendable (Component, repeat each P) throws -> Void
    ) -> Self {
        var names: [String] = []
        for type in repeat (each P).self { names.append(typeName(type)) }
        return mainActorStep(cycle: cycle, isCompletion: false, property: names.joined(separator: ", "), inject)
    }

    /// `.completion` with a closure isolated to the main actor (`.completion(on: MainActor.self) { ... }`), run
    /// there as `.injection(on:)` runs its closure.
    @inlinable
    @discardableResult
    public func completion<each P>(
        cycle: Bool = false, on _: MainActor.Type,
        _ complete: @escaping @MainActor @Sendable (Component, repeat each P) throws -> Void
    ) -> Self {
        mainActorStep(cycle: cycle, isCompletion: true, property: "completion", complete)
    }

    @inlinable @inline(never)
    func mainActorStep<each P>(
        cycle: Bool, isCompletion: Bool, property: String,
        _ body: @escaping @MainActor @Sendable (Component, repeat each P) throws -> Void
    ) -> Self {
        let thunk: InjectionThunk = { (owner, reader, binding, component, context) throws(DIError) in
            // Checked before anything is built, so a resolve off the main actor builds nothing more.
            try component.requireMainActor()
            let owner = owner.copy(Component.self)
            // Read here, on the main actor already: nothing crosses an isolation boundary.
            let values = Handoff(value: (owner, (repeat try reader.next((each P).self, of: binding, &context))))
            do {
                try MainActor.assumeIsolated { try body(values.value.0, repeat each values.value.1) }
            } catch {
                throw component.factoryFailure(error)
            }
        }
        return added(step: thunk, cycle: cycle, isCompletion: isCompletion, property: property, (repeat (each P).self))
    }
}
