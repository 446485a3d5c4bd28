import Testing
import Tether

@Suite("A container its own instances use is released with them")
struct ReleasedContainerTests {
    final class Leaf {}
    final class ProviderHolder: Sendable {
        let makeLeaf: Provider<Leaf>
        init(makeLeaf: Provider<Leaf>) { self.makeLeaf = makeLeaf }
    }
    final class LazyHolder: Sendable {
        let leaf: Lazy<Leaf>
        init(leaf: Lazy<Leaf>) { self.leaf = leaf }
    }

    @Test(arguments: [false, true])
    func aKeptInstanceHoldingAProviderOfItsContainerDoesNotKeepIt(inChild: Bool) {
        weak var container: DIContainer?
        weak var holder: ProviderHolder?
        do {
            let root = DIContainer()
            root.register(Leaf.init)
            let made = inChild ? DIContainer(parent: root) : root
            made.register(ProviderHolder.init(makeLeaf:)).lifetime(.perContainer(.strong))
            let resolved = made.resolve(ProviderHolder.self)
            #expect(resolved.makeLeaf() !== resolved.makeLeaf(), "the provider works while the container lives")
            (container, holder) = (made, resolved)
        }
        #expect(container == nil, "the container went with the last outside reference")
        #expect(holder == nil, "and so did the instance it kept")
    }

    @Test(arguments: [false, true])
    func aKeptInstanceHoldingALazyOfItsContainerDoesNotKeepIt(readFirst: Bool) {
        weak var container: DIContainer?
        weak var holder: LazyHolder?
        do {
            let made = DIContainer()
            made.register(Leaf.init)
            made.register(LazyHolder.init(leaf:)).lifetime(.perContainer(.strong))
            let resolved = made.resolve(LazyHolder.self)
            if readFirst { _ = resolved.leaf.value }
            (container, holder) = (made, resolved)
        }
        #expect(container == nil)
        #expect(holder == nil)
    }

    final class NestedHolder: Sendable {
        let all: [Provider<Leaf>]
        let maybe: Lazy<Leaf>?
        let list: Provider<[Leaf]>
        init(all: [Provider<Leaf>], maybe: Lazy<Leaf>?, list: Provider<[Leaf]>) {
            (self.all, self.maybe, self.list) = (all, maybe, list)
        }
    }

    @Test func accessorsInsideAListOrAnOptionalDoNotKeepTheirContainerEither() throws {
        weak var container: DIContainer?
        weak var holder: NestedHolder?
        do {
            let made = DIContainer()
            made.register(Leaf.init)
            made.register(NestedHolder.init(all:maybe:list:)).lifetime(.perContainer(.strong))
            let resolved = try made.resolveOrThrow(NestedHolder.self)
            #expect(try resolved.all.count == 1 && resolved.list.get().count == 1 && resolved.maybe?.get() != nil)
            (container, holder) = (made, resolved)
        }
        #expect(container == nil)
        #expect(holder == nil)
    }

    @Test func accessorsInAListAskedForAtTopLevelKeepTheirContainer() throws {
        var made: DIContainer? = DIContainer()
        made!.register(Leaf.init)
        let lazies = try made!.resolveOrThrow([Lazy<Leaf>].self)
        let maybe = try made!.resolveOrThrow(Provider<Leaf>?.self)
        made = nil
        #expect(try lazies.count == 1 && lazies[0].get() !== (try maybe?.get()))
    }

    final class Logger {}
    final class Screen {
        let next: Provider<Logger>?
        init(id: DIArgument<Int>, next: Provider<Logger>?) { self.next = next }
    }

    @Test func anOptionalAccessorOfADependencyTakesNoneOfTheRequestsArguments() throws {
        let container = DIContainer()
        container.register(Logger.init)
        container.register(Screen.init(id:next:))
        let screen = try container.resolveOrThrow(Screen.self, arguments: 7)
        #expect(try screen.next?.get() != nil, "the Provider of Logger passes nothing, not the screen's 7")
    }

    @Test func anAccessorUsedAfterItsContainerWentSaysSoAndWhereItWasMade() throws {
        var made: DIContainer? = DIContainer()
        let line = #line + 1
        made!.register(ProviderHolder.init(makeLeaf:))
        made!.register(Leaf.init)
        let holder = try made!.resolveOrThrow(ProviderHolder.self)
        made = nil
        let error = #expect(throws: DIError.self) { try holder.makeLeaf.get() }
        #expect(error?.code == "container-released")
        #expect(error?.message == "the container that made this `Provider<Leaf>` is gone")
        #expect(error?.details == ["made for: ProviderHolder at TetherTests/ReleasedContainerTests.swift:\(line)"])
    }

    @Test func anAccessorAskedForAtTopLevelKeepsItsContainer() throws {
        var made: DIContainer? = DIContainer()
        made!.register(Leaf.init)
        let makeLeaf = try made!.resolveOrThrow(Provider<Leaf>.self)
        let lazy = try made!.resolveOrThrow(Lazy<Leaf>.self)
        weak let container = made
        made = nil
        #expect(container != nil, "the caller asked for the accessors, which keep their container")
        #expect(try makeLeaf.get() !== (try lazy.get()))
    }
}
