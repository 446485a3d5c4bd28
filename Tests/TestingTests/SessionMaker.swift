import Tether

/// A `single` that makes sessions on demand: its `Provider` holds the container that made it.
final class SessionMaker: Sendable {
    let makeSession: Provider<Session>

    init(makeSession: Provider<Session>) {
        self.makeSession = makeSession
    }
}
