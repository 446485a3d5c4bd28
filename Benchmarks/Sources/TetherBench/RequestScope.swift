// RS1: a server request's scope: make it, resolve two request-scoped objects (one depending on the other), end it
// and dispose both; hand-written code makes the same two objects and disposes both. Swinject has no request scope.

import BenchSupport
import Dispatch
import Scenarios
import Tether

/// The request's unit of work.
final class RequestWork: DIDisposable {
    func dispose() async throws {}
}

/// What the request uses, over its unit of work.
final class RequestRepository: DIDisposable {
    let work: RequestWork
    init(work: RequestWork) { self.work = work }
    func dispose() async throws {}
}

/// Nanoseconds per request, median of `batches` batches of `perBatch` requests each, the two contenders in turns:
/// hand-written, then Tether.
func measureRequestScope(batches: Int, perBatch: Int) -> (hand: Double, tether: Double) {
    let container = DIContainer()
    container.register(RequestWork.init).lifetime(.perRequest)
    container.register(RequestRepository.init(work:)).lifetime(.perRequest)
    let done = DispatchSemaphore(value: 0)
    let result = Measured()
    // One task for the whole run: `end()` and `dispose()` are async, and nothing here suspends.
    Task.detached {
        var hand: [Double] = []
        var tether: [Double] = []
        for _ in 0..<batches {
            var start = monotonicNanoseconds()
            for _ in 0..<perBatch {
                let work = RequestWork()
                let repository = RequestRepository(work: work)
                blackHole(repository)
                try? await repository.dispose()
                try? await work.dispose()
            }
            hand.append(Double(monotonicNanoseconds() - start) / Double(perBatch))
            start = monotonicNanoseconds()
            for _ in 0..<perBatch {
                let scope = DIRequestScope(container: container)
                blackHole(try? scope.resolve(RequestRepository.self))
                blackHole(try? scope.resolve(RequestWork.self))
                await scope.end()
            }
            tether.append(Double(monotonicNanoseconds() - start) / Double(perBatch))
        }
        result.values = (median(hand), median(tether))
        done.signal()
    }
    done.wait()
    let scope = DIRequestScope(container: container)
    verify(
        (try? scope.resolve(RequestRepository.self))?.work === (try? scope.resolve(RequestWork.self)),
        "RS1: one unit of work per request")
    return result.values
}

/// The medians the measuring task found, read after the semaphore that orders them.
private final class Measured: @unchecked Sendable {
    var values: (hand: Double, tether: Double) = (0, 0)
}
