import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` on `count` new threads that start together, and returns the wall time in nanoseconds from the
/// common start until the last one finished.
public func runConcurrently(threads count: Int, _ body: @escaping @Sendable () -> Void) -> UInt64 {
    final class Shared: Sendable {
        let ready = Atomic<Int>(0)
        let go = Atomic<Bool>(false)
        let body: @Sendable () -> Void
        init(body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let shared = Shared(body: body)
    var threads: [pthread_t] = []
    for _ in 0..<count {
        let context = Unmanaged.passRetained(shared).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let created = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Glibc)
                    let shared = Unmanaged<Shared>.fromOpaque(raw!).takeRetainedValue()
                #else
                    let shared = Unmanaged<Shared>.fromOpaque(raw).takeRetainedValue()
                #endif
                shared.ready.add(1, ordering: .releasing)
                while !shared.go.load(ordering: .acquiring) {}
                shared.body()
                return nil
            }, context)
        precondition(created == 0, "pthread_create failed: \(created)")
        #if canImport(Glibc)
            threads.append(thread)
        #else
            threads.append(thread!)
        #endif
    }
    while shared.ready.load(ordering: .acquiring) < count {}
    let start = monotonicNanoseconds()
    shared.go.store(true, ordering: .releasing)
    for thread in threads { pthread_join(thread, nil) }
    return monotonicNanoseconds() - start
}
