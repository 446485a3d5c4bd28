import Dispatch
import Foundation
import Testing
import Tether
import TetherTestSupport

// Serialized: a resolve hanging more than 25 containers deep counts for every shutdown, another test's too.
@Suite("Shutdown: it waits for its own resolves and its children's, and refuses the rest", .serialized)
struct ShutdownInFlightTests {
    final class Resource: DIDisposable {
        let name: String
        let log: MessageLog
        init(_ name: String, _ log: MessageLog) {
            self.name = name
            self.log = log
        }
        func dispose() async throws { log.append(name) }
    }

    /// What a probe resolves, and what a factory of another container makes.
    final class Probe: Sendable {}

    /// What a factory running when the shutdown began asks for through its `Provider`.
    final class Part: DIDisposable {
        let log: MessageLog
        init(log: MessageLog) { self.log = log }
        func dispose() async throws { log.append("part") }
    }

    /// Resolves `name` from `container` on a thread of its own until the shutdown refuses it, then signals `begun`:
    /// the cooperative threads may all be busy with other tests.
    private func signalOnceShutDown(_ container: DIContainer, probing name: String, _ begun: DispatchSemaphore) {
        DispatchQueue.global().async {
            while (try? container.resolveOrThrow(Probe.self, name: name)) != nil { usleep(1_000) }
            begun.signal()
        }
    }

    /// Where a factory waits, once entered, until the shutdown has begun.
    final class Pause: Sendable {
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)

        func here() {
            entered.signal()
            proceed.wait()
        }
    }

    /// Shuts `shutting` down while a resolve of `Resource` from `resolving`, started first, waits at `pause`, which
    /// lets it go on once a resolve from `shutting` is refused; `log` notes "refused" when that resolve throws.
    private func shutDown(
        _ shutting: DIContainer, whileResolvingFrom resolving: DIContainer, pausedAt pause: Pause, log: MessageLog
    ) async -> DIShutdownReport {
        shutting.register { Probe() }.as(Probe.self, name: "probe")
        let resolved = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if (try? resolving.resolveOrThrow(Resource.self)) == nil { log.append("refused") }
            resolved.signal()
        }
        pause.entered.wait()
        signalOnceShutDown(shutting, probing: "probe", pause.proceed)
        let report = await shutting.shutdown()
        resolved.wait()
        return report
    }

    @Test func aChildsFirstKeptInstanceMadeWhileItsParentsShutdownWaitsIsDisposed() async throws {
        let log = MessageLog()
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        child.register { Part(log: log) }.lifetime(.perContainer(.strong))
        let pause = Pause()
        // A prototype that takes nothing: nothing the child keeps is bound, and so nothing lists the child in its
        // parent, until its factory asks.
        child.register { [unowned child] () -> Resource in
            pause.here()
            _ = try child.resolveOrThrow(Part.self)
            return Resource("not kept", log)
        }
        let report = await shutDown(parent, whileResolvingFrom: child, pausedAt: pause, log: log)
        #expect(log.messages == ["part"])
        #expect(report.disposed.count == 1)
        #expect(report.isClean)
    }

    @Test func aFactoryOfAnotherContainerResolvingFromAShutDownOneIsRefused() async throws {
        let log = MessageLog()
        let shut = DIContainer()
        shut.register { Resource("made after the shutdown", log) }.lifetime(.perContainer(.strong))
        let provider = try shut.resolveOrThrow(Provider<Resource>.self)
        let other = DIContainer()
        other.register { () -> Probe in
            do throws(DIError) {
                _ = try shut.resolveOrThrow(Resource.self)
                log.append("resolved directly")
            } catch {
                log.append("directly: \(error.code)")
            }
            do throws(DIError) {
                _ = try provider.get()
                log.append("resolved through the Provider")
            } catch {
                log.append("through the Provider: \(error.code)")
            }
            return Probe()
        }
        await shut.shutdown()
        _ = try other.resolveOrThrow(Probe.self)
        #expect(
            log.messages == ["directly: container-shut-down", "through the Provider: container-shut-down"])
    }

    @Test func aResolveNestedInOneRunningWhenTheShutdownBeganGoesOnAndWhatItMakesIsDisposed() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.register { Part(log: log) }.lifetime(.perContainer(.strong))
        let pause = Pause()
        container.register { (later: Provider<Part>) -> Resource in
            pause.here()
            // The shutdown has begun: this resolve was running already, and the shutdown waits for it.
            _ = try later.get()
            return Resource("holder", log)
        }.lifetime(.perContainer(.strong))
        let report = await shutDown(container, whileResolvingFrom: container, pausedAt: pause, log: log)
        #expect(log.messages == ["holder", "part"])
        #expect(report.isClean)
    }

    @Test func aResolveReachingBackThroughAnotherContainerIsPartOfTheOneTheShutdownWaitsFor() async throws {
        let log = MessageLog()
        let container = DIContainer()
        container.register { Part(log: log) }.lifetime(.perContainer(.strong))
        // Another container's factory that resolves back from the first one.
        let other = DIContainer()
        other.register { [unowned container] () -> Probe in
            _ = try container.resolveOrThrow(Part.self)
            return Probe()
        }
        let pause = Pause()
        container.register { () -> Resource in
            pause.here()
            _ = try other.resolveOrThrow(Probe.self)
            return Resource("holder", log)
        }.lifetime(.perContainer(.strong))
        let report = await shutDown(container, whileResolvingFrom: container, pausedAt: pause, log: log)
        #expect(log.messages == ["holder", "part"])
        #expect(report.isClean)
    }

    @Test func aParentsShutdownRacingFourChildrensResolvesDisposesEveryInstanceTheyMadeOnce() async throws {
        for round in 0..<50 {
            let made = MessageLog()
            let disposed = MessageLog()
            let refusals = MessageLog()
            let parent = DIContainer()
            parent.register { () -> Part in
                made.append("parent's")
                return Part(log: disposed)
            }.lifetime(.perContainer(.strong))
            let children = (0..<4).map { thread in
                let child = DIContainer(parent: parent)
                child.update { child in
                    for index in 0..<10 {
                        child.register { (part: Part) -> Resource in
                            made.append("\(thread).\(index)")
                            return Resource("\(thread).\(index)", disposed)
                        }.as(Resource.self, name: "\(index)").lifetime(.perContainer(.strong))
                    }
                }
                return child
            }
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for (thread, child) in children.enumerated() {
                DispatchQueue.global().async(group: group) {
                    start.wait()
                    for step in 0..<20 {
                        do throws(DIError) {
                            _ = try child.resolveOrThrow(Resource.self, name: "\((step + 3 * thread) % 10)")
                        } catch {
                            refusals.append(error.code)
                        }
                    }
                }
            }
            for _ in children { start.signal() }
            let report = await parent.shutdown()
            group.wait()
            // Made before the shutdown took the cells (a child's resolve running when it began is waited for, and
            // lists its child), or refused.
            #expect(
                disposed.messages.map { $0 == "part" ? "parent's" : $0 }.sorted() == made.messages.sorted(),
                "round \(round)")
            #expect(report.disposed.count == made.messages.count, "round \(round)")
            #expect(Set(refusals.messages).isSubset(of: ["container-shut-down"]), "round \(round)")
        }
    }

    /// Returns once `semaphore` is signalled, waiting on a thread of its own: a blocked cooperative thread would
    /// hold up the shutdowns of the tests running beside this one, while a resolve that never ends pins its thread.
    private func signalled(_ semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                semaphore.wait()
                continuation.resume()
            }
        }
    }

    /// A container whose one registration's factory signals `entered`, then waits for `release`.
    private func hanging(_ entered: DispatchSemaphore, until release: DispatchSemaphore, parent: DIContainer? = nil)
        -> DIContainer
    {
        let container = DIContainer(parent: parent)
        container.register { () -> Probe in
            entered.signal()
            release.wait()
            return Probe()
        }
        return container
    }

    /// Shuts `closing` down, with `timeout`, while a resolve of a container made by `hanging` (a child of
    /// `parent`) waits in its factory; lets the factory return once the shutdown has, and waits for the resolve.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    private func shutDown(
        _ closing: DIContainer, timeout: Duration, whileAResolveHangsBelow parent: DIContainer?
    ) async -> DIShutdownReport {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let resolved = DispatchSemaphore(value: 0)
        let hangingContainer = hanging(entered, until: release, parent: parent)
        DispatchQueue.global().async {
            _ = try? hangingContainer.resolveOrThrow(Probe.self)
            resolved.signal()
        }
        await signalled(entered)
        let report = await closing.shutdown(timeout: timeout)
        release.signal()
        await signalled(resolved)
        return report
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func aResolveHangingInAnUnrelatedContainerDoesNotHoldUpTheShutdown() async throws {
        let report = await shutDown(DIContainer(), timeout: .seconds(10), whileAResolveHangsBelow: nil)
        #expect(!report.resolvesLeftRunning)
        #expect(report.isClean)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func aResolveHangingInAChildHoldsUpItsParentsShutdownUntilTheTimeout() async throws {
        let parent = DIContainer()
        let report = await shutDown(parent, timeout: .milliseconds(100), whileAResolveHangsBelow: parent)
        #expect(report.resolvesLeftRunning)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test func aResolveThirtyContainersDownHoldsUpTheRootsShutdownThoughItsOwnersDoNotFitTheRecord() async throws {
        let root = DIContainer()
        var parent = root
        for _ in 0..<29 { parent = DIContainer(parent: parent) }
        // The hanging container is the thirtieth below the root.
        let report = await shutDown(root, timeout: .milliseconds(100), whileAResolveHangsBelow: parent)
        #expect(report.resolvesLeftRunning)
    }
}
