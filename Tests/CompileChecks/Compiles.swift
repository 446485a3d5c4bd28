// swift-format-ignore-file
// What compiles: each way the container may share a class that is not Sendable, and launch code that keeps using
// what it registered. Scripts/check-compile-errors.py type-checks this file and expects no error.
import Tether

final class Loader {
    var loaded = 0
}
final class Tracker: Sendable {}

func graphLifetimesTakeAnyType(_ container: DIContainer) {
    container.register(Loader.init).lifetime(.prototype)
    container.register(Loader.init).lifetime(.objectGraph)
    container.register(Loader.init).lifetime(.unique)
    container.register(Loader.init).as(Loader.self, name: "graph").lifetime(.graph)
}

func sendableTypesTakeEveryLifetime(_ container: DIContainer, chosen: DILifeTime) {
    container.register(Tracker.init).lifetime(.single)
    container.register(Tracker.init).tag(Int.self).lifetime(.perContainer(.weak))
    container.register(Tracker.init).lifetime(chosen)
    container.register(Tracker.init).lifetime(.prototype)
    container.register(Tracker.init).lifetime(.objectGraph)
    container.register(Tracker.init).lifetime(.unique)
    container.register(Tracker.init).lifetime(.graph)
    container.register(Tracker.init).lifetime(.perRequest)
    container.registerInstance(Tracker())
}

@MainActor
func launch(_ container: DIContainer) -> Loader {
    let loader = Loader()
    container.registerInstance(loader)
    loader.loaded += 1
    container.register { @MainActor in Loader() }.lifetime(.perContainer(.strong), on: MainActor.self)
    return loader
}

func migrating(_ container: DIContainer) {
    container.register(Loader.init).lifetime(uncheckedSendable: .single)
    container.registerInstance(uncheckedSendable: Loader())
}

func theSpellingsBeforeOneLifetimeTypeStillCompileWithAWarning(_ container: DIContainer, chosen: DILifeTime) {
    container.register(Tracker.init).lifetime(.of(chosen))
    container.register { @MainActor in Loader() }.lifetime(.mainActor(.single))
    container.register(Loader.init).lifetime(.uncheckedSendable(.single))
}
