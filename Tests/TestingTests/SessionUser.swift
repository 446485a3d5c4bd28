import Tether

/// A `single` that takes its session on first use: its `Lazy` holds the container that made it.
final class SessionUser: Sendable {
    let session: Lazy<Session>

    init(session: Lazy<Session>) {
        self.session = session
    }
}
