import Dispatch
import Foundation
import Testing
import Tether
import TetherTestSupport

/// Counter `body` on a thread with the main thread's stack size (8 MiB), as an app's main thread would; test
/// threads have far smaller stacks.
func onMainSizedStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    done.wait()
}

@Suite("Reliability: depth, runtime cycles, failures, memory")
struct ReliabilityTests {
    @Test func aLogHandlerMayResolveFromTheContainerThatIsLogging() async {
        // Its own process: the log settings are process-wide and other tests run in parallel.
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            container.register(Cat.init as @Sendable () -> Cat)
            container.register(Dog.init)
            DISetting.Log.level = .info
            DISetting.Log.handler = { _, message in
                // User code, run while the container reports what its plan bound.
                if message.hasPrefix("plan: bound") { _ = container.resolve(Dog.self) }
            }
            precondition(container.resolve(Cat.self).name == "cat")
        }
    }

    @Test func aLogHandlerThatResolvesWhenToldOfAFailureIsNotToldOfItsOwn() async {
        // Its own process: before the fix the handler's failing resolve logged an error, which called the handler,
        // which resolved again, until the stack overflowed.
        await #expect(processExitsWith: .success) {
            final class Missing {}
            let container = DIContainer()
            let calls = Counter()
            DISetting.Log.level = .error
            DISetting.Log.handler = { level, _ in
                calls.increment()
                if level == .error { _ = try? container.resolveOrThrow(Missing.self) }
            }
            _ = try? container.resolveOrThrow(Missing.self)
            precondition(calls.count == 1, "the handler was told of the outer failure only, not of its own")
            _ = try? container.resolveOrThrow(Missing.self)
            precondition(calls.count == 2, "the next failure outside the handler is delivered")
        }
    }

    @Test func aDeinitRunByDroppingAScopesInstancesMayResolveFromThatScope() async {
        // Its own process: before the fix this trapped on the scope's lock, which would end the whole test run.
        await #expect(processExitsWith: .success) {
            final class Token: Sendable {}
            final class Session: Sendable {
                let onDeinit: @Sendable () -> Void
                init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
                deinit { onDeinit() }
            }
            let scope = DIScope(name: "session", storage: DICacheStorage())
            let container = DIContainer()
            container.register(Token.init).lifetime(.custom(scope))
            container.register { (tokens: Provider<Token>) in
                Session { _ = tokens() }  // user code in a deinit, reaching the scope
            }.lifetime(.custom(scope))
            _ = container.resolve(Session.self)
            precondition(scope.count == 1)
            scope.dropInstances()
            precondition(scope.count == 1, "the deinit's resolve stored a new Token")
        }
    }

    @Test func aStorageThatResolvesFromTheContainerWhileFetchingDoesNotTrap() async {
        // Its own process: before the fix the storage's resolve took the scope's lock again and trapped.
        await #expect(processExitsWith: .success) {
            final class Clock: Sendable {}
            final class Session: Sendable {}
            /// A storage that checks, on every fetch, a component of the same scope (say, a clock for expiry).
            final class ExpiringStorage: DIStorage, @unchecked Sendable {
                let base = DICacheStorage()
                weak var container: DIContainer?  // weak: the container holds the scope, which holds this
                var any: [DIComponentInfo: Any] { base.any }
                func fetch(key: DIComponentInfo) -> Any? {
                    if key.type == Session.self { _ = container?.resolve(Clock.self) }
                    return base.fetch(key: key)
                }
                func save(object: Any, by key: DIComponentInfo) { base.save(object: object, by: key) }
                func clean() { base.clean() }
            }
            let storage = ExpiringStorage()
            let scope = DIScope(name: "session", storage: storage)
            let container = DIContainer()
            storage.container = container
            container.register(Clock.init).lifetime(.custom(scope))
            container.register(Session.init).lifetime(.custom(scope))
            let first: Session = container.resolve()
            precondition(container.resolve(Session.self) === first, "the scope keeps its Session")
            precondition(scope.count == 2)
        }
    }

    @Test func aChainOfAThousandComponentsResolvesOnAMainThreadSizedStack() {
        onMainSizedStack {
            let container = DIContainer()
            registerChain(in: container, closed: false)
            let first = container.resolve(Link0.self)
            var depth = 1
            var link: any ChainLink = first
            while let next = link.nextLink {
                link = next
                depth += 1
            }
            #expect(depth == 1_000)
            #expect(link is Link999)
        }
    }

    @Test func aGraphTooDeepForItsThreadsStackIsAnErrorNotACrash() async {
        // Its own process: before the guard, the resolve overflowed the stack and ended the process.
        await #expect(processExitsWith: .success) {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                let container = DIContainer()
                registerChain(in: container, closed: false)
                do throws(DIError) {
                    _ = try container.resolveOrThrow(Link0.self)
                    preconditionFailure("a 1,000-deep chain fitted in 256 KB")
                } catch {
                    precondition(error.code == "stack-exhausted", "wrong error: \(error)")
                    precondition(error.path.first?.component.type == Link0.self, "the path starts at the request")
                    precondition(error.path.count > 1 && error.path.count < 1_000, "stopped at \(error.path.count)")
                    precondition(error.description.contains("too deep for this thread's stack"))
                }
                // The same thread resolves a shallow graph afterwards.
                _ = container.resolve(Link999.self)
                done.signal()
            }
            thread.stackSize = 256 << 10
            thread.start()
            done.wait()
        }
    }

    @Test func aPrototypeFactoryThatResolvesItsOwnTypeEndsInStackExhausted() async {
        // Its own process: before the fix each nested resolve started a fresh allowance below its own frame, never
        // asked where the stack ends, and the process died of SIGSEGV.
        await #expect(processExitsWith: .success) {
            final class Again {}
            let container = DIContainer()
            // Unowned: the container keeps the factory, and a strong capture would leak both (LeakSanitizer in CI).
            container.register { [unowned container] () throws -> Again in
                _ = try container.resolveOrThrow(Again.self)
                return Again()
            }
            do throws(DIError) {
                _ = try container.resolveOrThrow(Again.self)
                preconditionFailure("a factory that resolves itself returned")
            } catch {
                precondition(error.code == "stack-exhausted", "wrong error: \(error)")
                precondition(error.description.contains("too deep for this thread's stack"), "\(error)")
            }
            // The thread resolves again afterwards: the outermost resolve sets the allowance anew.
            container.register { Cat(name: "after") }
            precondition(container.resolve(Cat.self).name == "after")
        }
    }

    @Test func theTrappingResolveInsideAFactoryThatResolvesItselfStopsWithStackExhausted() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Again {}
            let container = DIContainer()
            container.register { () -> Again in
                _ = container.resolve(Again.self)
                return Again()
            }
            _ = container.resolve(Again.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("error[stack-exhausted]"), "stderr: \(stderr.suffix(2_000))")
    }

    @Test func aCycleThroughAThousandComponentsIsReportedNotAStackOverflow() {
        onMainSizedStack { reportCycleOfAThousand() }
    }

    /// Calls back when released, as user code in a `deinit` may.
    final class Released: Sendable {
        let onRelease: @Sendable () -> Void
        init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    /// Where the test leaves the `Lazy` for the value's deinit to find.
    final class LazySlot: @unchecked Sendable {  // `lazy` is reached only under `lock`.
        private let lock = NSLock()
        private var lazy: Lazy<Released>?
        var value: Lazy<Released>? {
            get { lock.withLock { lazy } }
            set { lock.withLock { lazy = newValue } }
        }
    }

    @Test func aLazysDroppedValueIsReleasedAfterItsLockSoItsDeinitMayReadTheLazy() throws {
        let container = DIContainer()
        let slot = LazySlot()
        let (made, readInDeinit) = (Counter(), Counter())
        container.register { () -> Released in
            made.increment()
            return Released {
                // The first value's deinit reads the Lazy again; under its lock, that would deadlock.
                guard readInDeinit.count == 0, let lazy = slot.value else { return }
                readInDeinit.increment()
                _ = try? lazy.get()
            }
        }
        let value = try container.resolveOrThrow(Lazy<Released>.self)
        slot.value = value
        _ = try value.get()
        value.dropInstance()
        #expect(readInDeinit.count == 1)
        #expect(made.count == 2, "the deinit's read resolved a new value")
        slot.value = nil
    }

    private static func unused() {}
}

func reportCycleOfAThousand() {
    let container = DIContainer()
    registerChain(in: container, closed: true)
    do {
        _ = try container.resolveOrThrow(Link0.self)
        Issue.record("expected a cycle")
    } catch {
        guard case .cycle(let request, let cycle) = error.kind else {
            Issue.record("wrong kind: \(error.kind)")
            return
        }
        #expect(request.typeName == "Link0")
        #expect(cycle.count == 1_000)
        // A path of a thousand hops shows its ends and how many it left out.
        #expect(error.description.contains("  path: Link0 (prototype, "))
        #expect(error.description.contains(" -> ... 985 more ... -> "))
        #expect(error.description.contains(" -> ... 985 more ... -> Link993 (prototype, "))
    }
}

extension ReliabilityTests {

    final class Editor {
        let spelling: Speller
        init(spelling: Speller) { self.spelling = spelling }
    }
    final class Speller {
        init(editor: Editor) {}
    }

    @Test func aCycleThroughALazyReadDuringConstructionIsAnError() {
        let container = DIContainer()
        // The factory reads the Lazy while Editor is being built, and Speller needs an Editor.
        container.register { (speller: Lazy<Speller>) throws in Editor(spelling: try speller.get()) }
        container.register(Speller.init(editor:))
        #expect(throws: DIError.self) { try container.resolveOrThrow(Editor.self) }
        do {
            _ = try container.resolveOrThrow(Editor.self)
        } catch {
            #expect(error.code == "dependency-cycle")
            #expect(error.description.contains("Speller"))
        }
    }

    final class Machine {
        init(part: Part) {}
    }
    final class Part {
        init(machine: Machine) {}
    }

    @Test func aCycleThroughAProviderCalledDuringConstructionIsAnError() throws {
        let container = DIContainer()
        container.register { (parts: Provider<Part>) throws in Machine(part: try parts.get()) }
        container.register(Part.init(machine:))
        do {
            _ = try container.resolveOrThrow(Machine.self)
            Issue.record("expected a cycle")
        } catch {
            #expect(error.code == "dependency-cycle")
        }
    }

    @Test func aCachedComponentReadingItsOwnLazyDuringConstructionIsAnError() throws {
        final class Loop: Sendable {
            init(me: Lazy<Loop>) { _ = try? me.get() }
        }
        let container = DIContainer()
        container.register(Loop.init(me:)).lifetime(.perContainer(.strong))
        #expect(throws: Never.self) { _ = try container.resolveOrThrow(Loop.self) as Loop }
    }

    @Test func theTrappingResolvePrintsTheSameTextAsTheError() async throws {
        let expected = try #require(errorText { _ = try brokenForTraps().resolveOrThrow(TrapRoot.self) })
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = brokenForTraps().resolve(TrapRoot.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains(expected), "stderr: \(stderr)")
    }

    final class Holder {
        let d: D
        init(d: D) { self.d = d }
    }

    @Test func objectGraphInstancesAreReleasedAfterEachResolve() {
        let container = DIContainer()
        container.register(Holder.init(d:))
        container.register(D.init).lifetime(.objectGraph)
        weak var last: D?
        for _ in 0..<100_000 {
            let holder: Holder = container.resolve()
            last = holder.d
        }
        #expect(last == nil)
    }

    @Test func aGraphOfMoreInstancesThanItsStackBufferSharesAndReleasesTheLaterOnesToo() {
        // 70 pieces fill the resolve's buffer of shared instances (at most 64): the tail is kept past it, and the
        // tail's second reader must still find it there.
        final class Piece: Sendable {}
        final class Tail: Sendable {}
        final class TailReader: Sendable {
            let tail: Tail
            init(tail: Tail) { self.tail = tail }
        }
        final class Board: Sendable {
            let pieces: [Piece]
            let tail: Tail
            let reader: TailReader
            init(pieces: [Piece], tail: Tail, reader: TailReader) {
                (self.pieces, self.tail, self.reader) = (pieces, tail, reader)
            }
        }
        let container = DIContainer()
        for _ in 0..<70 { container.register { Piece() }.lifetime(.objectGraph) }
        container.register(Tail.init).lifetime(.objectGraph)
        container.register(TailReader.init(tail:))
        container.register(Board.init(pieces:tail:reader:))
        weak var firstTail: Tail?
        weak var aPiece: Piece?
        do {
            let board: Board = container.resolve()
            #expect(board.pieces.count == 70 && Set(board.pieces.map(ObjectIdentifier.init)).count == 70)
            #expect(board.reader.tail === board.tail, "the tail, shared past the buffer, is found again")
            let second: Board = container.resolve()
            #expect(second.tail !== board.tail, "each resolve is a graph of its own")
            firstTail = board.tail
            aPiece = board.pieces.last
        }
        #expect(firstTail == nil && aPiece == nil, "the resolve let go of every instance it shared")
    }

    @Test func aDroppedContainerReleasesItsPerContainerInstancesAndPlans() {
        weak var instance: D?
        weak var released: DIContainer?
        do {
            let container = DIContainer()
            container.register(D.init).lifetime(.perContainer(.strong))
            for _ in 0..<1_000 { instance = container.resolve() as D }
            released = container
        }
        #expect(instance == nil)
        #expect(released == nil)
    }

    final class HalfInjected {
        let deinits: Counter
        var missing = TrapMissing()
        init(deinits: Counter) { self.deinits = deinits }
        deinit { deinits.increment() }
    }

    @Test func cachedInstancesDroppedByFailedDeferredInjectionsAreReleasedWithTheirContainer() {
        let deinits = Counter()
        do {
            let container = DIContainer()
            // Property injection needs a `var`, so the class is not `Sendable`: shared on the test's promise.
            container.register { HalfInjected(deinits: deinits) }
                .lifetime(uncheckedSendable: .perContainer(.strong)).injection(cycle: true, \.missing)
            for _ in 0..<1_000 {
                #expect(throws: DIError.self) { try container.resolveOrThrow(HalfInjected.self) }
            }
        }
        // Each failed resolve dropped its half-injected instance; none may outlive the container.
        #expect(deinits.count == 1_000)
    }

    final class UsesProvider {
        let make: Provider<D>
        init(make: Provider<D>) { self.make = make }
    }

    @Test func lazyAndProviderDoNotKeepGraphsAlive() {
        weak var container: DIContainer?
        weak var made: D?
        do {
            let local = DIContainer()
            local.register(UsesProvider.init(make:))
            local.register(D.init)
            for _ in 0..<100_000 {
                let user: UsesProvider = local.resolve()
                made = user.make()
            }
            container = local
        }
        #expect(made == nil)
        #expect(container == nil)
    }
}

final class TrapRoot {
    init(missing: TrapMissing) {}
}
final class TrapMissing {}

/// One registration site for the parent and the child process, so both texts name the same line.
func brokenForTraps() -> DIContainer {
    let container = DIContainer()
    container.register(TrapRoot.init(missing:))
    return container
}

/// The description of the DIError `body` throws.
func errorText(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return (error as? DIError)?.description
    }
}
