/// Hands a factory (or an injection) the values of its dependencies, one slot after the other, during a resolve.
///
/// It holds only where it is: the binding it reads and the component it builds are passed beside it, as the
/// resolve's context is, since a struct cannot hold a borrowed reference. Held, they were either unretained or
/// retained once per build, a count every resolving thread writes (S2 +15% instructions; Benchmarks/README.md,
/// "thirteenth part").
///
/// `next` is inlinable for the injections (`.injection`), which a registration site specialises; `register`'s
/// factory thunk runs it unspecialised. For a class it takes the reference the slot produces, for any other type
/// it gives the slot room on the stack. The slots themselves run in the engine.
@usableFromInline
struct DependencyReader {
    /// The slot read next.
    private var position: Int

    init(position: Int) {
        self.position = position
    }

    /// The value of the next slot, as the factory declared it.
    @inlinable @inline(__always)
    mutating func next<P>(_: P.Type, of binding: Binding, _ context: inout ResolveContext) throws(DIError) -> P {
        // Where `P` is known only through its metadata (generic code), `_canBeClass` cannot decide (it answers
        // "maybe"), and the metadata does. Specialised, both checks fold to constants.
        let canBeClass = _canBeClass(P.self)
        if canBeClass == 1 { return classInstance(try nextObject(of: binding, &context), as: P.self) }
        if canBeClass == 2 && P.self is AnyClass {
            return movedClassInstance(try nextObject(of: binding, &context), as: P.self)
        }
        return try receive(P.self) { (room) throws(DIError) in try nextValue(of: binding, into: room, &context) }
    }

    /// Writes the factory's parameters, one slot each, at their offsets in `arguments`; if one fails, destroys
    /// those written before it, so that the buffer holds nothing when this throws.
    mutating func read(
        _ parameters: FactoryParameters, of binding: Binding, into arguments: Room, _ context: inout ResolveContext
    ) throws(DIError) {
        for index in 0..<parameters.count {
            let element = arguments.part(at: Int(binding.slots[position].offset))
            do {
                if binding.slots[position].isObject {
                    element.initialize(toObject: try nextObject(of: binding, &context))
                } else {
                    try nextValue(of: binding, into: element, &context)
                }
            } catch {
                parameters.destroy(first: index, at: arguments)
                throw error
            }
        }
    }

    /// The next slot's instance, a class reference.
    @usableFromInline
    mutating func nextObject(of binding: Binding, _ context: inout ResolveContext) throws(DIError) -> AnyObject {
        // The slot is called where the binding keeps it: a copy would retain what it owns.
        let object = try binding.slots[position].object(&context)
        position += 1
        return object
    }

    /// Writes the next slot's value to `target`.
    @usableFromInline
    mutating func nextValue(of binding: Binding, into target: Room, _ context: inout ResolveContext) throws(DIError) {
        try binding.slots[position].produce(into: target, &context)
        position += 1
    }
}

// MARK: Calling it

extension DependencyReader {
    /// Calls the factory of `component`, which writes the new instance to `target`, with the providers of
    /// `binding`'s slots.
    static func callFactory(
        of component: BoundComponent, into target: Room, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        try component.factory(component, binding, &context, target)
    }

    /// Sets `injection` on the instance in `owner`, reading its values from `binding`'s injection slots from the
    /// `slot`th.
    static func inject(
        _ injection: InjectionDescriptor, of component: BoundComponent, slot: Int, of binding: Binding, owner: Room,
        _ context: inout ResolveContext
    ) throws(DIError) {
        var reader = DependencyReader(position: binding.injectionStart + slot)
        try injection.inject(owner, &reader, binding, component, &context)
    }

    /// Writes the factory's parameters, `parameters`, to `target` as one tuple, for an async factory to be called
    /// with later.
    static func readArguments(
        _ parameters: FactoryParameters, of component: BoundComponent, _ binding: Binding, into target: Room,
        _ context: inout ResolveContext
    ) throws(DIError) {
        var reader = DependencyReader(position: 0)
        try reader.read(parameters, of: binding, into: target, &context)
    }
}
