import Testing
import Tether

/// The examples of Docs/*/Architecture.md.
@Suite("Docs: Architecture")
struct ArchitectureSnippets {
    final class Feed {}
    final class Store: Sendable {}
    final class Home {
        init(feed: Lazy<Feed>, store: Store?) {}
    }

    @Test func registrationRecordsTypedDependenciesWithoutRunningAFactory() {
        // snippet: architecture-snapshot
        let container = DIContainer()
        container.register { (feed: Lazy<Feed>, store: Store?) -> Home in
            fatalError("never called: registering and taking a snapshot run no user code")
        }.lifetime(.objectGraph)

        let home = container.registrySnapshot().components[0]
        #expect(home.typeName == "Home")
        #expect(home.lifetime == .objectGraph)
        #expect(home.dependencies.map(\.description) == ["Lazy<Feed>", "Store?"])
        #expect(home.dependencies.map(\.kind) == [.lazy, .optional])
        #expect(home.dependencies[0].isDeferred)  // a cycle through it can end
        // end-snippet
    }
}
