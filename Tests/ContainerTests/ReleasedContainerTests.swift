import Testing
import Tether

@Suite("A container its own instances use is released with them")
struct ReleasedContainerTests {
    final class Leaf {}
    final class ProviderHolder {
        let makeLeaf: Provider<Leaf>
        init(makeLeaf: Provider<Leaf>) { self.makeLeaf = makeLeaf }
    }
    final class LazyHolder {
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
