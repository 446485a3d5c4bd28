/// Hands a factory (or an injection) the values of its dependencies, one slot after the other, during a resolve.
///
/// The resolve's context is passed beside it, `inout`, rather than held: a reader keeps no reference to its
/// caller's frame, so it needs no raw pointer.
///
/// `next` is inlinable for the injections (`.injection`), which a registration site specialises; `register`'s
/// factory thunk runs it unspecialised. For a class it takes the reference the slot produces, for any other type
/// it gives the slot room on the stack. The slots themselves run in the engine.
@usableFromInline
struct DependencyReader {
    /// The binding whose slots are read: the caller holds it for the length of the call.
    private let binding: Unretained<Binding>
    private var position: Int
    /// The component being built, for the error of a factory that throws.
    private let building: Unretained<BoundComponent>

    init(binding: borrowing Binding, position: Int, component: borrowing BoundComponent) {
        self.binding = Unretained(binding)
        self.position = position
        self.building = Unretained(component)
    }

    /// The value of the next slot, as the factory declared it.
    @inlinable @inline(__always)
    mutating func next<P>(_: P.Type, _ context: inout ResolveContext) throws(DIError) -> P {
        // Where `P` is known only through its metadata (generic code), `_canBeClass` cannot decide (it answers
        // "maybe"), and the metadata does. Specialised, both checks fold to constants.
        let canBeClass = _canBeClass(P.self)
        if canBeClass == 1 { return classInstance(try nextObject(&context), as: P.self) }
        if canBeClass == 2 && P.self is AnyClass { return movedClassInstance(try nextObject(&context), as: P.self) }
        return try receive(P.self) { (room) throws(DIError) in try nextValue(into: room, &context) }
    }

    /// Writes the factory's parameters, one slot each, at their offsets in `arguments`; if one fails, destroys
    /// those written before it, so that the buffer holds nothing when this throws.
    mutating func read(
        _ parameters: FactoryParameters, into arguments: Room, _ context: inout ResolveContext
    ) throws(DIError) {
        for index in 0..<parameters.count {
            let (offset, isObject) = binding.peek { ($0.slots[position].offset, $0.slots[position].isObject) }
            let element = arguments.part(at: Int(offset))
            do {
                if isObject {
                    element.initialize(toObject: try nextObject(&context))
                } else {
                    try nextValue(into: element, &context)
                }
            } catch {
                parameters.destroy(first: index, at: arguments)
                throw error
            }
        }
    }

    /// The next slot's instance, a class reference.
    @usableFromInline
    mutating func nextObject(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        // The slot is called where the binding keeps it: a copy would retain what it owns.
        let object = try binding.read { (binding) throws(DIError) in try binding.slots[position].object(&context) }
        position += 1
        return object
    }

    /// Writes the next slot's value to `target`.
    @usableFromInline
    mutating func nextValue(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        try binding.read { (binding) throws(DIError) in try binding.slots[position].produce(into: target, &context) }
        position += 1
    }

    /// The component being built.
    var component: BoundComponent { building.object }

    /// Throws `main-actor-isolated` for the component being built, unless this runs on the main actor.
    @usableFromInline
    func requireMainActor() throws(DIError) {
        if !MainActorCheck.isIsolated { throw DIError(.mainActorIsolated(component.info)) }
    }

    /// The error of a component registered with `registerInjections(into:)`, which has no factory to call.
    func madeElsewhere() -> DIError {
        DIError(.madeElsewhere(component.info))
    }

    /// The error of a factory that threw `error`: a `DIError` (from a resolve inside the factory) as it is, any
    /// other wrapped with the component that failed. Here rather than in every registration's thunk.
    @usableFromInline
    func factoryFailure(_ error: any Error) -> DIError {
        if let error = error as? DIError { return error }
        return DIError(.factoryFailed(component.info, underlying: error))
    }
}

// MARK: Calling it

extension DependencyReader {
    /// Calls the factory of `component`, which writes the new instance to `target`, with the providers of
    /// `binding`'s slots.
    static func callFactory(
        of component: BoundComponent, into target: Room, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        var reader = DependencyReader(binding: binding, position: 0, component: component)
        try component.factory(&reader, &context, target)
    }

    /// Sets `injection` on the instance in `owner`, reading its values from `binding`'s injection slots from the
    /// `slot`th.
    static func inject(
        _ injection: InjectionDescriptor, of component: BoundComponent, slot: Int, of binding: Binding, owner: Room,
        _ context: inout ResolveContext
    ) throws(DIError) {
        var reader = DependencyReader(binding: binding, position: binding.injectionStart + slot, component: component)
        try injection.inject(owner, &reader, &context)
    }

    /// Writes the factory's parameters, `parameters`, to `target` as one tuple, for an async factory to be called
    /// with later.
    static func readArguments(
        _ parameters: FactoryParameters, of component: BoundComponent, _ binding: Binding, into target: Room,
        _ context: inout ResolveContext
    ) throws(DIError) {
        var reader = DependencyReader(binding: binding, position: 0, component: component)
        try reader.read(parameters, into: target, &context)
    }
}
