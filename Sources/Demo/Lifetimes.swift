import Foundation
import Tether

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class PerContainerThing: Sendable {}
final class PerRunThing: Sendable {}
final class Singleton: Sendable {}
final class Screen: Sendable {}
final class UserProfile: Sendable {}

struct Settings {
    let serial: Int
    init() {
        settingsMade.increment()
        serial = settingsMade.count
    }
}

let settingsMade = Counter()

/// Counts how often a factory ran.
final class Counter: @unchecked Sendable {  // `value` is reached only under `lock`.
    private let lock = NSLock()
    private var value = 0
    func increment() {
        lock.lock()
        defer { lock.unlock() }
        value += 1
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// One setup function for two containers: the registration lines are the same.
func registerShared(in container: DIContainer, counter: Counter) {
    container.register(PerContainerThing.init).lifetime(.perContainer(.strong))
    container.register(PerRunThing.init).lifetime(.perRun(.strong))
    container.register { () -> Singleton in
        counter.increment()
        return Singleton()
    }.lifetime(.single)
}

// A start-up with one slow singleton, for the profile.

final class Database: Sendable {
    init() { usleep(20_000) }
}
final class Cache: Sendable {
    init(database: Database) { usleep(2_000) }
}
final class Analytics: Sendable {}

func registerStartup(in container: DIContainer) {
    container.register(Analytics.init).lifetime(.single)
    container.register(Cache.init(database:)).lifetime(.single)
    container.register(Database.init).lifetime(.single)
}
