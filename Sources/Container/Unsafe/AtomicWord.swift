#if canImport(Synchronization)
    internal import Synchronization
#endif

/// A fixed number of machine words, each read and written atomically: the toolchain's `Atomic<UInt>`s in one
/// allocation where the system has them, words behind one `PlatformLock` below that.
///
/// Tether supports iOS 13, macOS 10.15, tvOS 13 and watchOS 6, where Apple's `Synchronization` module (iOS 18,
/// macOS 15) is not there, so the choice is made at run time: the atomics live behind a pointer, allocated only
/// where `#available` allows it. Linux always has them. Building with `-DTETHER_SYNCHRONIZATION_FALLBACK` takes
/// the fallback everywhere, which is how CI tests the code old Apple systems run.
@safe struct AtomicWords: ~Copyable, @unchecked Sendable {  // Reached only through the atomics or the lock.
    let count: Int
    /// `count` `Atomic<UInt>`s, where the system has them.
    private let native: UnsafeMutableRawPointer?
    /// The words and their lock otherwise: one reference, so that the lock's size (a `Mutex` on Linux) is not in
    /// every word of every object.
    private let fallback: LockedWords?

    /// `count` words, all `value`.
    init(count: Int, value: UInt = 0) {
        self.count = count
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                let atomics = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: count)
                for index in 0..<count { unsafe (atomics + index).initialize(to: Atomic(value)) }
                unsafe native = UnsafeMutableRawPointer(atomics)
                fallback = nil
                return
            }
        #endif
        unsafe native = nil
        fallback = LockedWords(count: count, value: value)
    }

    deinit {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), hasNative {
                unsafe atomic(0).deinitialize(count: count)
                unsafe atomic(0).deallocate()
                return
            }
        #endif
    }

    #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
        /// Word `index` as an `Atomic`; only where `native` was allocated.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        @inline(__always)
        private func atomic(_ index: Int) -> UnsafeMutablePointer<Atomic<UInt>> {
            unsafe native.unsafelyUnwrapped.assumingMemoryBound(to: Atomic<UInt>.self) + index
        }
    #endif

    /// Whether the words are the toolchain's atomics. Known when compiling for systems that always have them, so
    /// that the fallback is not compiled into every access there.
    @inline(__always)
    private var hasNative: Bool {
        #if canImport(Darwin)
            native != nil
        #else
            true
        #endif
    }

    /// Runs `body` with the fallback's words under its lock.
    private func locked<Result>(_ body: (UnsafeMutablePointer<UInt>) -> Result) -> Result {
        let fallback = unsafe fallback.unsafelyUnwrapped
        return fallback.lock.withLock { unsafe body(fallback.words) }
    }

    /// Word `index`, with acquiring ordering.
    @inline(__always)
    func load(_ index: Int) -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), hasNative {
                return unsafe atomic(index).pointee.load(ordering: .acquiring)
            }
        #endif
        return unsafe locked { unsafe $0[index] }
    }

    /// Word `index`, sequentially consistent with the other threads' exchanges and additions: what a reader needs
    /// when a writer must see either its announcement or its read (a strong cell's emptying, for one).
    @inline(__always)
    func loadInOrder(_ index: Int) -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), hasNative {
                return unsafe atomic(index).pointee.load(ordering: .sequentiallyConsistent)
            }
        #endif
        return unsafe locked { unsafe $0[index] }
    }

    /// Stores `value` at `index`, with releasing ordering.
    func store(_ value: UInt, at index: Int) {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), hasNative {
                return unsafe atomic(index).pointee.store(value, ordering: .releasing)
            }
        #endif
        unsafe locked { unsafe $0[index] = value }
    }

    /// Stores `value` at `index` and returns the word it replaced, sequentially consistent.
    func exchange(_ value: UInt, at index: Int) -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), hasNative {
                return unsafe atomic(index).pointee.exchange(value, ordering: .sequentiallyConsistent)
            }
        #endif
        return unsafe locked { words in
            defer { unsafe words[index] = value }
            return unsafe words[index]
        }
    }

    /// Adds `delta` to word `index` (wrapping, so that adding `UInt.max` takes 1 away) and returns the new word,
    /// sequentially consistent.
    @inline(__always)
    @discardableResult
    func add(_ delta: UInt, at index: Int) -> UInt {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), hasNative {
                return unsafe atomic(index).pointee.wrappingAdd(delta, ordering: .sequentiallyConsistent).newValue
            }
        #endif
        return unsafe locked { words in
            unsafe words[index] &+= delta
            return unsafe words[index]
        }
    }
}

/// The words of an `AtomicWords` on systems without `Synchronization`, and the lock they are read and written under.
@safe private final class LockedWords: @unchecked Sendable {  // `words` is reached only under `lock`.
    let lock = PlatformLock()
    let words: UnsafeMutablePointer<UInt>

    init(count: Int, value: UInt) {
        unsafe words = .allocate(capacity: count)
        unsafe words.initialize(repeating: value, count: count)
    }

    deinit {
        unsafe words.deallocate()
    }
}

/// One machine word read and written atomically (see `AtomicWords`), in an allocation of its own: kept in place
/// (the toolchain's `Atomic<UInt>` inside the object that owns it) the word shares a cache line with that object's
/// reference count and other fields, and two threads reading an existing singleton then went at 0.37x one thread's
/// throughput, against 0.96-1.62x allocated (Benchmarks/README.md).
@safe struct AtomicWord: ~Copyable, @unchecked Sendable {  // Only an `AtomicWords`.
    private let word: AtomicWords

    init(_ value: UInt) {
        word = AtomicWords(count: 1, value: value)
    }

    /// The word, with acquiring ordering.
    @inline(__always)
    func load() -> UInt { word.load(0) }

    /// The word, sequentially consistent (see `AtomicWords.loadInOrder`).
    @inline(__always)
    func loadInOrder() -> UInt { word.loadInOrder(0) }

    /// Stores `value`, with releasing ordering.
    func store(_ value: UInt) { word.store(value, at: 0) }

    /// Stores `value` and returns the word it replaced, sequentially consistent.
    func exchange(_ value: UInt) -> UInt { word.exchange(value, at: 0) }

    /// Adds `delta` (wrapping), sequentially consistent.
    @inline(__always)
    func add(_ delta: UInt) { word.add(delta, at: 0) }

    /// Adds 1 and returns the new word.
    func increment() -> UInt { word.add(1, at: 0) }
}

extension AtomicWord {
    /// Orders every earlier load and store of this thread before every later one, for all threads at once: what a
    /// reader announcing itself and a writer looking for readers each need between their two steps (see
    /// `Reclamation`).
    @inline(__always)
    static func fence() {
        #if !TETHER_SYNCHRONIZATION_FALLBACK && canImport(Synchronization)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                return atomicMemoryFence(ordering: .sequentiallyConsistent)
            }
        #endif
        // Below that, a lock taken and released: the fallback's words are themselves read and written under locks.
        fenceLock.withLock {}
    }

    private static let fenceLock = PlatformLock()

    /// A word holding `reference`'s address, or 0 for `nil`.
    static func word<Instance: AnyObject>(_ reference: Unmanaged<Instance>?) -> UInt {
        unsafe reference.map { unsafe UInt(bitPattern: $0.toOpaque()) } ?? 0
    }

    /// The reference whose address `word` holds.
    @inline(__always)
    static func reference<Instance: AnyObject>(_ word: UInt, as _: Instance.Type) -> Unmanaged<Instance>? {
        unsafe UnsafeRawPointer(bitPattern: word).map { unsafe Unmanaged<Instance>.fromOpaque($0) }
    }
}
