/// Hands a factory (or an injection) the values of its dependencies, one slot after the other, during a resolve.
///
/// `next` is inlinable for the injections (`.injection`), which a registration site specialises; `register`'s
/// factory thunk runs it unspecialised. For a class it takes the reference the slot produces, for any other type
/// it gives the slot room on the stack. The slots themselves run in the engine.
@usableFromInline
struct DependencyReader {
    let context: UnsafeMutablePointer<ResolveContext>
    @usableFromInline let slots: UnsafeBufferPointer<ProvisionRef>
    @usableFromInline var position: Int
    /// The component being built, for the error of a factory that throws; its plan outlives the resolve.
    unowned(unsafe) let component: BoundComponent

    init(
        context: UnsafeMutablePointer<ResolveContext>, slots: UnsafeBufferPointer<ProvisionRef>, position: Int,
        component: BoundComponent
    ) {
        self.context = context
        self.slots = slots
        self.position = position
        self.component = component
    }

    /// The value of the next slot, as the factory declared it.
    @inlinable @inline(__always)
    mutating func next<P>(_: P.Type) throws(DIError) -> P {
        // Where `P` is known only through its metadata (generic code), `_canBeClass` cannot decide (it answers
        // "maybe"); the slot knows from registration.
        if _canBeClass(P.self) == 1 { return unsafeBitCast(try nextObject(), to: P.self) }
        if slots[position].isObject {
            // `P` is a class known only through metadata here: move the reference in, so that no value witness
            // copies it (a retain and a release per dependency).
            var reference = try nextRetainedObject()
            return Self.move(P.self, from: &reference)
        }
        return try receive(P.self) { (room) throws(DIError) in try nextValue(into: room) }
    }

    /// Writes the factory's parameters, one slot each, at their offsets in `arguments`; if one fails, destroys
    /// those written before it, so that the buffer holds nothing when this throws.
    mutating func read(_ parameters: FactoryParameters, into arguments: UnsafeMutableRawPointer) throws(DIError) {
        for index in 0..<parameters.count {
            let element = arguments + parameters.offset(at: index)
            do {
                if slots[position].isObject {
                    element.initializeMemory(as: AnyObject.self, to: try nextObject())
                } else {
                    try nextValue(into: element)
                }
            } catch {
                parameters.destroy(first: index, at: arguments)
                throw error
            }
        }
    }

    /// The next slot's instance, a class reference.
    @usableFromInline
    mutating func nextObject() throws(DIError) -> AnyObject {
        let slot = slots[position]
        position += 1
        return try slot.object(&context.pointee)
    }

    /// The instance of class `P` whose reference is at `word`, taken over without a retain.
    @inlinable @inline(__always)
    static func move<P>(_: P.Type, from word: UnsafeMutableRawPointer) -> P {
        word.assumingMemoryBound(to: P.self).move()
    }

    /// The next slot's instance, a class reference, passed retained as a raw pointer.
    @usableFromInline
    mutating func nextRetainedObject() throws(DIError) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(try nextObject()).toOpaque()
    }

    /// Writes the next slot's value to `target`.
    @usableFromInline
    mutating func nextValue(into target: UnsafeMutableRawPointer) throws(DIError) {
        let slot = slots[position]
        position += 1
        try slot.produce(into: target, &context.pointee)
    }

    /// Throws `main-actor-isolated` for the component being built, unless this runs on the main actor.
    @usableFromInline
    func requireMainActor() throws(DIError) {
        if !MainActorCheck.isIsolated { throw DIError(.mainActorIsolated(component.info)) }
    }

    /// The error of a factory that threw `error`: a `DIError` (from a resolve inside the factory) as it is, any
    /// other wrapped with the component that failed. Here rather than in every registration's thunk.
    @usableFromInline
    func factoryFailure(_ error: any Error) -> DIError {
        if let error = error as? DIError { return error }
        return DIError(.factoryFailed(component.info, underlying: error))
    }
}
