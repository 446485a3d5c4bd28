#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif
internal import Dispatch

/// Whether the caller runs where the main actor runs, asked without stopping the program when it does not.
///
/// `MainActor.assumeIsolated` traps elsewhere, and the standard library has no public question that answers
/// instead (`SerialExecutor.isIsolatingCurrentContext` is for executors to implement, from iOS 26). The main
/// actor's executor is the main dispatch queue: on Apple systems always on the main thread, on Linux on whichever
/// thread drains that queue (Swift Testing's runner drains it on another thread). So: the main thread, or a job of
/// the main queue, which a key set on that queue tells.
///
/// Its limits, neither of which this machine can test: a custom executor running its job inline on the main thread
/// would get a yes where `assumeIsolated` traps, and a main executor that is not the dispatch main queue (a custom
/// one) gets a no, so a main-actor factory is refused with `main-actor-isolated` rather than run.
enum MainActorCheck {
    static var isIsolated: Bool {
        isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    private static var isMainThread: Bool {
        #if canImport(Darwin)
            pthread_main_np() != 0
        #else
            // The main thread's kernel id is the process id. `gettid` is in the C library (glibc 2.30, musl 1.2.2)
            // but not in Swift's import of it.
            threadID.map { $0() == getpid() } ?? false
        #endif
    }

    #if !canImport(Darwin)
        private typealias GetThreadID = @convention(c) () -> pid_t

        private static let threadID: GetThreadID? =
            dlsym(nil, "gettid").map { unsafeBitCast($0, to: GetThreadID.self) }
    #endif
}
