import Logging
import Synchronization

/// What the app's long-lived services did when they started and stopped, in order: logged, and kept for the
/// tests, which check that a shutdown closes the repository before the database, once each.
public final class LifecycleEvents: Sendable {
    private let events = Mutex<[String]>([])
    private let logger: Logger

    /// Makes an empty list that also logs to `logger`.
    public init(logger: Logger) {
        self.logger = logger
    }

    func note(_ event: String) {
        events.withLock { $0.append(event) }
        logger.info("\(event)")
    }

    /// Every event so far.
    public var all: [String] { events.withLock { $0 } }
}
