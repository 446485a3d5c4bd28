import Dispatch
import Foundation
import Testing
import Tether
import TetherTestSupport

enum PrimaryRaced {}

/// Registers a module's two registrations with a pause between them, as a slow module's code would.
enum SlowModule: DIModule {
    static func register(in container: DIContainer) {
        container.register(SlowPair.init).lifetime(.perContainer(.strong))
        Thread.sleep(forTimeInterval: 0.002)
        container.register(SlowPart.init)
    }
}

final class SlowPart: Sendable {}
final class SlowPair: Sendable {
    let part: SlowPart
    init(part: SlowPart) { self.part = part }
}

@Suite("Changes are published whole while other threads resolve")
struct PublishedChangeTests {
    @Test func anUpdateReplacingAComponentsOwnTypeIsNeverSeenAsTwoProviders() {
        let container = DIContainer()
        container.register(RacedLive.init)
        let wrong = readWhileChanging { () throws(DIError) in
            _ = try container.resolveOrThrow(RacedLive.self)
        } change: {
            container.update { $0.register(RacedLive.init).replacing() }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(1))")
        #expect(container.registrySnapshot().components.count == 1)
    }

    @Test(arguments: [true, false])
    func aTaggedSwapsWholeBuilderChainIsSeenAtOnce(insideAnUpdate: Bool) {
        let container = DIContainer()
        container.register(RacedLive.init).as((any RacedService).self).tag(PrimaryRaced.self)
        let stub = Guarded(true)
        let wrong = readWhileChanging { () throws(DIError) in
            _ = try container.resolveOrThrow(DITagged<PrimaryRaced, any RacedService>.self)
        } change: {
            let useStub = stub.withLock {
                $0.toggle()
                return !$0
            }
            // Without `update`, the chain alone is what is published whole.
            func swap(_ container: DIContainer) {
                if useStub {
                    container.register(RacedStub.init).replacing().as((any RacedService).self).tag(PrimaryRaced.self)
                } else {
                    container.register(RacedLive.init).replacing().as((any RacedService).self).tag(PrimaryRaced.self)
                }
            }
            if insideAnUpdate { container.update(swap) } else { swap(container) }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(1))")
    }

    @Test func aBuilderChainWithoutAnUpdateIsSeenWhole() {
        let container = DIContainer()
        container.register(RacedLive.init).as((any RacedService).self)
        let wrong = readWhileChanging { () throws(DIError) in
            _ = try container.resolveOrThrow((any RacedService).self)
        } change: {
            // A chain's steps, each of which would make a resolve of the protocol fail if seen alone: the stub's own
            // type first (the protocol still has the live provider), then the alias (two providers), then the
            // replacement.
            container.register(RacedStub.init).as((any RacedService).self).tag(PrimaryRaced.self).replacing()
        }
        #expect(wrong.count == 0, "\(wrong.prefix(1))")
        #expect(container.registrySnapshot().components.count == 1)
    }

    @Test func theRegisteringThreadSeesARegistrationWhoseBuilderItStillHolds() throws {
        let container = DIContainer()
        let builder = container.register(SlowPart.init)
        // Another thread does not see it until the chain ends...
        let seenElsewhere = Guarded(true)
        onAnotherThread { seenElsewhere.withLock { $0 = (try? container.resolveOrThrow(SlowPart.self)) != nil } }
        #expect(seenElsewhere.withLock { $0 } == false)
        // ... this one does, and what it resolved stays published when the builder changes it later.
        _ = try container.resolveOrThrow(SlowPart.self)
        builder.lifetime(.perContainer(.strong))
        #expect(try container.resolveOrThrow(SlowPart.self) === container.resolveOrThrow(SlowPart.self))
    }

    @Test func aChainThatEndedIsSeenByTheNextResolveOnAnyThread() {
        let container = DIContainer()
        container.register(SlowPart.init).lifetime(.perContainer(.strong))
        let seen = Guarded(false)
        onAnotherThread { seen.withLock { $0 = (try? container.resolveOrThrow(SlowPart.self)) != nil } }
        #expect(seen.withLock { $0 })
    }

    @Test func registrationsInsideAnUpdateAreNotVisibleUntilItEnds() throws {
        let container = DIContainer()
        container.update { container in
            container.register(SlowPart.init)
            #expect(throws: DIError.self) { try container.resolveOrThrow(SlowPart.self) }
        }
        _ = try container.resolveOrThrow(SlowPart.self)
    }

    @Test func anUpdatePublishedAfterALaterRegistrationKeepsRegistrationOrder() throws {
        let container = DIContainer()
        container.update { container in
            container.register(RacedLive.init).as((any RacedService).self)
            // Another thread registers while the update holds its registration back: published first, made later.
            onAnotherThread { container.register(RacedStub.init).as((any RacedService).self) }
        }
        // Registration order is the order of the `register` calls, whichever was published first.
        let all = try container.resolveOrThrow([any RacedService].self)
        #expect(all.map { String(describing: type(of: $0)) } == ["RacedLive", "RacedStub"])
        // Each is found by its identity: the later one replaces, removes and is removed as its own.
        container.register(RacedStub.init).replacing()
        #expect(try container.resolveOrThrow([any RacedService].self).map { "\(type(of: $0))" } == ["RacedLive"])
        #expect(container.registrySnapshot().components.map(\.info.type).map { "\($0)" } == ["RacedLive", "RacedStub"])
    }

    @Test func aReplacementInsideAnUpdateRemovesARegistrationAnotherThreadMadeMeanwhile() throws {
        let container = DIContainer()
        container.update { container in
            container.register(RacedStub.init).as((any RacedService).self).replacing()
            onAnotherThread { container.register(RacedLive.init).as((any RacedService).self) }
        }
        // Published before the update, the other thread's registration is among those the update replaces.
        #expect(try container.resolveOrThrow((any RacedService).self) is RacedStub)
        #expect(try container.resolveOrThrow([any RacedService].self).count == 1)
    }

    @Test func unregisterInsideAnUpdateRemovesWhatTheUpdateRegisteredToo() throws {
        let container = DIContainer()
        container.register(SlowPart.init)
        container.update { container in
            container.register(SlowPart.init).lifetime(.perContainer(.strong))
            #expect(container.unregister(SlowPart.self) == 2)
        }
        #expect(container.registrySnapshot().components.isEmpty)
    }

    @Test func threadsInstallingOneModuleAllReturnWithItVisible() {
        for _ in 0..<20 {
            let container = DIContainer()
            let start = DispatchSemaphore(value: 0)
            let failures = Guarded<[String]>([])
            let installers = (0..<4).map { _ in
                startThread {
                    start.wait()
                    container.install(SlowModule.self)
                    do throws(DIError) { _ = try container.resolveOrThrow(SlowPair.self) } catch {
                        failures.withLock { $0.append(error.description) }
                    }
                }
            }
            for _ in installers { start.signal() }
            for installer in installers { installer.wait() }
            #expect(failures.withLock { $0 }.count == 0, "\(failures.withLock { $0 }.prefix(1))")
            #expect(container.registrySnapshot().components.count == 2)
        }
    }

    @Test func aResolveDuringAnInstallationSeesTheModuleWholeOrNotAtAll() {
        let container = DIContainer()
        let installed = Guarded(false)
        let partial = Guarded<[String]>([])
        let reader = startThread {
            while !installed.withLock({ $0 }) {
                do throws(DIError) {
                    _ = try container.resolveOrThrow(SlowPair.self)
                } catch  where error.failedRequest != "SlowPair" {
                    // The pair without its part: the module was visible half installed.
                    partial.withLock { $0.append(error.description) }
                } catch {}
            }
        }
        container.install(SlowModule.self)
        installed.withLock { $0 = true }
        reader.wait()
        #expect(partial.withLock { $0 }.count == 0, "\(partial.withLock { $0 }.prefix(1))")
    }
}

@Suite("Removed registrations and changed lifetimes release what they kept")
struct ReleasedInstanceTests {
    final class Cache: Sendable {
        let released: Counter
        init(released: Counter) { self.released = released }
        deinit { released.increment() }
    }

    @Test(arguments: [DILifeTime.perRun(.strong), .single])
    func unregisteringAProcessWideRegistrationReleasesItsInstance(lifetime: DILifeTime) throws {
        let released = Counter()
        let container = DIContainer()
        // A line of its own per case: the cases run in parallel, and process-wide instances are per site.
        container.register({ Cache(released: released) }, line: lifetime == .single ? 91_001 : 91_002).lifetime(
            lifetime)
        _ = try container.resolveOrThrow(Cache.self)
        #expect(released.count == 0, "kept while registered")
        #expect(container.unregister(Cache.self) == 1)
        #expect(released.count == 1)
    }

    @Test(arguments: [DILifeTime.perRun(.strong), .single])
    func replacingAProcessWideRegistrationReleasesTheReplacedInstance(lifetime: DILifeTime) throws {
        let released = Counter()
        let container = DIContainer()
        let line = lifetime == .single ? 91_003 : 91_004
        container.register({ Cache(released: released) }, line: line).lifetime(lifetime)
        let first = try container.resolveOrThrow(Cache.self)
        container.update {
            $0.register({ Cache(released: released) }, line: line + 10).lifetime(lifetime).replacing()
        }
        let second = try container.resolveOrThrow(Cache.self)
        #expect(first !== second)
        _ = consume first
        #expect(released.count == 1, "the replaced instance, once nothing else holds it")
        #expect(try container.resolveOrThrow(Cache.self) === second)
    }

    @Test func aProcessWideInstanceOutlivesItsContainerForTheNextContainerOfTheSameSite() throws {
        let released = Counter()
        func configure(_ container: DIContainer) {
            container.register { Cache(released: released) }.lifetime(.perRun(.strong))
        }
        var container: DIContainer? = DIContainer()
        configure(container!)
        let first = try container!.resolveOrThrow(Cache.self)
        container = nil
        let next = DIContainer()
        configure(next)
        #expect(try next.resolveOrThrow(Cache.self) === first, "one per run of the process")
        next.unregister(Cache.self)
        _ = consume first
        #expect(released.count == 1, "released once no registration of the site is left")
    }

    @Test func aPerContainerInstanceBuiltWhileItsRegistrationIsRemovedIsNotKept() throws {
        let container = DIContainer()
        let built = WeakBox<Cache>()
        let released = Counter()
        container.register { Cache(released: released) }.lifetime(.perContainer(.strong))
            .completion { [unowned container] (cache: Cache) in
                built.value = cache
                container.unregister(Cache.self)
            }
        do {
            let cache = try container.resolveOrThrow(Cache.self)
            #expect(built.value === cache)
        }
        #expect(built.value == nil, "the container holds no instance of a registration it no longer has")
        #expect(released.count == 1)
    }

    @Test func aLifetimeChangedAfterTheFirstResolveTakesEffectForNewInstances() throws {
        let container = DIContainer()
        let released = Counter()
        let builder = container.register { Cache(released: released) }.lifetime(.perContainer(.strong))
        let strong = WeakBox<Cache>()
        strong.value = try container.resolveOrThrow(Cache.self)
        #expect(strong.value != nil, "held by the container")
        builder.lifetime(.perContainer(.weak))
        #expect(strong.value == nil, "the strong lifetime's instance is released")
        let held = try container.resolveOrThrow(Cache.self)
        #expect(try container.resolveOrThrow(Cache.self) === held, "weakly shared while held")
        let weak = WeakBox<Cache>()
        weak.value = held
        _ = consume held
        #expect(weak.value == nil, "a weak lifetime does not keep it")
    }

    @Test func aChildReleasesItsInstanceOfAParentsRegistrationWhenThatIsRemoved() throws {
        let parent = DIContainer()
        parent.register(SlowPart.init)
        parent.register { Cache(released: Counter()) }.lifetime(.perContainer(.strong))
        let child = DIContainer(parent: parent)
        let held = WeakBox<Cache>()
        held.value = try child.resolveOrThrow(Cache.self)
        #expect(held.value != nil, "the child keeps its own instance")
        parent.unregister(Cache.self)
        _ = try child.resolveOrThrow(SlowPart.self)  // The child catches up with its parent's change.
        #expect(held.value == nil, "released with the registration, not kept until the child goes")
        #expect(throws: DIError.self) { try child.resolveOrThrow(Cache.self) }
    }
}

@Suite("A child catches up with its parent's changes, however the two are timed")
struct ChildCatchUpTests {
    /// A parent without children keeps no log of its changes; a child made while it changes must still see them.
    @Test func childrenMadeWhileTheirParentReplacesAComponentEachEndWithTheLastReplacement() {
        let parent = DIContainer()
        parent.register { Numbered(0) }
        let replacements = 300
        let children = Guarded<[DIContainer]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            if worker == 0 {
                for number in 1...replacements { parent.register { Numbered(number) }.replacing() }
            } else {
                for _ in 0..<replacements {
                    let child = DIContainer(parent: parent)
                    // Binds whichever registration the parent has at that moment.
                    _ = try? child.resolveOrThrow(Numbered.self)
                    children.withLock { $0.append(child) }
                }
            }
        }
        let numbers = children.withLock { $0 }.map { (try? $0.resolveOrThrow(Numbered.self))?.number }
        let stale = numbers.filter { $0 != replacements }
        #expect(stale.isEmpty, "\(stale.count) of \(numbers.count) children resolved \(stale.prefix(3))")
        #expect(numbers.count == replacements)
    }

    @Test func aChildMadeAfterItsParentChangedSeesTheChangeAndTheNextOne() throws {
        let parent = DIContainer()
        parent.register { Numbered(1) }
        parent.register { Numbered(2) }.replacing()
        let child = DIContainer(parent: parent)
        #expect(try child.resolveOrThrow(Numbered.self).number == 2)
        parent.register { Numbered(3) }.replacing()
        #expect(try child.resolveOrThrow(Numbered.self).number == 3, "the change after the child is logged for it")
    }
}

private final class Numbered: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}

/// Runs `body` on a thread of its own and waits for it: a registration another thread makes meanwhile.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    done.wait()
}
