/// A registration's factory as the engine calls it: reads the factory's parameters from the resolve, calls the
/// factory, and writes the instance to the memory it is given.
///
/// `register` makes it in Tether, generic and unspecialised, so a registration costs the caller's module about
/// what a closure costs; lifetimes, sharing, cycles, injections and errors are the engine's.
typealias FactoryThunk = @Sendable (inout DependencyReader, UnsafeMutableRawPointer) throws(DIError) -> Void

/// How a thunk calls its factory: with the tuple of its arguments at the first address, moving them out, and the
/// instance written to the second. A value the thunk captures whole, so that a registration allocates one closure
/// context, as when the thunk called the factory itself.
protocol FactoryCall: Sendable {
    /// Whether the factory runs on the main actor, which the thunk checks before it builds any dependency.
    static var onMainActor: Bool { get }
    func callAsFunction(_ arguments: UnsafeMutableRawPointer, _ target: UnsafeMutableRawPointer) throws
}

/// Sets one injected property of the instance at the given address, reading its value from the resolve.
@usableFromInline
typealias InjectionThunk = @Sendable (UnsafeRawPointer, inout DependencyReader) throws(DIError) -> Void

/// Converts the instance at the first address (consuming it) to an alias type at the second; `false` when the
/// instance is not of that type.
@usableFromInline
typealias AliasThunk = @Sendable (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Bool

extension DIContainer {
    /// The engine's thunk around `call`: reads the parameters of `Arguments` into a buffer on the stack and calls
    /// it. Specialised in Tether for each kind of call.
    static func factoryThunk<Arguments, Call: FactoryCall>(
        _ parameters: FactoryParameters, of _: Arguments.Type, _ call: Call
    ) -> FactoryThunk {
        let size = MemoryLayout<Arguments>.size
        let alignment = MemoryLayout<Arguments>.alignment
        return { (reader, target) throws(DIError) in
            // Before any dependency is built: a resolve that cannot call the factory builds nothing.
            if Call.onMainActor { try reader.requireMainActor() }
            try withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: alignment) {
                (buffer) throws(DIError) in
                let arguments = buffer.baseAddress.unsafelyUnwrapped
                if parameters.count > 0 { try reader.read(parameters, into: arguments) }
                do {
                    // The factory consumes the arguments, so the buffer holds nothing afterwards.
                    try call(arguments, target)
                } catch {
                    throw reader.factoryFailure(error)
                }
            }
        }
    }

    /// Records a registration of `T` made by `thunk` and returns its builder.
    func register<T>(
        _: T.Type, parameters: FactoryParameters, thunk: @escaping FactoryThunk, kind: DIFactoryKind,
        asyncFactory: AsyncFactory? = nil, file: String, line: Int, filePath: String
    ) -> DIComponentBuilder<T> {
        let id = add(
            Registration(
                info: DIComponentInfo(type: T.self, file: file, line: line, filePath: filePath), type: T.self,
                parameters: parameters.descriptors, factory: thunk, kind: kind, asyncFactory: asyncFactory))
        return DIComponentBuilder(container: self, id: id)
    }
}
