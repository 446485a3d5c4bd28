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
