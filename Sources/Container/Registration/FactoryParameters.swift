/// A factory's parameters as `register` receives them: one value, the tuple of the parameters, with the type of
/// each element and where it lies in the tuple's memory.
///
/// `register` takes a factory as a function of one generic value, `Arguments`, so that the compiler converts an
/// initializer or closure of any number of parameters where the types are known, at the registration site. The
/// engine then writes each dependency at its element's offset and calls the factory once with the whole tuple,
/// with nothing asked of the runtime per build. (A factory taking a parameter pack would make the unspecialised
/// engine ask the runtime for the tuple's metadata on every build: a look-up in a process-wide table, which cost a
/// quarter of a resolve and kept two threads from resolving faster than 1.2 times one.)
///
/// The element types are read from the tuple's metadata (`TypeMetadata`) at registration, to tell plain ones from
/// shapes, and again where a component is bound, as are the offsets: each slot keeps its parameter's
/// (`place(_:after:)`), so that a build reads no metadata, and a registration keeps no array of them.
/// A factory of one parameter has that parameter as `Arguments`, which is not a tuple; a factory of none has the
/// empty tuple. Tether's debug builds check every offset read against `MemoryLayout<Arguments>`, and the tests pass
/// parameters of mixed sizes and alignments and check that each arrives whole.
struct FactoryParameters: Sendable {
    /// The tuple's metadata, or the single parameter's.
    private let metadata: TypeMetadata
    /// How many parameters the factory takes; 32 bits, since every registration keeps these (`RegisteredParameters`).
    private let storedCount: Int32
    /// Whether `Arguments` is the one parameter even when it is a tuple (`register(taking:_:)`).
    private let isWhole: Bool

    /// How many parameters the factory takes.
    var count: Int { Int(storedCount) }

    /// The parameters of a factory of `Arguments`: each element of it when it is a tuple.
    init<Arguments>(_: Arguments.Type) {
        metadata = TypeMetadata(Arguments.self)
        storedCount = Int32(metadata.elementCount)
        isWhole = false
        metadata.checkElements(within: Arguments.self)
    }

    /// The parameter of a factory of one parameter, `Argument`, whatever its type.
    init<Argument>(whole _: Argument.Type) {
        metadata = TypeMetadata(Argument.self)
        storedCount = 1
        isWhole = true
    }

    /// The type of the whole: the tuple of the parameters, or the single parameter's type.
    var wholeType: any Any.Type { metadata.type }

    /// The tuple read as several parameters, which may have been one parameter of that tuple type (`nil` when
    /// there is one parameter, or none).
    var splitTuple: (any Any.Type)? { !isWhole && count > 1 ? metadata.type : nil }

    /// The declared type of parameter `index`.
    func type(at index: Int) -> any Any.Type {
        isWhole ? metadata.type : metadata.elementType(at: index)
    }

    /// Where parameter `index` lies in the tuple, in bytes from its start.
    @inline(__always)
    func offset(at index: Int) -> Int {
        isWhole ? 0 : metadata.elementOffset(at: index)
    }

    /// Where the next element of a tuple, of `type`, lies, in bytes, after elements that end at `end` (which it
    /// moves past this one): in order, each at the first multiple of its alignment after the one before, as the ABI
    /// lays out a tuple (`TypeMetadata.checkElements` checks it against the metadata of every registration Tether's
    /// debug builds make). A tuple of one element is that element, at 0.
    static func place(_ type: any Any.Type, after end: inout Int) -> Int {
        let (size, alignment) = layout(of: type)
        let offset = (end + alignment - 1) / alignment * alignment
        end = offset + size
        return offset
    }

    /// Its own, not `TypeMetadata`'s: that one checks this rule against the metadata from the other side.
    private static func layout(of type: any Any.Type) -> (size: Int, alignment: Int) {
        func layout<T>(_: T.Type) -> (Int, Int) { (MemoryLayout<T>.size, MemoryLayout<T>.alignment) }
        return layout(type)
    }

    /// Destroys the first `count` parameters written at `arguments`, when a later one failed.
    func destroy(first count: Int, at arguments: Room) {
        for index in 0..<count { arguments.part(at: offset(at: index)).destroy(instanceOf: type(at: index)) }
    }
}

/// A registration's factory parameters, as registration records them.
///
/// Nearly every parameter an app writes is the plain type it declares (no `T?`, `[T]`, `Lazy`, `DITagged`,
/// `DIArgument`, name or tag), and then the factory's parameter types are the whole record. Describing each at
/// registration cost every component an app registers at launch an array and about 160 instructions a parameter,
/// most of them for components the app never resolves while it runs; binding describes a plain parameter when it
/// binds its component. A shape, a tag, or a builder call naming a parameter describes them all.
/// 21 bytes, where a registration held the descriptors' array and the split tuple's type in 16 before: the
/// parameters' count is 32 bits, and the split tuple is read from the factory's parameters.
struct RegisteredParameters: Sendable {
    /// Each parameter, described, once one is not plain or a builder call changed one; `nil` while each is the
    /// plain type the factory declares.
    private var described: [DependencyDescriptor]?
    /// The factory's parameters, as `register` received them.
    private let factory: FactoryParameters

    /// The record of a factory's parameters.
    init(_ parameters: FactoryParameters) {
        factory = parameters
        let types = (0..<parameters.count).lazy.map(parameters.type(at:))
        guard let firstNotPlain = types.firstIndex(where: { !ShapeDetection.isPlain($0) }) else { return }
        // Those before it are known to be plain; each after it is looked at again as it is described.
        described = types.indices.map { index in
            index < firstNotPlain
                ? DependencyDescriptor(plain: types[index]) : DependencyDescriptor(erased: types[index])
        }
    }

    /// Whether each parameter is recorded as the plain type the factory declares, not described.
    var isPlain: Bool { described == nil }

    /// How many parameters the factory takes.
    var count: Int { factory.count }

    /// The tuple read as several parameters, for validation (see `FactoryParameters.splitTuple`).
    var splitTuple: (any Any.Type)? { factory.splitTuple }

    /// Parameter `index`, described.
    subscript(index: Int) -> DependencyDescriptor {
        described?[index] ?? DependencyDescriptor(plain: factory.type(at: index))
    }

    /// Every parameter, described, in order.
    var descriptors: [DependencyDescriptor] {
        described ?? (0..<factory.count).map { DependencyDescriptor(plain: factory.type(at: $0)) }
    }

    /// Every parameter, described, taken out for a change that `describe(_:)` gives back: the record keeps no copy
    /// of the list meanwhile, so the change does not copy it.
    mutating func takeDescriptors() -> [DependencyDescriptor] {
        defer { described = [] }
        return descriptors
    }

    /// Records `descriptors` as the parameters, described.
    mutating func describe(_ descriptors: [DependencyDescriptor]) {
        described = descriptors
    }

    /// The types of the parameters the caller passes at resolve, in order: none of a plain one.
    var argumentTypes: [any Any.Type] {
        described?.compactMap { $0.kind == .argument ? $0.element : nil } ?? []
    }

    /// Why the factory's parameters cannot be resolved as their types say, one line each: none of a plain one.
    var problems: [String] {
        described?.compactMap(\.unsupported) ?? []
    }
}
