import Foundation
import Tether
import TetherTestSupport

/// The `single` of the app's setup: what parallel tests must not share.
final class Session: Sendable {}

/// The `single` of the app's parent container.
final class Settings: Sendable {}

/// The app's setup functions: every container a test builds with them has the same registration sites, so outside
/// a sandbox they share their process-wide instances.
enum AppSetup {
    /// A container with a `single` `Session`; `builds` counts how often its factory runs.
    static func container(parent: DIContainer? = nil, builds: Counter = Counter()) -> DIContainer {
        let container = DIContainer(parent: parent)
        container.register { () -> Session in
            builds.increment()
            return Session()
        }.lifetime(.single)
        return container
    }

    /// A parent container with a `single` `Settings`.
    static func parent() -> DIContainer {
        let parent = DIContainer()
        parent.register(Settings.init).lifetime(.single)
        return parent
    }
}

/// The process's own `Session`, as code outside any sandbox resolves it: a detached task inherits no task-locals.
func sessionOutsideAnySandbox() async -> Session {
    await Task.detached { AppSetup.container().resolve() }.value
}

/// The sessions tests have seen, kept alive so that identities stay unique while the tests compare them.
final class SessionLog: @unchecked Sendable {  // `sessions` is reached only under `lock`.
    private let lock = NSLock()
    private var sessions: [Session] = []

    /// Notes `session`; returns how many times it has been noted, this one included.
    func record(_ session: Session) -> Int {
        lock.lock()
        defer { lock.unlock() }
        sessions.append(session)
        return sessions.count { $0 === session }
    }
}

/// A weak reference a `@Sendable` closure can fill.
final class WeakSession: @unchecked Sendable {  // `value` is reached only under `lock`.
    private let lock = NSLock()
    private weak var stored: Session?

    var value: Session? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }
}
