@_spi(Reflection) import Swift

/// A type's runtime metadata, read where the Swift ABI lays it out (docs/ABI/TypeMetadata.rst): the one place in
/// Tether that reads metadata, and the one way it does (word loads from the metadata's address).
///
/// Owner: the runtime, which never frees metadata, so a `TypeMetadata` stays valid for the life of the process.
/// Every kind it compares with is read from a type of that kind rather than written down, and each read that
/// depends on a kind checks the kind first. Tether reads metadata where asking the runtime would cost too much: a
/// conformance question about a type that does not conform scans every conformance in the process, and a cast per
/// build is a quarter of a resolve.
///
/// `@safe`: it is made only from a type, whose metadata lives as long as the process, and every read stays inside
/// the layout of the kind it checked first; an element's index is checked against the tuple's count.
@safe struct TypeMetadata: @unchecked Sendable {  // An address the runtime never frees or changes.
    private let base: UnsafeRawPointer

    init(_ type: any Any.Type) {
        unsafe base = unsafe unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    /// The type itself.
    var type: any Any.Type { unsafe unsafeBitCast(base, to: Any.Type.self) }

    /// The metadata kind, at word 0.
    private var kind: UInt { unsafe base.load(as: UInt.self) }

    // MARK: Value types

    /// For a struct, an enum or an Optional, its nominal type descriptor (word 1), which every instantiation of a
    /// generic type shares: `Lazy<A>` and `Lazy<B>` have the same one. `nil` for any other kind.
    var nominalDescriptor: UInt? {
        unsafe Self.valueKinds.contains(kind) ? base.load(fromByteOffset: Self.word, as: UInt.self) : nil
    }

    /// Whether the type is a struct (not an enum, an Optional or a tuple): what a struct's field walk can read.
    var isStruct: Bool { kind == Self.structKind }

    // MARK: Existentials

    /// Whether the type is a protocol type (`any Animal`, `AnyObject`, `Any`).
    var isExistential: Bool { kind == Self.existentialKind }

    /// Whether the type is a class-bound existential (`any Service` with `Service: AnyObject`, or `AnyObject`): its
    /// flags (the 32 bits at word 1) have their top bit set when the existential is *not* class-constrained.
    var isClassBoundExistential: Bool {
        unsafe isExistential && base.load(fromByteOffset: Self.word, as: UInt32.self) & 0x8000_0000 == 0
    }

    // MARK: Tuples

    /// Whether the type is a tuple (of two or more elements; `()` is one too).
    var isTuple: Bool { kind == Self.tupleKind }

    /// A tuple's number of elements (word 1); 1 for any other type, which is its own only element.
    var elementCount: Int {
        unsafe isTuple ? base.load(fromByteOffset: Self.word, as: Int.self) : 1
    }

    /// The type of element `index`: from word 3 on, a tuple lists a pair of element type and offset per element.
    func elementType(at index: Int) -> any Any.Type {
        precondition(index >= 0 && index < elementCount, "element \(index) of \(type), outside it")
        guard isTuple else { return type }
        return unsafe base.load(fromByteOffset: Self.element(index), as: Any.Type.self)
    }

    /// Where element `index` lies in the tuple, in bytes from its start; 0 for a type that is not a tuple.
    @inline(__always)
    func elementOffset(at index: Int) -> Int {
        precondition(index >= 0 && index < elementCount, "element \(index) of \(type), outside it")
        guard isTuple else { return 0 }
        // A word on Apple systems, 32 bits and padding elsewhere (swift/ABI/Metadata.h). Reading 32 bits is right
        // on both: Apple systems are little-endian, and an offset fits in 32 bits.
        return unsafe Int(base.load(fromByteOffset: Self.element(index) + Self.word, as: UInt32.self))
    }

    /// Checks, in Tether's own debug builds, that the elements read from the metadata of `Whole` lie inside it,
    /// in order, each aligned: the test of the offsets above on every registration the tests make.
    func checkElements<Whole>(within _: Whole.Type) {
        #if DEBUG
            assert(ObjectIdentifier(type) == ObjectIdentifier(Whole.self), "metadata read of another type")
            var end = 0
            for index in 0..<elementCount {
                let offset = elementOffset(at: index)
                let (size, alignment) = Self.layout(of: elementType(at: index))
                assert(
                    offset >= end && offset % alignment == 0 && offset + size <= MemoryLayout<Whole>.size,
                    "element \(index) of \(Whole.self) read at offset \(offset), size \(size): outside the tuple")
                // Bindings place each parameter by that rule (`FactoryParameters.place(_:after:)`): the first aligned
                // offset after the element before.
                assert(
                    offset == (end + alignment - 1) / alignment * alignment,
                    "element \(index) of \(Whole.self) at offset \(offset), not the first aligned one after \(end)")
                end = offset + size
            }
        #endif
    }

    private static func layout(of type: any Any.Type) -> (size: Int, alignment: Int) {
        func layout<T>(_: T.Type) -> (Int, Int) { (MemoryLayout<T>.size, MemoryLayout<T>.alignment) }
        return layout(type)
    }

    // MARK: The ABI's constants

    private static let word = MemoryLayout<UInt>.size

    /// Where the pair of element `index` starts in a tuple's metadata.
    @inline(__always)
    private static func element(_ index: Int) -> Int { 3 * word + 2 * word * index }

    private static let structKind = TypeMetadata(Int.self).kind
    private static let tupleKind = TypeMetadata((Int, Int).self).kind
    private static let existentialKind = TypeMetadata(Any.self).kind
    /// Struct, enum and Optional, whose metadata starts with kind and nominal type descriptor.
    private static let valueKinds: [UInt] = [
        TypeMetadata(Int.self).kind, TypeMetadata(Never.self).kind, TypeMetadata(Int?.self).kind,
    ]

    /// A class's or a struct's stored properties, by name, and their types; none for any other type.
    static func storedFields(of type: any Any.Type) -> [(name: String, type: any Any.Type)] {
        guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else { return [] }
        // Only classes and structs hold stored properties; the walk reads any other type as an instance of it (an
        // existential's, and crashes).
        let isClass = type is AnyClass
        guard isClass || TypeMetadata(type).isStruct else { return [] }
        // `.classType` (1) for a class, `.ignoreUnknown` (2) always; the options' static members are mutable
        // globals, which Swift 6 refuses to read.
        let options = _EachFieldOptions(rawValue: isClass ? 0b11 : 0b10)
        var fields: [(name: String, type: any Any.Type)] = []
        unsafe _forEachField(of: type, options: options) { name, _, fieldType, _ in
            unsafe fields.append((String(cString: name), fieldType))
            return true
        }
        return fields
    }
}
