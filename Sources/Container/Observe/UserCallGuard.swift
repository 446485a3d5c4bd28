/// Runs a kind of user callback (the log handler, the `decorate` hooks) at most once at a time on each thread:
/// a callback that resolves would otherwise be called again for its own resolve, and again for that one's.
struct UserCallGuard: Sendable {
    /// Whether a thread is running the callback now.
    private final class Running {
        var isActive = false
    }

    private let running = ThreadLocal { Running() }

    /// Runs `body` unless this thread is already inside it, in which case it does nothing.
    func run(_ body: () -> Void) {
        let running = running.value
        guard !running.isActive else { return }
        running.isActive = true
        defer { running.isActive = false }
        body()
    }
}
