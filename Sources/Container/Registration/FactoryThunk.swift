/// The one piece of a registration specialised where it is written: reads the factory's parameters from the
/// resolve, calls the factory, and writes the instance to the memory it is given.
///
/// Everything else a resolve does (lifetimes, sharing, cycles, injections, errors) is the engine's, compiled once
/// in Tether, so a registration costs the caller's module about what a closure costs.
@usableFromInline
typealias FactoryThunk = @Sendable (inout DependencyReader, UnsafeMutableRawPointer) throws(DIError) -> Void

/// Sets one injected property of the instance at the given address, reading its value from the resolve.
@usableFromInline
typealias InjectionThunk = @Sendable (UnsafeRawPointer, inout DependencyReader) throws(DIError) -> Void

/// Converts the instance at the first address (consuming it) to an alias type at the second; `false` when the
/// instance is not of that type.
@usableFromInline
typealias AliasThunk = @Sendable (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Bool
