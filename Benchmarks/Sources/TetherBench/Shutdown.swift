// D1: shutdown of a container keeping N disposable instances, which must grow linearly with N. Swinject and
// hand-written code have no container shutdown to compare with.

import BenchSupport
import Dispatch
import Scenarios
import Tether

/// A disposable whose disposal does nothing, so that the row measures the container's work.
final class NoopDisposable: DIDisposable {
    func dispose() async throws {}
}

/// Wall milliseconds of `shutdown()` of a container keeping `count` disposables (resolved beforehand, not timed).
func measureShutdown(disposables count: Int) -> Double {
    let container = DIContainer()
    container.update { container in
        for index in 0..<count {
            container.register { NoopDisposable() }.as(NoopDisposable.self, name: "d\(index)")
                .lifetime(.perContainer(.strong))
        }
    }
    for index in 0..<count { verify(container.resolve(NoopDisposable?.self, name: "d\(index)") != nil, "D1 resolves") }
    let done = DispatchSemaphore(value: 0)
    let elapsed = Elapsed()
    Task.detached {
        let start = monotonicNanoseconds()
        let report = await container.shutdown()
        elapsed.nanoseconds = monotonicNanoseconds() - start
        verify(report.disposed.count == count && report.isClean, "D1 disposes every instance")
        done.signal()
    }
    done.wait()
    return Double(elapsed.nanoseconds) / 1e6
}

/// The time the shutdown's task measured, read after the semaphore that orders it.
private final class Elapsed: @unchecked Sendable {
    var nanoseconds: UInt64 = 0
}
