/// A registration's factory as the engine calls it: reads the factory's parameters from the resolve into a tuple
/// on the stack, calls the factory with it, and writes the instance to the room it is given (`Room` holds the raw
/// memory of both).
///
/// `register` makes it in Tether, generic and unspecialised, so a registration costs the caller's module about
/// what a closure costs; lifetimes, sharing, cycles, injections and errors are the engine's. The component it builds
/// and that component's binding are lent by the caller, not held by a reader (see `DependencyReader`).
typealias FactoryThunk =
    @Sendable (
        _ component: BoundComponent, _ binding: Binding, _ context: inout ResolveContext, _ target: Room
    ) throws(DIError) -> Void

/// Sets one injected property of the instance at the given address, reading its value from the resolve.
@usableFromInline
typealias InjectionThunk =
    @Sendable (
        _ owner: Room, _ reader: inout DependencyReader, _ binding: Binding, _ component: BoundComponent,
        _ context: inout ResolveContext
    ) throws(DIError) -> Void

/// Converts the instance at the first address (consuming it) to an alias type at the second; `false` when the
/// instance is not of that type.
@usableFromInline
typealias AliasThunk = @Sendable (Room, Room) -> Bool

extension DIContainer {
    /// The engine's thunk around `factory`: reads its parameters into a buffer on the stack and calls it, with
    /// `factory` captured as it is, so that a registration allocates one closure context and asks the runtime for no
    /// type's metadata (a generic wrapper of the call would cost a look-up per registration: 5% of B2's start-up).
    /// Inlined into each `register`. Its frame is one of each level of a deep graph's build, so it holds nothing
    /// more (the 1,000-deep tests measure it).
    @inline(__always)
    static func factoryThunk<T, Arguments>(
        _ parameters: FactoryParameters, _ factory: @escaping @Sendable (consuming Arguments) throws -> T
    ) -> FactoryThunk {
        let size = MemoryLayout<Arguments>.size
        let alignment = MemoryLayout<Arguments>.alignment
        return { (component, binding, context, target) throws(DIError) in
            do {
                try Room.withTemporary(byteCount: size, alignment: alignment) { (arguments) throws(DIError) in
                    if parameters.count > 0 {
                        var reader = DependencyReader(position: 0)
                        try reader.read(parameters, of: binding, into: arguments, &context)
                    }
                    do {
                        // Built straight into `target`, the arguments moved out of the buffer into the call: the
                        // factory consumes them, so the buffer holds nothing afterwards.
                        try target.initialize(byCalling: factory, withArgumentsIn: arguments)
                    } catch {
                        throw component.factoryFailure(error)
                    }
                }
            } catch {
                // `withTemporary` rethrows untyped (see there); the only error in it is the body's.
                throw error as! DIError
            }
        }
    }
}
