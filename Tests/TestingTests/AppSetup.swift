import Tether
import TetherTestSupport

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

    /// A container whose `Session` lives in `scope`, a `.custom` lifetime.
    static func container(scope: DIScope) -> DIContainer {
        let container = DIContainer()
        container.register(Session.init).lifetime(.custom(scope))
        return container
    }

    /// A parent container with a `single` `Settings`.
    static func parent() -> DIContainer {
        let parent = DIContainer()
        parent.register(Settings.init).lifetime(.single)
        return parent
    }
}
