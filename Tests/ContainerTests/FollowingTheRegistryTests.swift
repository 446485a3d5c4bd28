import Testing
import Tether

@Suite("Lazy and Provider follow the registry")
struct FollowingTheRegistryTests {
    protocol Store: AnyObject, Sendable { var name: String { get } }
    final class LiveStore: Store { let name = "live" }
    final class StubStore: Store { let name = "stub" }
    final class Screen: Sendable {
        let makeStore: Provider<any Store>
        let store: Lazy<any Store>
        init(makeStore: Provider<any Store>, store: Lazy<any Store>) {
            self.makeStore = makeStore
            self.store = store
        }
    }
    final class Dashboard: Sendable {
        let stores: [Provider<any Store>]
        init(stores: [Provider<any Store>]) { self.stores = stores }
    }

    @Test func aProviderAndAnUnreadLazyMadeBeforeAReplacementBuildTheReplacement() throws {
        let container = DIContainer()
        container.register(LiveStore.init).as((any Store).self)
        container.register(Screen.init)
        let screen = try container.resolveOrThrow(Screen.self)
        #expect(try screen.makeStore.get().name == "live")
        container.register(StubStore.init).replacing().as((any Store).self)
        #expect(try screen.makeStore.get().name == "stub")
        #expect(try screen.store.get().name == "stub")
    }

    @Test func afterUnregisterTheyThrowNotRegistered() throws {
        let container = DIContainer()
        container.register(LiveStore.init).as((any Store).self)
        let screenLine = #line + 1
        container.register(Screen.init)
        let screen = try container.resolveOrThrow(Screen.self)
        container.unregister((any Store).self)
        let provided = #expect(throws: DIError.self) { try screen.makeStore.get() }
        #expect(provided?.code == "not-registered")
        #expect(provided?.failedRequest == "Store")
        #expect(provided?.path.map(\.component.line) == [screenLine], "names the registration that made the provider")
        #expect(provided?.description.contains("path: Screen (prototype") == true)
        let lazy = #expect(throws: DIError.self) { try screen.store.get() }
        #expect(lazy?.code == "not-registered")
    }

    @Test func aTopLevelProviderFollowsTheRegistryToo() throws {
        let container = DIContainer()
        container.register(LiveStore.init).as((any Store).self)
        let makeStore = try container.resolveOrThrow(Provider<any Store>.self)
        container.register(StubStore.init).replacing().as((any Store).self)
        #expect(try makeStore.get().name == "stub")
    }

    @Test func aProviderInAListBuildsItsOwnRegistrationUntilItIsRemoved() throws {
        let container = DIContainer()
        container.register(LiveStore.init).as((any Store).self, name: "live")
        container.register(StubStore.init).as((any Store).self, name: "stub")
        container.register(Dashboard.init)
        let dashboard = try container.resolveOrThrow(Dashboard.self)
        #expect(try dashboard.stores.map { try $0.get().name } == ["live", "stub"])
        container.unregister((any Store).self, name: "live")
        #expect(throws: DIError.self) { try dashboard.stores[0].get() }
        #expect(try dashboard.stores[1].get().name == "stub", "a change elsewhere leaves it as it was")
    }

    @Test func aChildsProviderSeesItsParentsReplacement() throws {
        let parent = DIContainer()
        parent.register(LiveStore.init).as((any Store).self)
        let child = DIContainer(parent: parent)
        child.register(Screen.init)
        let screen = try child.resolveOrThrow(Screen.self)
        #expect(try screen.makeStore.get().name == "live")
        parent.register(StubStore.init).replacing().as((any Store).self)
        #expect(try screen.makeStore.get().name == "stub")
    }

    @Test func aProviderKeepsBuildingWhatItBuiltWhenNothingItAsksForChanged() throws {
        let container = DIContainer()
        container.register(LiveStore.init).as((any Store).self).lifetime(.perContainer(.strong))
        container.register(Screen.init)
        let screen = try container.resolveOrThrow(Screen.self)
        let first = try screen.makeStore.get()
        container.register(StubStore.init)  // Another type: the store is the same registration.
        #expect(try screen.makeStore.get() === first)
    }

    @Test func providersAndChildrenResolvingWhileAnotherThreadReplacesAlwaysGetAWholeInstance() throws {
        let parent = DIContainer()
        parent.register(LiveStore.init).as((any Store).self)
        let child = DIContainer(parent: parent)
        child.register(Screen.init)
        let screen = try child.resolveOrThrow(Screen.self)
        let stub = Guarded(true)
        let damaged = Guarded(0)
        let wrong = readWhileChanging { () throws(DIError) in
            let name = try screen.makeStore.get().name
            if name != "live" && name != "stub" { damaged.withLock { $0 += 1 } }
            _ = try child.resolveOrThrow(Screen.self).makeStore.get()
        } change: {
            let useStub = stub.withLock {
                $0.toggle()
                return !$0
            }
            parent.update { parent in
                if useStub {
                    parent.register(StubStore.init).replacing().as((any Store).self)
                } else {
                    parent.register(LiveStore.init).replacing().as((any Store).self)
                }
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(1))")
        #expect(damaged.withLock { $0 } == 0)
    }
}
