#if canImport(Synchronization)
    internal import Synchronization
#endif

/// One machine word read and written atomically: the toolchain's `Atomic<UInt>` where the system has it, a word
/// behind a `PlatformLock` below that.
///
/// Tether supports iOS 13, macOS 10.15, tvOS 13 and watchOS 6, where Apple's `Synchronization` module (iOS 18,
/// macOS 15) is not there, so the choice is made at run time: the `Atomic` lives behind a pointer, allocated only
/// where `#available` allows it. Linux always has it. Building with `-DTETHER_SYNCHRONIZATION_FALLBACK` takes the
/// fallback everywhere, which is how CI tests the code old Apple systems run.
struct AtomicWord: ~Copyable, @unchecked Sendable {  // Reached only through the atomic or the lock.
    /// An `Atomic<UInt>`, where the system has one.
    private let native: UnsafeMutableRawPointer?
    /// The word and its lock otherwise.
    private let fallback: UnsafeMutablePointer<UInt>?
    private let lock: PlatformLock?

    init(_ value: UInt) {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                let atomic = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: 1)
                atomic.initialize(to: Atomic(value))
                native = UnsafeMutableRawPointer(atomic)
                fallback = nil
                lock = nil
                return
            }
        #endif
        native = nil
        fallback = .allocate(capacity: 1)
        fallback.unsafelyUnwrapped.initialize(to: value)
        lock = PlatformLock()
    }

    deinit {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                let atomic = native.assumingMemoryBound(to: Atomic<UInt>.self)
                atomic.deinitialize(count: 1)
                atomic.deallocate()
                return
            }
        #endif
        fallback?.deallocate()
    }

    /// The word, with acquiring ordering.
    @inline(__always)
    func load() -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                return native.assumingMemoryBound(to: Atomic<UInt>.self).pointee.load(ordering: .acquiring)
            }
        #endif
        return lock.unsafelyUnwrapped.withLock { fallback.unsafelyUnwrapped.pointee }
    }

    /// Stores `value`, with releasing ordering.
    func store(_ value: UInt) {
        _ = exchange(value)
    }

    /// The word, sequentially consistent with the other threads' exchanges and additions: what a reader needs
    /// when a writer must see either its announcement or its read (see `InstanceCell`).
    @inline(__always)
    func loadInOrder() -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                return native.assumingMemoryBound(to: Atomic<UInt>.self).pointee.load(ordering: .sequentiallyConsistent)
            }
        #endif
        return lock.unsafelyUnwrapped.withLock { fallback.unsafelyUnwrapped.pointee }
    }

    /// Stores `value` and returns the word it replaced, sequentially consistent.
    func exchange(_ value: UInt) -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                return native.assumingMemoryBound(to: Atomic<UInt>.self).pointee.exchange(
                    value, ordering: .sequentiallyConsistent)
            }
        #endif
        return lock.unsafelyUnwrapped.withLock {
            let previous = fallback.unsafelyUnwrapped.pointee
            fallback.unsafelyUnwrapped.pointee = value
            return previous
        }
    }

    /// Adds `delta` (wrapping, so that adding `UInt.max` takes 1 away), sequentially consistent.
    @inline(__always)
    func add(_ delta: UInt) {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                _ = native.assumingMemoryBound(to: Atomic<UInt>.self).pointee.wrappingAdd(
                    delta, ordering: .sequentiallyConsistent)
                return
            }
        #endif
        lock.unsafelyUnwrapped.withLock { fallback.unsafelyUnwrapped.pointee &+= delta }
    }

    /// Adds 1 and returns the new word; only a count, so relaxed ordering.
    func increment() -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                return native.assumingMemoryBound(to: Atomic<UInt>.self).pointee.add(1, ordering: .relaxed).newValue
            }
        #endif
        return lock.unsafelyUnwrapped.withLock {
            fallback.unsafelyUnwrapped.pointee &+= 1
            return fallback.unsafelyUnwrapped.pointee
        }
    }
}

extension AtomicWord {
    /// A word holding `reference`'s address, or 0 for `nil`.
    static func word<Instance: AnyObject>(_ reference: Unmanaged<Instance>?) -> UInt {
        reference.map { UInt(bitPattern: $0.toOpaque()) } ?? 0
    }

    /// The reference whose address `word` holds.
    @inline(__always)
    static func reference<Instance: AnyObject>(_ word: UInt, as _: Instance.Type) -> Unmanaged<Instance>? {
        UnsafeRawPointer(bitPattern: word).map { Unmanaged<Instance>.fromOpaque($0) }
    }
}

/// A fixed number of machine words, each read and written atomically: `Atomic<UInt>`s in one allocation where the
/// system has them, words behind one `PlatformLock` below that (see `AtomicWord`).
struct AtomicWords: ~Copyable, @unchecked Sendable {  // Reached only through the atomics or the lock.
    let count: Int
    private let native: UnsafeMutableRawPointer?
    private let fallback: UnsafeMutablePointer<UInt>?
    private let lock: PlatformLock?

    /// `count` words, all 0.
    init(count: Int) {
        self.count = count
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                let atomics = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: count)
                for index in 0..<count { (atomics + index).initialize(to: Atomic(0)) }
                native = UnsafeMutableRawPointer(atomics)
                fallback = nil
                lock = nil
                return
            }
        #endif
        native = nil
        fallback = .allocate(capacity: count)
        fallback.unsafelyUnwrapped.initialize(repeating: 0, count: count)
        lock = PlatformLock()
    }

    deinit {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                let atomics = native.assumingMemoryBound(to: Atomic<UInt>.self)
                atomics.deinitialize(count: count)
                atomics.deallocate()
                return
            }
        #endif
        fallback?.deallocate()
    }

    /// Word `index`, with acquiring ordering.
    @inline(__always)
    func load(_ index: Int) -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                return (native.assumingMemoryBound(to: Atomic<UInt>.self) + index).pointee.load(ordering: .acquiring)
            }
        #endif
        return lock.unsafelyUnwrapped.withLock { fallback.unsafelyUnwrapped[index] }
    }

    /// Stores `value` at `index`, with releasing ordering.
    func store(_ value: UInt, at index: Int) {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let native {
                (native.assumingMemoryBound(to: Atomic<UInt>.self) + index).pointee.store(value, ordering: .releasing)
                return
            }
        #endif
        lock.unsafelyUnwrapped.withLock { fallback.unsafelyUnwrapped[index] = value }
    }
}
