/// What one measured call of a scenario records: time, or mallocs, of the sections it marks.
///
/// A scenario that needs set-up per repetition (a fresh container, reset singletons) does it outside
/// `measure`, so only the operation itself is timed and counted.
public final class Meter {
    private enum Mode {
        case time
        case countMallocs
        /// Another harness measures (package-benchmark): tell it where the measured section starts and stops.
        case delegate(start: () -> Void, stop: () -> Void)
    }

    private let mode: Mode
    public private(set) var nanoseconds: UInt64 = 0
    public private(set) var mallocs = 0

    /// A meter that times (the calling thread's CPU time), or, with `countsMallocs`, counts mallocs through the
    /// preloaded interposer.
    public init(countsMallocs: Bool) {
        mode = countsMallocs ? .countMallocs : .time
    }

    /// A meter that lets another harness measure: `start` and `stop` bracket each measured section.
    public init(start: @escaping () -> Void, stop: @escaping () -> Void) {
        mode = .delegate(start: start, stop: stop)
    }

    /// Times `body`, or counts its mallocs; the cost of this call is paid once per batch, not per operation.
    @inline(__always)
    public func measure(_ body: () -> Void) {
        switch mode {
        case .time:
            let start = threadCPUNanoseconds()
            body()
            nanoseconds += threadCPUNanoseconds() - start
        case .countMallocs:
            mallocs += MallocCounter.count(body) ?? 0
        case .delegate(let start, let stop):
            start()
            body()
            stop()
        }
    }
}
