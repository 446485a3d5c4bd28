/// Waits for the resolves running when a shutdown begins: they may be creating instances the shutdown must see.
///
/// Costs a resolve nothing: a marker object is retired through `Reclamation`, which releases it once every resolve
/// that was running when it was retired has ended, and the marker's release ends the wait.
enum InFlightResolves {
    /// Returns once every resolve running anywhere in the process now has ended, or after `timeout` nanoseconds;
    /// `false` when the time ran out first.
    static func end(timeout: UInt64?) async -> Bool {
        guard let timeout else {
            await resolvesRunningNowEnded()
            return true
        }
        if case .timedOut = await Disposer.run(timeout: timeout, resolvesRunningNowEnded) { return false }
        return true
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
