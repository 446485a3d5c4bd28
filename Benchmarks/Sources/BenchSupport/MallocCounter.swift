#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counts `malloc` calls through ordo-one's malloc-interposer (the one package-benchmark uses for its malloc
/// metrics), found at run time with `dlsym`.
///
/// Looked up rather than imported, so this module works whether or not the interposer is loaded: `tether-bench`
/// counts in a child process started with the interposer preloaded, and times in a process whose `malloc` is
/// libc's (see `useLibcMalloc()` in main.swift).
public enum MallocCounter {
    private typealias Toggle = @convention(c) () -> Void
    private typealias Stats =
        @convention(c) (
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>,
            UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>, UnsafeMutablePointer<Int64>
        ) -> Void

    private struct Functions {
        let enable: Toggle
        let disable: Toggle
        let reset: Toggle
        let stats: Stats
    }

    private static let functions: Functions? = {
        #if os(Linux)
            let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #else
            let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #endif
        guard let enable = dlsym(handle, "malloc_interposer_enable"),
            let disable = dlsym(handle, "malloc_interposer_disable"),
            let reset = dlsym(handle, "malloc_interposer_reset"),
            let stats = dlsym(handle, "malloc_interposer_get_stats")
        else { return nil }
        return Functions(
            enable: unsafeBitCast(enable, to: Toggle.self), disable: unsafeBitCast(disable, to: Toggle.self),
            reset: unsafeBitCast(reset, to: Toggle.self), stats: unsafeBitCast(stats, to: Stats.self))
    }()

    /// Whether the interposer is loaded, so `count` can count.
    public static var isAvailable: Bool { functions != nil }

    /// The number of allocations (`malloc`, `calloc`, `realloc`, aligned variants) `body` makes on any thread;
    /// `nil` without the interposer.
    public static func count(_ body: () -> Void) -> Int? {
        measure(body).map { $0.mallocs }
    }

    /// Bytes `body` allocated and did not free (requested sizes, on any thread); `nil` without the interposer.
    public static func retainedBytes(_ body: () -> Void) -> Int? {
        measure(body).map { $0.allocatedBytes - $0.freedBytes }
    }

    private static func measure(_ body: () -> Void) -> (mallocs: Int, allocatedBytes: Int, freedBytes: Int)? {
        guard let functions else { return nil }
        functions.reset()
        functions.enable()
        body()
        functions.disable()
        var (mallocs, allocated, freed): (Int64, Int64, Int64) = (0, 0, 0)
        var unused = (Int64(0), Int64(0), Int64(0))
        functions.stats(&mallocs, &allocated, &unused.0, &unused.1, &unused.2, &freed)
        return (Int(mallocs), Int(allocated), Int(freed))
    }
}
