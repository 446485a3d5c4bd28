import Dispatch
import Testing
import Tether
import TetherTestSupport

/// What a `decorate` hook was handed, in order.
final class HandOuts: Sendable {
    let seen = Guarded<[(instance: Any, type: String)]>([])

    func record(_ instance: Any, _ request: DIRequest) {
        seen.withLock { $0.append((instance, request.typeName)) }
    }

    var types: [String] { seen.withLock { $0.map(\.type) } }
    var instances: [Any] { seen.withLock { $0.map(\.instance) } }
}

@Suite("decorate: a hook sees every instance a request hands out")
struct DecorateTests {
    @Test func aHookSeesEachTopLevelHandOutButNotTheDependenciesBuiltForIt() throws {
        let container = DIContainer()
        registerSeedGraph(in: container, dLifetime: .prototype)
        let handOuts = HandOuts()
        container.decorate(handOuts.record)
        let first = try container.resolveOrThrow(A.self)
        let second = try container.resolveOrThrow(A.self)
        #expect(handOuts.types == ["A", "A"])
        #expect(handOuts.instances[0] as? A === first && handOuts.instances[1] as? A === second && first !== second)
    }

    @Test func aCachedInstanceIsSeenOnEveryHandOutAndStaysTheOneInstance() throws {
        let container = DIContainer()
        container.register(D.init).lifetime(.perContainer(.strong))
        let handOuts = HandOuts()
        container.decorate(handOuts.record)
        let first: D = container.resolve()
        let second: D = container.resolve()
        #expect(first === second)
        #expect(handOuts.instances.count == 2 && handOuts.instances.allSatisfy { $0 as? D === first })
    }

    @Test func valuesNamedRequestsAndShapesAreSeenAsTheCallerGetsThem() throws {
        let container = DIContainer()
        container.register { 42 }
        container.register { Cat(name: "tom") }.as((any Animal).self, name: "tom")
        let handOuts = HandOuts()
        container.decorate(handOuts.record)
        _ = try container.resolveOrThrow(Int.self)
        _ = try container.resolveOrThrow((any Animal).self, name: "tom")
        _ = try container.resolveOrThrow([any Animal].self)
        #expect(handOuts.types == ["Int", "Animal", "Array<Animal>"])
        #expect(handOuts.instances.first as? Int == 42)
        #expect((handOuts.instances[1] as? any Animal)?.name == "tom")
    }

    @Test func aProviderHandsOutOnEveryGetALazyOnItsFirst() throws {
        let container = DIContainer()
        container.register(E.init)
        let provider = try container.resolveOrThrow(Provider<E>.self)
        let lazy = try container.resolveOrThrow(Lazy<E>.self)
        let handOuts = HandOuts()
        container.decorate(handOuts.record)
        _ = try provider.get()
        _ = try provider.get()
        _ = try lazy.get()
        _ = try lazy.get()
        #expect(handOuts.types == ["E", "E", "E"])
    }

    @Test func aNamedProvidersHandOutsCarryItsName() throws {
        let container = DIContainer()
        container.register { Cat(name: "tom") }.as(Cat.self, name: "tom")
        final class Owner {
            let cat: Provider<Cat>
            init(cat: Provider<Cat>) { self.cat = cat }
        }
        container.register(Owner.init(cat:)).parameter(at: 0, name: "tom")
        let owner = try container.resolveOrThrow(Owner.self)
        let names = Guarded<[String?]>([])
        container.decorate { _, request in names.withLock { $0.append(request.name) } }
        _ = try owner.cat.get()
        #expect(names.withLock { $0 } == ["tom"])
    }

    @Test func aChildsResolvesReachItsParentsHooks() throws {
        let parent = DIContainer()
        parent.register(E.init)
        let handOuts = HandOuts()
        parent.decorate(handOuts.record)
        let child = DIContainer(parent: parent)
        let childHandOuts = HandOuts()
        child.decorate(childHandOuts.record)
        _ = try child.resolveOrThrow(E.self)
        _ = try parent.resolveOrThrow(E.self)
        #expect(handOuts.types == ["E", "E"] && childHandOuts.types == ["E"])
    }

    @Test func aHookThatResolvesIsNotCalledForItsOwnResolves() throws {
        let container = DIContainer()
        container.register(E.init)
        container.register(D.init)
        let handOuts = HandOuts()
        // Weakly: the container keeps its hooks.
        container.decorate { [weak container] instance, request in
            handOuts.record(instance, request)
            // A hook that resolves on every hand-out would otherwise never return.
            _ = try? container?.resolveOrThrow(D.self)
        }
        _ = try container.resolveOrThrow(E.self)
        _ = try container.resolveOrThrow(E.self)
        #expect(handOuts.types == ["E", "E"])
    }

    @Test func aHookRunsWithNoLockHeldAndMayRegisterAndResolveFromAnotherThread() throws {
        let container = DIContainer()
        container.register(E.init).lifetime(.single)
        let handOuts = HandOuts()
        let first = Guarded(true)
        container.decorate { [weak container] instance, request in
            guard let container else { return }
            handOuts.record(instance, request)
            // Only the first: the other thread's hand-out calls this hook too, on that thread.
            let isFirst = first.withLock { (value: inout Bool) -> Bool in
                defer { value = false }
                return value
            }
            guard isFirst else { return }
            // Both need locks the resolve took: held now, they would deadlock.
            container.register(Z.init)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = try? container.resolveOrThrow(E.self)
                done.signal()
            }
            done.wait()
        }
        _ = try container.resolveOrThrow(E.self)
        #expect(handOuts.types == ["E", "E"])
        #expect((try? container.resolveOrThrow(Z.self)) != nil)
    }

    @Test func aFailedResolveCallsNoHook() {
        let container = DIContainer()
        let handOuts = HandOuts()
        container.decorate(handOuts.record)
        #expect(throws: DIError.self) { try container.resolveOrThrow(E.self) }
        #expect(handOuts.types.isEmpty)
    }

    @Test func anAsyncResolveIsSeen() async throws {
        let container = DIContainer()
        container.register { () async in E() }
        let handOuts = HandOuts()
        container.decorate(handOuts.record)
        let made = try await container.resolveAsync(E.self)
        #expect(handOuts.types == ["E"] && handOuts.instances.first as? E === made)
    }
}
