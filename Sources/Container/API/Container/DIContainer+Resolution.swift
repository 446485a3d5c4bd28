extension DIContainer {
    /// Resolves `T` (named, if `name` is given) with all its dependencies, or throws why it cannot.
    ///
    /// `T?` resolves to `nil` when nothing provides `T`; `[T]` to every provider of `T`; `Lazy<T>` and
    /// `Provider<T>` to deferred access.
    @inlinable
    public func resolveOrThrow<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> sending T {
        // The only code specialised here: a class comes back as a reference, any other type is written to room
        // on the caller's stack. Everything else runs in the engine, compiled once in Tether. Where `T` is not
        // specialised (a property wrapper's resolve, compiled once in Tether), `_canBeClass` answers 2, "unknown",
        // and the type's metadata decides. Specialised, the check folds to a constant.
        let canBeClass = _canBeClass(T.self)
        if canBeClass == 1 { return classInstance(try resolveObject(T.self, name: name), as: T.self) }
        if canBeClass == 2 && T.self is AnyClass {
            return movedClassInstance(try resolveObject(T.self, name: name), as: T.self)
        }
        return try resolveValueSending(T.self, name: name)
    }

    /// `resolveOrThrow(_:name:)` for a type that is not a class. A function of its own: unspecialised, the value
    /// path's generic types (`Handoff<T>`, the room's `Result`) are instantiated at the entry of the function that
    /// holds it, whichever branch runs, and the runtime's look-up of each cost a class resolved through a property
    /// wrapper about 330 instructions (W1, callgrind).
    @inlinable @inline(never)
    func resolveValueSending<T>(_: T.Type, name: String?) throws(DIError) -> sending T {
        try receiveSending(T.self) { (room) throws(DIError) in
            try resolveValue(T.self, name: name, arguments: nil, observer: nil, into: room)
        }
    }

    /// Resolves `T` like `resolveOrThrow(_:name:)`, telling `observer` of every instance built or reused.
    public func resolveOrThrow<T>(
        _ type: T.Type = T.self, name: String? = nil, observer: any DIResolutionObserver
    ) throws(DIError) -> sending T {
        try receiveSending(T.self) { (room) throws(DIError) in
            try resolveValue(T.self, name: name, arguments: nil, observer: observer, into: room)
        }
    }

    /// Resolves `T`, passing `arguments` to the `DIArgument` parameters of its factory, in order.
    ///
    /// ```swift
    /// container.register { (name: DIArgument<String>, store: Store) in Profile(name: name.value, store: store) }
    /// let profile = try container.resolveOrThrow(Profile.self, arguments: "Ada")
    /// ```
    public func resolveOrThrow<T, each A>(
        _ type: T.Type = T.self, name: String? = nil, arguments: repeat each A
    ) throws(DIError) -> sending T {
        let given = GivenArguments(repeat each arguments)
        return try receiveSending(T.self) { (room) throws(DIError) in
            try resolveValue(T.self, name: name, arguments: given, observer: nil, into: room)
        }
    }

    /// Resolves `T`, stopping the program with the full error text when it cannot be built.
    @inlinable @inline(never)  // Specialised once per type, not copied into every call site with its error text.
    public func resolve<T>(
        _ type: T.Type = T.self, name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> sending T {
        do {
            return try resolveOrThrow(type, name: name)
        } catch {
            fatalError("\n" + error.description, file: file, line: line)
        }
    }

    /// Resolves `T` with runtime arguments, stopping the program with the full error text when it cannot.
    public func resolve<T, each A>(
        _ type: T.Type = T.self, name: String? = nil, arguments: repeat each A,
        file: StaticString = #fileID, line: UInt = #line
    ) -> sending T {
        do {
            return try resolveOrThrow(type, name: name, arguments: repeat each arguments)
        } catch {
            fatalError("\n" + error.description, file: file, line: line)
        }
    }
}
