#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Android)
    internal import Android
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Keeps a resolve from overflowing its thread's stack.
///
/// A resolve goes one level down the stack for every level of the graph, so a deep graph, or a thread with a
/// small stack (512 KB for threads other than the main one on Apple systems), would crash the process. Each level
/// compares the address of its frame with a checkpoint: the first one lies a little below where the resolve
/// started, so that the common, shallow resolve never asks the system anything; a resolve that passes it looks up
/// where this thread's stack ends (once per thread) and stops with `stack-exhausted` before it gets there.
enum StackGuard {
    /// Stack left free below the deepest level a resolve may start: room for one more factory, the error and the
    /// unwinding, even in a debug or sanitizer build.
    static let reserve: UInt = 96 << 10
    /// How far down the stack a resolve goes before it first asks where the stack ends.
    static let untroubled: UInt = 32 << 10

    /// The address of the caller's frame, near enough.
    @inline(__always)
    static func here() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The first checkpoint of a resolve starting at `start`.
    @inline(__always)
    static func firstCheckpoint(below start: UInt) -> UInt {
        start > untroubled ? start - untroubled : 0
    }

    /// The lowest address a resolve building at `here` on this thread may reach, or 0 when that is unknown: the
    /// system does not say where the stack is, or `here` is not on it (a sanitizer may keep frames elsewhere).
    static func floor(for here: UInt) -> UInt {
        let stack = threadStack()
        guard stack.contains(here) else { return 0 }
        return stack.lowerBound + reserve
    }

    /// The calling thread's stack, looked up once per thread: finding the main thread's reads a file on Linux.
    private static func threadStack() -> Range<UInt> {
        if let end = pthread_getspecific(endKey), let top = pthread_getspecific(topKey) {
            return UInt(bitPattern: end)..<UInt(bitPattern: top)
        }
        guard let stack = lookUpStack(), stack.lowerBound > 0 else { return 0..<0 }
        pthread_setspecific(endKey, UnsafeRawPointer(bitPattern: stack.lowerBound))
        pthread_setspecific(topKey, UnsafeRawPointer(bitPattern: stack.upperBound))
        return stack
    }

    private static let endKey = makeKey()
    private static let topKey = makeKey()

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for Tether's stack guard")
        return key
    }

    /// The calling thread's stack, asked of the system.
    private static func lookUpStack() -> Range<UInt>? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            return (top - UInt(pthread_get_stacksize_np(thread)))..<top
        #else
            var attributes = pthread_attr_t()
            guard let getAttributes = threadAttributes, getAttributes(pthread_self(), &attributes) == 0 else {
                return nil
            }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            return UInt(bitPattern: address)..<(UInt(bitPattern: address) + UInt(size))
        #endif
    }

    #if !canImport(Darwin)
        private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// `pthread_getattr_np`, which the C library has but Swift's import of it hides (it needs `_GNU_SOURCE`).
        private static let threadAttributes: GetAttributes? =
            dlsym(nil, "pthread_getattr_np").map { unsafeBitCast($0, to: GetAttributes.self) }
    #endif
}
