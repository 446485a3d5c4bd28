import Testing
import Tether
import TetherTestSupport

// Modules are types; these are installed by the tests below. Their `register` counts its runs per test through
// `ModuleRuns`, since a module has no instance to carry a counter.
enum ModuleRuns {
    @TaskLocal static var network: Counter?
}

final class HTTPClient {}
final class ImageStore {
    init(http: HTTPClient) {}
}
final class FeedScreen {
    init(images: ImageStore, clock: ModuleClock) {}
}
final class ModuleClock {}
let networkModuleLine = #line + 6

enum NetworkModule: DIModule {
    static let defaultLifetime: DILifeTime? = .perContainer(.strong)
    static func register(in container: DIContainer) {
        ModuleRuns.network?.increment()
        container.register(HTTPClient.init)
    }
}

enum StorageModule: DIModule {
    static let imports: [any DIModule.Type] = [NetworkModule.self]
    static func register(in container: DIContainer) {
        container.register(ImageStore.init(http:))  // no default of its own: the importing module's, if any
    }
}

enum FeedModule: DIModule {
    static let imports: [any DIModule.Type] = [NetworkModule.self, StorageModule.self]
    static let defaultLifetime: DILifeTime? = .objectGraph
    static func register(in container: DIContainer) {
        container.register(FeedScreen.init(images:clock:)).lifetime(.prototype)
    }
}

@Suite("Modules: installed once, imports first, with their path and default lifetime")
struct ModuleTests {
    @Test func aModuleIsInstalledOnceWithItsImportsFirst() {
        let runs = Counter()
        ModuleRuns.$network.withValue(runs) {
            let container = DIContainer()
            container.install(FeedModule.self)
            container.install(FeedModule.self)
            container.install(NetworkModule.self)
            #expect(runs.count == 1, "imported twice and installed twice, installed once")
            #expect(
                container.registrySnapshot().components.map(\.typeName) == ["HTTPClient", "ImageStore", "FeedScreen"])
            let child = DIContainer(parent: container)
            child.install(StorageModule.self)
            #expect(child.registrySnapshot().components.count == 3, "the parent has it: not installed again")
        }
    }

    @Test func everyRegistrationCarriesItsModulePathAndDefaultLifetime() throws {
        let container = DIContainer()
        container.install(FeedModule.self)
        let components = container.registrySnapshot().components
        #expect(
            components.map(\.info.modulePath) == [
                ["FeedModule", "NetworkModule"], ["FeedModule", "StorageModule"], ["FeedModule"],
            ])
        #expect(
            components[0].info.site == "FeedModule > NetworkModule > TetherTests/ModuleTests.swift:\(networkModuleLine)"
        )
        // Network's own default; Storage sets none and takes Feed's; Feed's registration sets its own.
        #expect(components.map(\.lifetime) == [.perContainer(.strong), .objectGraph, .prototype])
    }

    @Test func anErrorNamesTheModulePathOfEveryStep() throws {
        let container = DIContainer()
        container.install(FeedModule.self)
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(FeedScreen.self) }
        // HTTPClient's perContainer comes from NetworkModule's default, which proves nothing about sharing it.
        #expect(error.code == "shared-not-sendable")
        #expect(error.path.map(\.component.modulePath) == [["FeedModule"], ["FeedModule", "StorageModule"]])
        #expect(
            error.details == [
                "registered at: FeedModule > NetworkModule > TetherTests/ModuleTests.swift:\(networkModuleLine)"
            ])
        #expect(error.description.contains("path: FeedScreen (prototype, FeedModule > TetherTests/ModuleTests.swift:"))
    }

    @Test func aProcessWideInstanceIsSharedHoweverItsModuleWasReached() throws {
        let viaFeed = DIContainer()
        viaFeed.install(FeedModule.self)
        let direct = DIContainer()
        direct.install(NetworkModule.self)
        #expect(viaFeed.registrySnapshot().components[0].info == direct.registrySnapshot().components[0].info)
        #expect(
            viaFeed.registrySnapshot().components[0].info.modulePath
                != direct.registrySnapshot().components[0].info.modulePath)
    }
}
