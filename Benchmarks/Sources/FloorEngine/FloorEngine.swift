// The least a container compiled once can do per resolve: a yardstick for Tether's engine (`tether-floor`), not a
// container to use. It keeps what Tether's calling convention imposes and drops everything else:
//
// - kept: `register` is generic and compiled here, never specialised where it is called, and wraps the factory in a
//   thunk that reads the factory's parameters into a tuple on the stack and moves it into the call, the instance
//   written to memory the caller made room for (as `FactoryCall.swift` does); a resolve probes an open-addressing
//   table keyed by the type's metadata address, and each component calls its dependencies' components directly;
// - optional: the pin of a resolve, one exchange and one store on a record, as `Reclamation` pays on each thread;
//   and, with it, the hazard of a cached instance's read (S3): the address announced by an exchange, the word read
//   again in order, the retain, a store clearing it, as `AtomicReference.load` pays so that a reset frees at once;
//   or, instead of both, one lock around the look-up and the cached instance's read (the factory runs outside it):
//   the read a lock would make safe while the registry changes, in the fewest files and with no reclamation. The
//   floor never changes its registry, so the component leaves the lock unretained: a lower bound on that read's cost;
// - dropped: lifetimes but one cached instance (S3), names, errors but a thrown factory's, the stack guard,
//   registration while resolving, shutdown, observers, main-actor rules, object graphs, and thread safety but the
//   pin's cost. The parameters must be classes.

import Synchronization

/// Writes a factory's instance to the address it is given, reading the factory's parameters from `reader`.
public typealias FloorThunk = (inout FloorReader, UnsafeMutableRawPointer) throws -> Void

/// One registration, bound: its thunk and its dependencies' components.
public final class FloorComponent {
    let thunk: FloorThunk
    let dependencyTypes: [ObjectIdentifier]
    /// The dependencies' components, unretained: the container holds every component.
    var dependencies: UnsafeMutablePointer<Unmanaged<FloorComponent>>
    /// A cached instance, read instead of calling the thunk (S3).
    var instance: AnyObject?
    /// The cached instance's address (retained), read under a hazard when the container announces one.
    let cachedAddress = Atomic<UInt>(0)

    init(thunk: @escaping FloorThunk, dependencyTypes: [ObjectIdentifier]) {
        self.thunk = thunk
        self.dependencyTypes = dependencyTypes
        dependencies = .allocate(capacity: max(dependencyTypes.count, 1))
    }

    deinit {
        dependencies.deallocate()
        let address = cachedAddress.load(ordering: .relaxed)
        if address != 0 { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release() }
    }

    /// A new instance, or the cached one.
    @inline(never)
    func make() throws -> AnyObject {
        if let instance { return instance }
        return try withUnsafeTemporaryAllocation(of: AnyObject.self, capacity: 1) { word in
            var reader = FloorReader(dependencies: dependencies)
            try thunk(&reader, UnsafeMutableRawPointer(word.baseAddress!))
            return word.baseAddress!.move()
        }
    }
}

/// Hands a thunk its dependencies' instances, one after the other.
public struct FloorReader {
    let dependencies: UnsafeMutablePointer<Unmanaged<FloorComponent>>
    var position = 0

    mutating func next() throws -> AnyObject {
        let component = dependencies[position]
        position += 1
        return try component._withUnsafeGuaranteedRef { try $0.make() }
    }
}

/// A container of `FloorComponent`s, bound once after registration.
public final class FloorContainer {
    private var components: [ObjectIdentifier: FloorComponent] = [:]
    /// Key (the metadata address) and component per slot; the component is unretained.
    private var slots = UnsafeMutablePointer<(UInt, Unmanaged<FloorComponent>?)>.allocate(capacity: 1)
    private var mask = 0
    /// Whether a resolve pays `Reclamation`'s pin: one exchange as it starts, one store as it ends.
    private let pinned: Bool
    /// Whether a pinned resolve reads a cached instance under a hazard, as Tether's strong cells are read.
    private let hazard: Bool
    private let epoch = Atomic<UInt>(1)
    private let record = Atomic<UInt>(0)
    private let hazardWord = Atomic<UInt>(0)
    /// Whether a resolve takes `lock` around its look-up and the cached instance's read, instead of a pin.
    private let locked: Bool
    private let lock = Mutex<Void>(())

    public init(pinned: Bool, hazard: Bool = false, locked: Bool = false) {
        self.pinned = pinned
        self.hazard = hazard
        self.locked = locked
    }

    deinit { slots.deallocate() }

    /// Registers `factory`, whose parameters are the components registered as `dependencies`, in order.
    public func register<T, Arguments>(
        _ factory: @escaping (consuming Arguments) throws -> T, dependencies: [any Any.Type] = []
    ) {
        let size = MemoryLayout<Arguments>.size
        let alignment = MemoryLayout<Arguments>.alignment
        let count = dependencies.count
        let thunk: FloorThunk = { reader, target in
            try withUnsafeTemporaryAllocation(byteCount: max(size, 1), alignment: alignment) { buffer in
                let arguments = buffer.baseAddress!
                for index in 0..<count {
                    let element = arguments + index * MemoryLayout<AnyObject>.stride
                    element.assumingMemoryBound(to: AnyObject.self).initialize(to: try reader.next())
                }
                try target.assumingMemoryBound(to: T.self).initialize(
                    to: factory(arguments.assumingMemoryBound(to: Arguments.self).move()))
            }
        }
        components[ObjectIdentifier(T.self)] = FloorComponent(
            thunk: thunk, dependencyTypes: dependencies.map { ObjectIdentifier($0) })
    }

    /// Makes `T`'s instance once, now, and hands it out from then on.
    public func cache<T: AnyObject>(_: T.Type) {
        let component = components[ObjectIdentifier(T.self)]!
        let instance = try! component.make()
        component.instance = instance
        let address = UInt(bitPattern: Unmanaged.passRetained(instance).toOpaque())
        component.cachedAddress.store(address, ordering: .releasing)
    }

    /// Binds every component to its dependencies and fills the lookup table.
    public func bind() {
        for component in components.values {
            for (index, type) in component.dependencyTypes.enumerated() {
                component.dependencies[index] = Unmanaged.passUnretained(components[type]!)
            }
        }
        let capacity = max(16, (components.count * 2).nextPowerOfTwo)
        slots.deallocate()
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: (0, nil), count: capacity)
        mask = capacity - 1
        for (type, component) in components {
            let key = UInt(bitPattern: unsafeBitCast(type, to: Int.self))
            var index = home(key)
            while slots[index].0 != 0 { index = (index + 1) & mask }
            slots[index] = (key, Unmanaged.passUnretained(component))
        }
    }

    private func home(_ key: UInt) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask }

    /// `T`'s instance; `T` must be a registered class.
    @inlinable
    public func resolve<T>(_: T.Type = T.self) -> T {
        unsafeBitCast(try! resolveObject(T.self), to: T.self)
    }

    @usableFromInline
    func resolveObject(_ type: any Any.Type) throws -> AnyObject {
        if locked {
            // Addresses out of the lock: what `withLock` returns must be sendable. The cached instance is retained
            // under the lock, so that a change that would hold the lock cannot free it first.
            let (component, cached) = lock.withLock { _ -> (UInt, UInt) in
                let component = find(type)
                let address = component._withUnsafeGuaranteedRef { $0.cachedAddress.load(ordering: .relaxed) }
                if address != 0 { _ = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).retain() }
                return (UInt(bitPattern: component.toOpaque()), address)
            }
            if cached != 0 {
                return Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: cached)!).takeRetainedValue()
            }
            return try Unmanaged<FloorComponent>.fromOpaque(UnsafeRawPointer(bitPattern: component)!)
                ._withUnsafeGuaranteedRef { try $0.make() }
        }
        guard pinned else { return try find(type)._withUnsafeGuaranteedRef { try $0.make() } }
        _ = record.exchange(epoch.load(ordering: .acquiring), ordering: .sequentiallyConsistent)
        defer { record.store(0, ordering: .releasing) }
        return try find(type)._withUnsafeGuaranteedRef { component in
            if hazard, let object = read(component) { return object }
            return try component.make()
        }
    }

    /// The cached instance of `component`, retained under the hazard word, or `nil`.
    @inline(__always)
    private func read(_ component: FloorComponent) -> AnyObject? {
        while true {
            let address = component.cachedAddress.load(ordering: .acquiring)
            if address == 0 { return nil }
            _ = hazardWord.exchange(address, ordering: .sequentiallyConsistent)
            guard component.cachedAddress.load(ordering: .sequentiallyConsistent) == address else { continue }
            let retained = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).retain()
            hazardWord.store(0, ordering: .releasing)
            return retained.takeRetainedValue()
        }
    }

    @inline(__always)
    private func find(_ type: any Any.Type) -> Unmanaged<FloorComponent> {
        let key = UInt(bitPattern: unsafeBitCast(type, to: Int.self))
        var index = home(key)
        while slots[index].0 != key { index = (index + 1) & mask }
        return slots[index].1!
    }
}

extension Int {
    fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
