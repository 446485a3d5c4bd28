import Dispatch
import Foundation
import Testing
import Tether
import TetherTestSupport

protocol RacedService: AnyObject, Sendable { var marker: UInt64 { get } }
final class RacedLive: RacedService { let marker = ConcurrentChangeTests.alive }
final class RacedStub: RacedService { let marker = ConcurrentChangeTests.alive }

enum RacedModule: DIModule {
    static func register(in container: DIContainer) {
        container.register(RacedLive.init).as((any RacedService).self)
    }
}

@Suite("Replacing, removing, installing and re-entering while other threads resolve")
struct ConcurrentChangeTests {
    static let alive: UInt64 = 0xC0FF_EE00_C0FF_EE00

    /// Resolves `any RacedService` 20,000 times on each of three threads while `change` runs over and over on a
    /// fourth; returns what went wrong: a damaged instance, or an error whose code `allowed` does not list.
    private func resolveWhileChanging(
        _ container: DIContainer, allowed: Set<String> = [], _ change: @escaping @Sendable () -> Void
    ) -> [String] {
        let damaged = Guarded(0)
        let errors = readWhileChanging(
            { () throws(DIError) in
                do throws(DIError) {
                    let service = try container.resolveOrThrow((any RacedService).self)
                    if service.marker != Self.alive { damaged.withLock { $0 += 1 } }
                } catch  where allowed.contains(error.code) {}
            }, change: change)
        return errors + Array(repeating: "a damaged instance", count: damaged.withLock { $0 })
    }

    @Test func replacingWhileOtherThreadsResolveAlwaysGivesAWholeInstanceOfOneImplementation() {
        let container = DIContainer()
        container.register(RacedLive.init).as((any RacedService).self)
        let stub = Guarded(true)
        let wrong = resolveWhileChanging(container) {
            // `.replacing()` before `.as`: the alias and the removal of the one it replaces happen together.
            if stub.withLock({
                $0.toggle()
                return !$0
            }) {
                container.register(RacedStub.init).replacing().as((any RacedService).self)
            } else {
                container.register(RacedLive.init).replacing().as((any RacedService).self)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
        #expect(container.registrySnapshot().components.count == 1)
    }

    @Test func unregisteringWhileOtherThreadsResolveGivesAnInstanceOrNotRegistered() {
        let container = DIContainer()
        let wrong = resolveWhileChanging(container, allowed: ["not-registered"]) {
            container.register(RacedLive.init).lifetime(.perContainer(.strong)).as((any RacedService).self)
            container.unregister(RacedLive.self)
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
    }

    @Test func twoThreadsInstallingOneModuleInstallItOnce() {
        for _ in 0..<50 {
            let container = DIContainer()
            let start = DispatchSemaphore(value: 0)
            let installers = (0..<2).map { _ in
                startThread {
                    start.wait()
                    container.install(RacedModule.self)
                }
            }
            start.signal()
            start.signal()
            for installer in installers { installer.wait() }
            #expect(container.registrySnapshot().components.count == 1)
        }
    }

    final class Greeter: @unchecked Sendable {  // Set up once, by its completion, while the resolve builds it.
        var clock: D?
    }

    @Test func aCompletionMayResolveFromAndRegisterIntoItsOwnContainer() throws {
        let container = DIContainer()
        container.register(D.init).lifetime(.perContainer(.strong))
        container.register(Greeter.init).completion { [unowned container] (greeter: Greeter) in
            // User code, run with no lock held: it may resolve and register on the container that runs it.
            greeter.clock = try container.resolveOrThrow(D.self)
            container.register(E.init)
        }
        let greeter = try container.resolveOrThrow(Greeter.self)
        #expect(greeter.clock === (try container.resolveOrThrow(D.self)))
        _ = try container.resolveOrThrow(E.self)
    }
}

/// Runs `read` 20,000 times on each of three threads while `change` runs over and over on a fourth; returns the
/// errors `read` threw.
func readWhileChanging(
    _ read: @escaping @Sendable () throws(DIError) -> Void, change: @escaping @Sendable () -> Void
) -> [String] {
    let done = Guarded(false)
    let wrong = Guarded<[String]>([])
    let readers = (0..<3).map { _ in
        startThread {
            for _ in 0..<20_000 {
                do throws(DIError) { try read() } catch { wrong.withLock { $0.append(error.description) } }
            }
        }
    }
    let changer = startThread {
        while !done.withLock({ $0 }) { change() }
    }
    for reader in readers { reader.wait() }
    done.withLock { $0 = true }
    changer.wait()
    return wrong.withLock { $0 }
}
