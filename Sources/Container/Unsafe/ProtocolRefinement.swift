/// What a protocol type's metadata says about its protocols, read where the Swift ABI lays it out
/// (docs/ABI/TypeMetadata.rst, include/swift/ABI/Metadata.h): which protocols an existential lists, and which
/// protocols each of those inherits.
///
/// The runtime cannot answer "does `any Connection` promise `DIDisposable`": an existential conforms to no protocol
/// (`(any Connection).self is any DIDisposable.Type` is false even where `Connection: DIDisposable`), and a cast
/// needs an instance, which validation does not make. The answer is in the requirement signature of the protocol
/// descriptors, `Self: DIDisposable`.
///
/// Owner: the runtime and the binary's constant data, never freed, so nothing here is retained or released. Each
/// read checks the metadata kind first, against the kind read from `Any`.
@safe enum ProtocolRefinement {
    /// Whether `type` is a protocol type (a single protocol, a composition, with or without a superclass) one of
    /// whose protocols is or inherits, at any depth, the one protocol of the protocol type `target`.
    static func protocolType(_ type: any Any.Type, refines target: any Any.Type) -> Bool {
        guard let wanted = existential(target)?.protocols.first, let own = existential(type)?.protocols else {
            return false
        }
        var pending = own
        var seen = Set<UInt>()
        while let next = pending.popLast() {
            if next == wanted { return true }
            guard seen.insert(next).inserted else { continue }
            pending += inherited(by: next)
        }
        return false
    }

    /// The superclass an existential requires (`any Base & Reading`), if it requires one.
    static func superclassConstraint(of type: any Any.Type) -> (any Any.Type)? {
        existential(type)?.superclass
    }

    private static let word = MemoryLayout<UInt>.size
    private static let existentialKind = unsafe unsafeBitCast(Any.self as Any.Type, to: UnsafeRawPointer.self)
        .load(as: UInt.self)

    /// An existential's superclass constraint and the addresses of its Swift protocols' descriptors; `nil` for a
    /// type that is no existential. Words 0 and 1: kind, then 32 bits of flags (bit 30: a superclass follows) and
    /// the number of protocols; from word 2: the superclass, if any, then a descriptor reference per protocol (its
    /// low bit set for an Objective-C protocol, which inherits no Swift protocol).
    private static func existential(_ type: any Any.Type) -> (superclass: (any Any.Type)?, protocols: [UInt])? {
        let base = unsafe unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard unsafe base.load(as: UInt.self) == existentialKind else { return nil }
        let flags = unsafe base.load(fromByteOffset: word, as: UInt32.self)
        let count = Int(unsafe base.load(fromByteOffset: word + 4, as: UInt32.self))
        var offset = 2 * word
        var superclass: (any Any.Type)?
        if flags & 0x4000_0000 != 0 {
            superclass = unsafe base.load(fromByteOffset: offset, as: Any.Type.self)
            offset += word
        }
        let protocols = (0..<count).compactMap { index -> UInt? in
            let reference = unsafe base.load(fromByteOffset: offset + index * word, as: UInt.self)
            return reference & 1 == 0 ? reference : nil
        }
        return (superclass, protocols)
    }

    /// The protocols the protocol whose descriptor is at `descriptor` inherits: the requirements of its signature
    /// of kind protocol (flags' low 5 bits 0) on `Self` (the parameter mangled `x`). A descriptor is 24 bytes
    /// (flags, parent, name, the number of requirements in the signature at byte 12, the number of others,
    /// associated type names), then 12 bytes per requirement: flags, the parameter's mangled name and the
    /// protocol, each relative to its own field; the protocol's low bit says it is reached through a pointer, the
    /// next one that it is an Objective-C protocol.
    private static func inherited(by descriptor: UInt) -> [UInt] {
        guard let start = unsafe UnsafeRawPointer(bitPattern: descriptor) else { return [] }
        let count = Int(unsafe start.load(fromByteOffset: 12, as: UInt32.self))
        var found: [UInt] = []
        for index in 0..<count {
            let requirement = unsafe start + 24 + 12 * index
            guard unsafe requirement.load(as: UInt32.self) & 0x1F == 0 else { continue }
            let parameterField = unsafe requirement + 4
            let parameter = unsafe parameterField + Int(parameterField.load(as: Int32.self))
            guard unsafe parameter.load(as: UInt8.self) == UInt8(ascii: "x"),
                unsafe parameter.load(fromByteOffset: 1, as: UInt8.self) == 0
            else { continue }
            let protocolField = unsafe requirement + 8
            let stored = Int(unsafe protocolField.load(as: Int32.self))
            guard stored & 2 == 0 else { continue }
            let target = unsafe protocolField + (stored & ~3)
            found.append(
                stored & 1 == 0
                    ? UInt(bitPattern: target)
                    : unsafe UInt(bitPattern: target.load(as: UnsafeRawPointer.self)))
        }
        return found
    }
}
