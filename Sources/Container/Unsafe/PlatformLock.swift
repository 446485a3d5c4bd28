#if canImport(Darwin)
    internal import Darwin
#elseif canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Android)
    internal import Android
#endif
#if canImport(Synchronization)
    internal import Synchronization
#endif

/// A mutual-exclusion lock for the container's own short critical sections, which never run user code.
///
/// On Linux it is the toolchain's `Mutex`. On Apple systems it is `os_unfair_lock`, which is what `Mutex` is built
/// on there and which, unlike `Mutex` (iOS 18, macOS 15), every supported version has. Building with
/// `-DTETHER_SYNCHRONIZATION_FALLBACK` uses a pthread mutex on Linux instead, so that CI runs the code path of
/// systems without `Synchronization`.
///
/// A value that cannot be copied, kept in place in what it guards (a `Locked`, a plan): on Linux the `Mutex` is part
/// of that object; on Apple systems (and with the fallback flag) the lock is the one allocation it needs for a stable
/// address. A class of its own was one allocation more for every lock.
///
/// `@safe`: its memory is its own, made and freed with it, and reached only by the lock calls inside `withLock`.
@safe struct PlatformLock: ~Copyable, @unchecked Sendable {  // Its memory is only touched by the lock calls.
    #if TETHER_SYNCHRONIZATION_FALLBACK || !canImport(Synchronization) || canImport(Darwin)
        #if canImport(Darwin)
            private let raw: UnsafeMutablePointer<os_unfair_lock>
        #else
            private let raw: UnsafeMutablePointer<pthread_mutex_t>
        #endif

        init() {
            unsafe raw = .allocate(capacity: 1)
            #if canImport(Darwin)
                unsafe raw.initialize(to: os_unfair_lock())
            #else
                unsafe raw.initialize(to: pthread_mutex_t())
                precondition(unsafe pthread_mutex_init(raw, nil) == 0, "Tether could not make a lock")
            #endif
        }

        deinit {
            #if !canImport(Darwin)
                unsafe pthread_mutex_destroy(raw)
            #endif
            unsafe raw.deinitialize(count: 1)
            unsafe raw.deallocate()
        }

        /// Runs `body` holding the lock.
        @inline(__always)
        func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
            #if canImport(Darwin)
                unsafe os_unfair_lock_lock(raw)
                defer { unsafe os_unfair_lock_unlock(raw) }
            #else
                unsafe pthread_mutex_lock(raw)
                defer { unsafe pthread_mutex_unlock(raw) }
            #endif
            return try body()
        }
    #else
        private let mutex = Mutex<Void>(())
        /// `Mutex` hands a contended lock over inside the standard library's futex code, which the thread
        /// sanitizer does not instrument, so it reports races on state that is in fact protected. Each critical
        /// section begins with an acquiring load and ends with a releasing store on this atomic: orderings the
        /// lock already guarantees, now visible to the sanitizer, for two uncontended atomic operations.
        private let handOver = Atomic<UInt>(0)

        init() {}

        /// Runs `body` holding the lock.
        @inline(__always)
        func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
            var outcome: Result?
            var failure: Failure?
            mutex.withLock { _ in
                _ = handOver.load(ordering: .acquiring)
                defer { handOver.add(1, ordering: .releasing) }
                do throws(Failure) { outcome = try body() } catch { failure = error }
            }
            if let failure { throw failure }
            return unsafe outcome.unsafelyUnwrapped
        }
    #endif
}
