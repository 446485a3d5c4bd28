/// Waits for the resolves running when a shutdown begins: they may be creating instances the shutdown must see.
///
/// A container's shutdown waits only for the resolves that work for it (of it or of a descendant, announced in their
/// thread's record as they start, see `Reclamation.pinnedResolving(for:)`): one hanging in an unrelated container
/// must not hold it up. It looks again after a pause that doubles up to a millisecond: a resolve pays a store or two
/// to its thread's own record, and the rare shutdown the polling. The process-wide instances' shutdown, which any
/// container's resolve may make, waits for every resolve running in the process: a marker object is retired through
/// `Reclamation`, which releases it once every resolve that was running when it was retired has ended.
enum InFlightResolves {
    /// Returns once every resolve running now that works for the container whose serial is `owner` (`nil`: every resolve
    /// in the process) has ended, or after `timeout` nanoseconds; `false` when the time ran out first.
    static func end(for owner: UInt?, timeout: UInt64?) async -> Bool {
        let ended: @Sendable () async -> Void =
            if let owner { { await resolvesEnded(workingFor: owner) } } else { resolvesRunningNowEnded }
        guard let timeout else {
            await ended()
            return true
        }
        if case .timedOut = await Disposer.run(timeout: timeout, ended) { return false }
        return true
    }

    /// Returns once no resolve works for `owner`, or when cancelled (the time ran out).
    @Sendable private static func resolvesEnded(workingFor owner: UInt) async {
        var pause: UInt64 = 10_000
        while Reclamation.anyThreadWorks(for: owner), !Task.isCancelled {
            try? await Task.sleep(nanoseconds: pause)
            pause = min(pause * 2, 1_000_000)
        }
    }

    /// Returns once the marker retired now is released.
    @Sendable private static func resolvesRunningNowEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Reclamation.retire([Marker { continuation.resume() }])
        }
    }

    /// Runs its action when it is released.
    private final class Marker {
        let released: @Sendable () -> Void

        init(_ released: @escaping @Sendable () -> Void) {
            self.released = released
        }

        deinit { released() }
    }
}
