#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Android)
    internal import Android
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The calling thread's identity, so that a creation gate can tell a cycle on the same thread (refuse it) from
/// another thread that must wait for the instance being built.
enum ThreadIdentity {
    /// A non-zero number unique among the threads alive now.
    static var current: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: Int(bitPattern: pthread_self()))
        #else
            UInt(pthread_self())
        #endif
    }

    /// Lets other threads run before this one tries again (a waiter whose gate's owner has yet to take its lock).
    static func yield() {
        sched_yield()
    }
}
