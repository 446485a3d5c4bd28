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
/// The element types and offsets are read from the tuple's metadata as the Swift ABI lays it out
/// (docs/ABI/TypeMetadata.rst, "Tuple Metadata": the element count at word 1, then from word 3 a pair of element
/// type and byte offset per element), at registration for the types and on each build for the offsets: a few
/// loads, where arrays kept per registration would cost two allocations. A factory of one parameter has that
/// parameter as `Arguments`, which is not a tuple; a factory of none has the empty tuple. The tests pass
/// parameters of mixed sizes and alignments and check that each arrives whole.
struct FactoryParameters: @unchecked Sendable {  // Reads immutable type metadata, which the process never frees.
    /// The tuple's metadata, or the single parameter's.
    private let metadata: UnsafeRawPointer
    private let isTuple: Bool
    /// How many parameters the factory takes.
    let count: Int

    init<Arguments>(_: Arguments.Type) {
        metadata = unsafeBitCast(Arguments.self as any Any.Type, to: UnsafeRawPointer.self)
        isTuple = metadata.load(as: UInt.self) == Self.tupleKind
        count = isTuple ? metadata.load(fromByteOffset: Self.word, as: Int.self) : 1
    }

    /// The type of the whole: the tuple of the parameters, or the single parameter's type.
    var wholeType: any Any.Type { unsafeBitCast(metadata, to: Any.Type.self) }

    /// The declared type of parameter `index`.
    func type(at index: Int) -> any Any.Type {
        guard isTuple else { return unsafeBitCast(metadata, to: Any.Type.self) }
        return metadata.load(fromByteOffset: Self.element(index), as: Any.Type.self)
    }

    /// Where parameter `index` lies in the tuple, in bytes from its start.
    @inline(__always)
    func offset(at index: Int) -> Int {
        guard isTuple else { return 0 }
        // A word on Apple systems, 32 bits and padding elsewhere (swift/ABI/Metadata.h). Reading 32 bits is right
        // on both: Apple systems are little-endian, and an offset fits in 32 bits.
        return Int(metadata.load(fromByteOffset: Self.element(index) + Self.word, as: UInt32.self))
    }

    /// A descriptor of each parameter, in order, made into storage of the right size at once.
    var descriptors: [DependencyDescriptor] {
        var descriptors: [DependencyDescriptor] = []
        descriptors.reserveCapacity(count)
        for index in 0..<count { descriptors.append(DependencyDescriptor(erased: type(at: index))) }
        return descriptors
    }

    private static let word = MemoryLayout<UInt>.size

    /// Where the element pair of parameter `index` starts in the tuple's metadata.
    @inline(__always)
    private static func element(_ index: Int) -> Int { 3 * word + 2 * word * index }

    /// The metadata kind of every tuple type, read from one rather than written down.
    private static let tupleKind = unsafeBitCast((Int, Int).self as any Any.Type, to: UnsafeRawPointer.self)
        .load(as: UInt.self)

    /// Destroys the first `count` parameters written at `arguments`, when a later one failed.
    func destroy(first count: Int, at arguments: UnsafeMutableRawPointer) {
        func destroy<Element>(_: Element.Type, at element: UnsafeMutableRawPointer) {
            element.assumingMemoryBound(to: Element.self).deinitialize(count: 1)
        }
        for index in 0..<count { destroy(type(at: index), at: arguments + offset(at: index)) }
    }
}
