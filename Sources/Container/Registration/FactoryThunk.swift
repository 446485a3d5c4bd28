/// A registration's factory as the engine calls it: reads the factory's parameters from the resolve, calls the
/// factory, and writes the instance to the memory it is given.
///
/// `register` makes it in Tether, generic and unspecialised, so a registration costs the caller's module about
/// what a closure costs; lifetimes, sharing, cycles, injections and errors are the engine's.
typealias FactoryThunk = @Sendable (inout DependencyReader, UnsafeMutableRawPointer) throws(DIError) -> Void

/// Sets one injected property of the instance at the given address, reading its value from the resolve.
@usableFromInline
typealias InjectionThunk = @Sendable (UnsafeRawPointer, inout DependencyReader) throws(DIError) -> Void

/// Converts the instance at the first address (consuming it) to an alias type at the second; `false` when the
/// instance is not of that type.
@usableFromInline
typealias AliasThunk = @Sendable (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Bool

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
        return { (reader, target) throws(DIError) in
            try withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: alignment) {
                (buffer) throws(DIError) in
                let arguments = buffer.baseAddress.unsafelyUnwrapped
                if parameters.count > 0 { try reader.read(parameters, into: arguments) }
                do {
                    // Built straight into `target`, the arguments moved out of the buffer into the call: the
                    // factory consumes them, so the buffer holds nothing afterwards.
                    try target.assumingMemoryBound(to: T.self).initialize(
                        to: factory(arguments.assumingMemoryBound(to: Arguments.self).move()))
                } catch {
                    throw reader.factoryFailure(error)
                }
            }
        }
    }
}
