/// Runs disposals one after another, in the order given, each bounded by a time limit when one is given, and
/// records how each ended: one that throws or hangs does not stop the others.
enum Disposer {
    /// An instance to dispose, with the registration that made it.
    struct Item: Sendable {
        let component: DIComponentInfo
        let instance: any DIDisposable
    }

    /// Disposes `items` in order, each given at most `timeout` nanoseconds when it is not `nil`; an object disposed
    /// already, here or by another owner, is not disposed again (`DisposalLedger`). `recording` is `false` for a
    /// request's end, which only reads the ledger.
    static func dispose(
        _ items: some Sequence<Item>, timeout: UInt64?, recording: Bool = true, into report: inout DIShutdownReport
    ) async {
        for item in items
        where recording ? DisposalLedger.claim(item.instance) : !DisposalLedger.disposed(item.instance) {
            // Without a limit, called in place: a request scope's end disposes on every request.
            let outcome: Outcome
            if let timeout {
                outcome = await run(timeout: timeout) { try await item.instance.dispose() }
            } else {
                do {
                    try await item.instance.dispose()
                    outcome = .finished
                } catch {
                    outcome = .threw(error)
                }
            }
            switch outcome {
            case .finished:
                report.disposed.append(item.component)
            case .threw(let error):
                note(DIShutdownReport.Failure(component: item.component, reason: .threw(error)), in: &report)
            case .timedOut(let nanoseconds):
                note(
                    DIShutdownReport.Failure(component: item.component, reason: .timedOut(nanoseconds: nanoseconds)),
                    in: &report)
            }
        }
    }

    /// `items`, in disposal order, with each object once: where several registrations of one scope keep it, it is
    /// disposed by the one that made it, which stored it first (`madeAt`), at that one's place. A registration that
    /// only hands out another's instance stores it later. `object` is `nil` for a value, which every registration
    /// keeps its own copy of.
    static func onePerObject(_ items: [(item: Item, object: AnyObject?, madeAt: UInt)]) -> [Item] {
        var first: [ObjectIdentifier: UInt] = [:]
        for entry in items {
            guard let object = entry.object else { continue }
            let id = ObjectIdentifier(object)
            first[id] = min(entry.madeAt, first[id] ?? .max)
        }
        return items.compactMap { entry in
            guard let object = entry.object else { return entry.item }
            return first[ObjectIdentifier(object)] == entry.madeAt ? entry.item : nil
        }
    }

    /// Adds `failure` to `report` and logs it, once: a parent's report repeats its children's failures unlogged.
    static func note(_ failure: DIShutdownReport.Failure, in report: inout DIShutdownReport) {
        DILogger.log(.error, failure.description)
        report.failures.append(failure)
    }

    /// How one piece of work ended.
    enum Outcome: Sendable {
        case finished
        case threw(any Error)
        case timedOut(UInt64)
    }

    /// Runs `work`, waiting at most `timeout` nanoseconds for it; work still running then is cancelled and left to
    /// end on its own.
    static func run(timeout: UInt64, _ work: @escaping @Sendable () async throws -> Void) async -> Outcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let first = FirstOutcome(continuation)
            let clock = Task {
                try? await Task.sleep(nanoseconds: timeout)
                if !Task.isCancelled { first.settle(.timedOut(timeout)) }
            }
            first.attach(
                Task {
                    do {
                        try await work()
                        first.settle(.finished)
                    } catch {
                        first.settle(.threw(error))
                    }
                    clock.cancel()
                })
        }
    }
}

/// Resumes a continuation with whichever outcome comes first, once, and cancels the work when time ran out first.
private final class FirstOutcome: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Disposer.Outcome, Never>?
        var work: Task<Void, Never>?
        var timedOut = false
    }

    private let state: Locked<State>

    init(_ continuation: CheckedContinuation<Disposer.Outcome, Never>) {
        state = Locked(State(continuation: continuation))
    }

    /// The task running the work, which a timeout cancels (at once, if it came first).
    func attach(_ work: Task<Void, Never>) {
        let cancel = state.withLock { state -> Bool in
            state.work = work
            return state.timedOut
        }
        if cancel { work.cancel() }
    }

    func settle(_ outcome: Disposer.Outcome) {
        let (continuation, work) = state.withLock {
            state -> (CheckedContinuation<Disposer.Outcome, Never>?, Task<Void, Never>?) in
            guard let continuation = state.continuation else { return (nil, nil) }
            state.continuation = nil
            guard case .timedOut = outcome else { return (continuation, nil) }
            state.timedOut = true
            return (continuation, state.work)
        }
        continuation?.resume(returning: outcome)
        work?.cancel()
    }
}
