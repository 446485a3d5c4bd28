/// What the engine knows of a component's own type: whether it is a class, its size, and how to hold its
/// instances. Made once per type; its methods are generic only through the type's metadata, so they are
/// compiled once in Tether instead of at every registration site.
///
/// Class instances never come here on the common path: the engine moves their references as `AnyObject`, whose
/// layout is that of any class reference. Values are written in place through raw memory, and boxed only where
/// something keeps them (caches, the instances one resolve shares).
class InstanceLayout: @unchecked Sendable {  // Immutable.
    let isClass: Bool
    /// A class-bound existential (`any Service` with `Service: AnyObject`, or `AnyObject`): its first word is a
    /// class reference, so its instances are held as that object, and weak lifetimes can share them.
    let isObjectBound: Bool
    /// An existential that is not class-bound (`any Animal`): an instance may be a class's, which is then held as
    /// its object (so that a weak lifetime can share it, as Swinject does), or a value's, which is boxed.
    let isOpenExistential: Bool
    let size: Int
    let alignment: Int

    init(isClass: Bool, isObjectBound: Bool, isOpenExistential: Bool, size: Int, alignment: Int) {
        self.isClass = isClass
        self.isObjectBound = isObjectBound
        self.isOpenExistential = isOpenExistential
        self.size = size
        self.alignment = alignment
    }

    /// Whether the instances are objects, which a weak lifetime can hold: classes and class-bound existentials.
    var holdsObject: Bool { isClass || isObjectBound }

    /// Whether some instances may be objects: those of `holdsObject`, and an open existential's of a class.
    var mayHoldObject: Bool { holdsObject || isOpenExistential }

    /// The layout of `T`, made once per type in the process: immutable, so registrations of a type share it, and
    /// making one (a generic class's metadata, a cast) costs more than the rest of a registration's bookkeeping.
    static func of<T>(_: T.Type) -> InstanceLayout {
        let type = ObjectIdentifier(T.self)
        if let known = known.withLock({ $0[type] }) { return known }
        let made: InstanceLayout
        if let classType = T.self as? AnyClass {
            // Not a `TypedLayout<T>`: a class's instances move as `AnyObject`, and the runtime's making of a generic
            // class's metadata for each registered class was a third of a cold start's registration (B2).
            made = ClassLayout(classType)
        } else {
            let metadata = TypeMetadata(T.self)
            made = TypedLayout<T>(
                isClass: false, isObjectBound: metadata.isClassBoundExistential,
                isOpenExistential: metadata.isExistential && !metadata.isClassBoundExistential,
                size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        }
        return known.withLock { known in
            if let existing = known[type] { return existing }  // Another thread made one meanwhile.
            known[type] = made
            return made
        }
    }

    /// Every layout made so far, by type: as many as the process registers types.
    private static let known = Locked<[ObjectIdentifier: InstanceLayout]>([:])

    /// Moves the instance in `source` into an object a cache can hold: the instance itself for a class, its object
    /// for a class-bound existential, a box for a value.
    func hold(movingFrom source: Room) -> AnyObject { fatalError("abstract") }

    /// A copy of the instance in `source` in the form `hold` gives, leaving `source` as it is.
    func holdCopy(of source: Room) -> AnyObject { fatalError("abstract") }

    /// The instance `held` (from `hold`) as a custom storage keeps it: the object itself, or the boxed value.
    func erasedHeld(_ held: AnyObject) -> Any { fatalError("abstract") }

    /// Initializes `target` with a copy of the instance `held` (from `hold`).
    func copy(_ held: AnyObject, to target: Room) { fatalError("abstract") }

    /// Initializes `target` with `candidate` if it is an instance of the type; what a custom storage returns is
    /// checked this way, never trusted.
    func cast(_ candidate: Any, to target: Room) -> Bool { fatalError("abstract") }

    /// A copy of the instance in `source`, as a custom storage keeps it.
    func erased(_ source: Room) -> Any { fatalError("abstract") }

    /// Destroys the instance in `source` without using it.
    func destroy(_ source: Room) { fatalError("abstract") }

    /// Runs `body` with room for one instance of the type on the stack.
    func withRoom<R>(_ body: (Room) throws(DIError) -> R) throws(DIError) -> R {
        unsafe try withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: alignment) {
            (buffer) throws(DIError) -> R in
            unsafe try body(Room(buffer.baseAddress.unsafelyUnwrapped))
        }
    }
}

/// The layout of a class: its instances are references, held as they are.
final class ClassLayout: InstanceLayout, @unchecked Sendable {  // Immutable.
    /// The class, which only `cast` needs.
    private let type: AnyClass

    init(_ type: AnyClass) {
        self.type = type
        super.init(
            isClass: true, isObjectBound: false, isOpenExistential: false, size: MemoryLayout<AnyObject>.size,
            alignment: MemoryLayout<AnyObject>.alignment)
    }

    override func hold(movingFrom source: Room) -> AnyObject { source.move(AnyObject.self) }

    override func holdCopy(of source: Room) -> AnyObject { source.copy(AnyObject.self) }

    override func erasedHeld(_ held: AnyObject) -> Any { held }

    override func copy(_ held: AnyObject, to target: Room) { target.initialize(toObject: held) }

    override func cast(_ candidate: Any, to target: Room) -> Bool {
        func cast<C>(to _: C.Type) -> Bool {
            guard let typed = candidate as? C else { return false }
            target.initialize(to: typed)
            return true
        }
        return _openExistential(type, do: cast)
    }

    override func erased(_ source: Room) -> Any { source.copy(AnyObject.self) }

    override func destroy(_ source: Room) { source.destroy(AnyObject.self) }
}

/// The layout of one type that is not a class.
final class TypedLayout<T>: InstanceLayout, @unchecked Sendable {  // Immutable.
    // A class-bound existential's first word is its object's reference and the rest are witness tables, which
    // are not reference-counted: moving or copying that word holds the instance. Getting the existential back
    // from the object asks the runtime for the conformances again (a cast), which only these types pay.

    override func hold(movingFrom source: Room) -> AnyObject {
        if isObjectBound { return source.move(AnyObject.self) }
        return held(source.move(T.self))
    }

    override func holdCopy(of source: Room) -> AnyObject {
        if isObjectBound { return source.copy(AnyObject.self) }
        return held(source.copy(T.self))
    }

    /// A value as held: an open existential's class instance as its object, anything else in a box.
    private func held(_ value: T) -> AnyObject {
        if isOpenExistential, type(of: value as Any) is AnyClass { return value as AnyObject }
        return Box(value)
    }

    /// The value `held` holds (from `held(_:)`).
    private func value(of held: AnyObject) -> T {
        // An open existential's object is cast back, which asks the runtime for the conformance; only these pay.
        if isOpenExistential { return (held as? Box<T>)?.value ?? held as! T }
        return unsafe unsafeDowncast(held, to: Box<T>.self).value
    }

    override func erasedHeld(_ held: AnyObject) -> Any {
        if isObjectBound { return held as! T }  // Held from an instance of `T`: the cast succeeds.
        return value(of: held)
    }

    override func copy(_ held: AnyObject, to target: Room) {
        if isObjectBound {
            target.initialize(to: held as! T)
        } else {
            target.initialize(to: value(of: held))
        }
    }

    override func cast(_ candidate: Any, to target: Room) -> Bool {
        guard let typed = candidate as? T else { return false }
        target.initialize(to: typed)
        return true
    }

    override func erased(_ source: Room) -> Any {
        source.copy(T.self)
    }

    override func destroy(_ source: Room) {
        source.destroy(T.self)
    }
}
