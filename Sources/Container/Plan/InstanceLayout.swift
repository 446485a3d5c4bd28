/// What the engine knows of a component's own type: whether it is a class, its size, and how to hold its
/// instances. Made once per type; its methods are generic only through the type's metadata, so they are
/// compiled once in Tether instead of at every registration site.
///
/// Class instances never come here on the common path: the engine moves their references as `AnyObject`, whose
/// layout is that of any class reference. Values are written in place through raw memory, and boxed only where
/// something keeps them (caches, the instances one resolve shares).
class InstanceLayout: @unchecked Sendable {  // Immutable.
    let isClass: Bool
    let size: Int
    let alignment: Int

    init(isClass: Bool, size: Int, alignment: Int) {
        self.isClass = isClass
        self.size = size
        self.alignment = alignment
    }

    /// The layout of `T`, made once per type in the process: immutable, so registrations of a type share it, and
    /// making one (a generic class's metadata, a cast) costs more than the rest of a registration's bookkeeping.
    static func of<T>(_: T.Type) -> InstanceLayout {
        let type = ObjectIdentifier(T.self)
        if let known = known.withLock({ $0[type] }) { return known }
        let made = TypedLayout<T>(
            isClass: T.self is AnyClass, size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        return known.withLock { known in
            if let existing = known[type] { return existing }  // Another thread made one meanwhile.
            known[type] = made
            return made
        }
    }

    /// Every layout made so far, by type: as many as the process registers types.
    private static let known = Locked<[ObjectIdentifier: InstanceLayout]>([:])

    /// Moves the instance at `source` into an object a cache can hold: the instance itself for a class, a box
    /// for a value.
    func hold(movingFrom source: UnsafeMutableRawPointer) -> AnyObject { fatalError("abstract") }

    /// A copy of the instance at `source` in the form `hold` gives, leaving `source` as it is.
    func holdCopy(of source: UnsafeRawPointer) -> AnyObject { fatalError("abstract") }

    /// The instance `held` (from `hold`) as a custom storage keeps it: the object itself, or the boxed value.
    func erasedHeld(_ held: AnyObject) -> Any { fatalError("abstract") }

    /// Writes a copy of the instance `held` (from `hold`) to `target`.
    func copy(_ held: AnyObject, to target: UnsafeMutableRawPointer) { fatalError("abstract") }

    /// Writes `candidate` to `target` if it is an instance of the type; what a custom storage returns is checked
    /// this way, never trusted.
    func cast(_ candidate: Any, to target: UnsafeMutableRawPointer) -> Bool { fatalError("abstract") }

    /// A copy of the instance at `source`, as a custom storage keeps it.
    func erased(_ source: UnsafeRawPointer) -> Any { fatalError("abstract") }

    /// Destroys the instance at `source` without using it.
    func destroy(_ source: UnsafeMutableRawPointer) { fatalError("abstract") }

    /// Runs `body` with room for one instance of the type on the stack.
    func withRoom<R>(_ body: (UnsafeMutableRawPointer) throws(DIError) -> R) throws(DIError) -> R {
        try withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: alignment) {
            (buffer) throws(DIError) -> R in
            try body(buffer.baseAddress.unsafelyUnwrapped)
        }
    }
}

/// The layout of one type.
final class TypedLayout<T>: InstanceLayout, @unchecked Sendable {  // Immutable.
    override func hold(movingFrom source: UnsafeMutableRawPointer) -> AnyObject {
        if isClass { return source.assumingMemoryBound(to: AnyObject.self).move() }
        return Box(source.assumingMemoryBound(to: T.self).move())
    }

    override func holdCopy(of source: UnsafeRawPointer) -> AnyObject {
        if isClass { return source.load(as: AnyObject.self) }
        return Box(source.assumingMemoryBound(to: T.self).pointee)
    }

    override func erasedHeld(_ held: AnyObject) -> Any {
        isClass ? held : unsafeDowncast(held, to: Box<T>.self).value
    }

    override func copy(_ held: AnyObject, to target: UnsafeMutableRawPointer) {
        if isClass {
            target.initializeMemory(as: AnyObject.self, repeating: held, count: 1)
        } else {
            target.initializeMemory(as: T.self, repeating: unsafeDowncast(held, to: Box<T>.self).value, count: 1)
        }
    }

    override func cast(_ candidate: Any, to target: UnsafeMutableRawPointer) -> Bool {
        guard let typed = candidate as? T else { return false }
        target.initializeMemory(as: T.self, repeating: typed, count: 1)
        return true
    }

    override func erased(_ source: UnsafeRawPointer) -> Any {
        source.assumingMemoryBound(to: T.self).pointee
    }

    override func destroy(_ source: UnsafeMutableRawPointer) {
        source.assumingMemoryBound(to: T.self).deinitialize(count: 1)
    }
}
