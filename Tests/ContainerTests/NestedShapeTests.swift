import Testing
import Tether
import TetherTestSupport

@Suite("Nested shapes: [Lazy<P>], [Provider<P>], [P?], Lazy<P>?, Provider<P>?, Lazy<[P]>, Provider<[P]>, Lazy<P?>")
struct NestedShapeTests {
    protocol Plugin: AnyObject { var name: String { get } }
    final class Spelling: Plugin { let name = "spelling" }
    final class Grammar: Plugin { let name = "grammar" }

    /// Two prototype plugins, counting what they build.
    func plugins(_ built: Counter) -> DIContainer {
        let container = DIContainer()
        container.register { () -> Spelling in
            built.increment()
            return Spelling()
        }.as((any Plugin).self)
        container.register { () -> Grammar in
            built.increment()
            return Grammar()
        }.as((any Plugin).self)
        return container
    }

    @Test func aListOfAccessorsHoldsOneAccessorPerProviderAndBuildsNothingYet() throws {
        let built = Counter()
        let container = plugins(built)
        let lazies = try container.resolveOrThrow([Lazy<any Plugin>].self)
        let providers = try container.resolveOrThrow([Provider<any Plugin>].self)
        #expect(lazies.count == 2)
        #expect(providers.count == 2)
        #expect(built.count == 0)
        #expect(try lazies.map { try $0.get().name } == ["spelling", "grammar"])
        #expect(try lazies[0].get() === lazies[0].get())
        #expect(try providers[1].get() !== providers[1].get())
        #expect(built.count == 4)
        let optionals = try container.resolveOrThrow([(any Plugin)?].self)
        #expect(optionals.map { $0?.name } == ["spelling", "grammar"])
    }

    @Test func anOptionalAccessorIsNilOnlyWhenNothingProvidesItsType() throws {
        let built = Counter()
        let container = DIContainer()
        #expect(try container.resolveOrThrow(Lazy<Spelling>?.self) == nil)
        #expect(try container.resolveOrThrow(Provider<Spelling>?.self) == nil)
        container.register { () -> Spelling in
            built.increment()
            return Spelling()
        }
        let lazy = try #require(try container.resolveOrThrow(Lazy<Spelling>?.self))
        let provider = try #require(try container.resolveOrThrow(Provider<Spelling>?.self))
        #expect(built.count == 0)
        #expect(try lazy.get().name == "spelling")
        #expect(try provider.get() !== provider.get())
        #expect(built.count == 3)
    }

    final class Editor {
        let plugins: Lazy<[any Plugin]>
        let fresh: Provider<[any Plugin]>
        let thesaurus: Lazy<Spelling?>
        init(plugins: Lazy<[any Plugin]>, fresh: Provider<[any Plugin]>, thesaurus: Lazy<Spelling?>) {
            (self.plugins, self.fresh, self.thesaurus) = (plugins, fresh, thesaurus)
        }
    }

    @Test func anAccessorOfAListOrOptionalResolvesItWhenRead() throws {
        let built = Counter()
        let container = plugins(built)
        container.register(Editor.init(plugins:fresh:thesaurus:))
        let editor = try container.resolveOrThrow(Editor.self)
        #expect(built.count == 0)
        #expect(try editor.plugins.get().map(\.name) == ["spelling", "grammar"])
        #expect(try editor.plugins.get()[0] === editor.plugins.get()[0])
        #expect(built.count == 2)
        #expect(try editor.fresh.get()[1] !== editor.fresh.get()[1])
        #expect(built.count == 6)
        #expect(try editor.thesaurus.get()?.name == "spelling")

        let empty = DIContainer()
        empty.register(Editor.init(plugins:fresh:thesaurus:))
        let bare = try empty.resolveOrThrow(Editor.self)
        #expect(try bare.plugins.get().isEmpty)
        #expect(try bare.thesaurus.get() == nil)
    }

    final class Toolbox: Sendable {
        let plugins: Lazy<[any Plugin]>
        init(plugins: Lazy<[any Plugin]>) { self.plugins = plugins }
    }

    @Test func anAccessorOfAListInAParentsSingleResolvesFromTheParent() throws {
        let parent = DIContainer()
        parent.register(Spelling.init).as((any Plugin).self)
        parent.register(Toolbox.init(plugins:)).lifetime(.single)
        parent.dropProcessWideInstances()
        weak var released: DIContainer?
        do {
            let screen = DIContainer(parent: parent)
            screen.register(Grammar.init).as((any Plugin).self)
            let toolbox = try screen.resolveOrThrow(Toolbox.self)
            #expect(
                try toolbox.plugins.get().map(\.name) == ["spelling"], "the parent's plugins, as the parent builds it")
            released = screen
        }
        #expect(released == nil, "the parent's single does not keep the child that first resolved it")
        parent.dropProcessWideInstances()
    }

    @Test func theSnapshotDescribesBothLayers() {
        let container = DIContainer()
        container.register(Editor.init(plugins:fresh:thesaurus:))
        container.register { (_: [Lazy<any Plugin>], _: Provider<Spelling>?) in Grammar() }
        let described = container.registrySnapshot().components.flatMap { $0.dependencies.map(\.description) }
        #expect(
            described == [
                "Lazy<[Plugin]>", "Provider<[Plugin]>", "Lazy<Spelling?>", "[Lazy<Plugin>]", "Provider<Spelling>?",
            ])
        let dependencies = container.registrySnapshot().components.flatMap(\.dependencies)
        #expect(dependencies.filter(\.isDeferred).count == 5)
        #expect(dependencies.filter(\.acceptsAbsence).count == 5)
    }
}
