#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Android)
    internal import Android
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The calling thread, as the system knows it: the one place in Tether that asks the C library about threads.
@safe enum CurrentThread {
    /// A non-zero number unique among the threads alive now, so that a creation gate can tell a cycle on the same
    /// thread (refuse it) from another thread that must wait for the instance being built.
    static var id: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: Int(bitPattern: pthread_self()))
        #else
            UInt(pthread_self())
        #endif
    }

    /// Whether this is the process's main thread.
    static var isMain: Bool {
        #if canImport(Darwin)
            pthread_main_np() != 0
        #else
            // The main thread's kernel id is the process id. `gettid` is in the C library (glibc 2.30, musl 1.2.2)
            // but not in Swift's import of it.
            threadID.map { $0() == getpid() } ?? false
        #endif
    }

    /// Lets other threads run before this one tries again.
    static func yield() {
        sched_yield()
    }

    /// The addresses of this thread's stack, or `nil` when the system does not say.
    static func stack() -> Range<UInt>? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            return (top - UInt(pthread_get_stacksize_np(thread)))..<top
        #else
            var attributes = pthread_attr_t()
            guard let getAttributes = unsafe threadAttributes, unsafe getAttributes(pthread_self(), &attributes) == 0
            else {
                return nil
            }
            defer { unsafe pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard unsafe pthread_attr_getstack(&attributes, &address, &size) == 0, let address = unsafe address else {
                return nil
            }
            return UInt(bitPattern: address)..<(UInt(bitPattern: address) + UInt(size))
        #endif
    }

    #if !canImport(Darwin)
        private typealias GetThreadID = @convention(c) () -> pid_t

        /// `gettid`, looked up for the same reason.
        private static let threadID: GetThreadID? =
            unsafe dlsym(nil, "gettid").map { unsafe unsafeBitCast($0, to: GetThreadID.self) }

        private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// `pthread_getattr_np`, which the C library has but Swift's import of it hides (it needs `_GNU_SOURCE`).
        private static let threadAttributes: GetAttributes? =
            unsafe dlsym(nil, "pthread_getattr_np").map { unsafe unsafeBitCast($0, to: GetAttributes.self) }
    #endif
}

/// An object per thread, made on the thread's first use and released when the thread ends.
@safe struct ThreadLocal<Value: AnyObject>: Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    /// `make` gives a thread its object the first time it asks.
    init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        #if canImport(Darwin)
            let status = pthread_key_create(&key) { Unmanaged<AnyObject>.fromOpaque($0).release() }
        #else
            let status = unsafe pthread_key_create(&key) { object in
                if let object = unsafe object { unsafe Unmanaged<AnyObject>.fromOpaque(object).release() }
            }
        #endif
        precondition(status == 0, "no thread-specific key left for Tether")
        self.key = key
        self.make = make
    }

    /// The calling thread's object.
    var value: Value {
        unsafe unretainedValue.takeUnretainedValue()
    }

    /// The calling thread's object, without retaining it: the thread holds it until it ends.
    @inline(__always)
    var unretainedValue: Unmanaged<Value> {
        if let existing = unsafe pthread_getspecific(key) { return unsafe Unmanaged<Value>.fromOpaque(existing) }
        return unsafe made()
    }

    @inline(never)
    private func made() -> Unmanaged<Value> {
        let made = unsafe Unmanaged.passRetained(make())
        unsafe pthread_setspecific(key, made.toOpaque())
        return unsafe made
    }
}
