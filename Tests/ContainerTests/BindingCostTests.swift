import Testing
import TetherTestSupport

@testable import Tether

/// A first resolve binds what it has not bound before, and no more: the cost of binding a component does not grow
/// with the graph already bound below it.
@Suite("Binding costs what it binds")
struct BindingCostTests {
    final class Link: Sendable {
        let previous: Link?
        init(previous: Link?) { self.previous = previous }
    }

    /// Links 0..<count, each `perContainer` and named "link i", each taking the one before by name.
    private func chain(_ count: Int) -> DIContainer {
        let container = DIContainer()
        container.register { Link(previous: nil) }.lifetime(.perContainer(.strong)).as(Link.self, name: "link 0")
        for index in 1..<count {
            container.register { (previous: Link) in Link(previous: previous) }
                .parameter(at: 0, name: "link \(index - 1)")
                .lifetime(.perContainer(.strong)).as(Link.self, name: "link \(index)")
        }
        return container
    }

    @Test func resolvingAChainLinkByLinkFromItsFarEndLooksAtEachBoundLinkOnce() throws {
        let container = chain(2_000)
        var largestWalk = 0
        var previous: Link?
        for index in 0..<2_000 {
            let link = try container.resolveOrThrow(Link.self, name: "link \(index)")
            #expect(link.previous === previous)
            previous = link
            largestWalk = max(largestWalk, container.plan.locked { container.plan.lastWalk })
        }
        // The new link and the one below it, which stands in for everything below it; before, the last walk
        // looked at all 2,000.
        #expect(largestWalk == 2)
    }

    @Test func aChainBoundAtOnceIsWalkedOnce() throws {
        // 100 deep: one resolve builds the whole chain, nested, on a test thread's stack (under the address
        // sanitizer's larger frames too).
        let container = chain(100)
        let head = try container.resolveOrThrow(Link.self, name: "link 99")
        #expect(container.plan.locked { container.plan.lastWalk } == 100)
        var depth = 1
        var link = head
        while let next = link.previous {
            link = next
            depth += 1
        }
        #expect(depth == 100)
    }

    final class Head {
        let body: Body
        init(body: Body) { self.body = body }
    }
    final class Body {
        let tail: Tail
        init(tail: Tail) { self.tail = tail }
    }
    final class Tail {
        let back: Head?
        init(back: Head?) { self.back = back }
    }

    @Test func aCycleClosedThroughABindingDroppedBelowAComponentBoundBeforeIsStillFound() throws {
        // Head -> Body -> Tail, bound together; Tail asks for `Head?`, which nothing provides yet.
        let container = DIContainer()
        container.register(Body.init(tail:))
        container.register(Tail.init(back:))
        #expect(try container.resolveOrThrow(Body.self).tail.back == nil)
        // Registering Head drops Tail's binding (it asked about Head) and nothing else: Body stays bound, with Tail
        // below it unbound. Resolving Head binds Head and walks down through Body, which is bound but no longer
        // has everything below it bound, to Tail, which closes the cycle.
        container.register(Head.init(body:))
        #expect(throws: DIError.self) { try container.resolveOrThrow(Head.self) }
        do throws(DIError) {
            _ = try container.resolveOrThrow(Head.self)
        } catch {
            #expect(error.code == "dependency-cycle")
            #expect(error.path.prefix(4).map { "\($0.component.type)" } == ["Head", "Body", "Tail", "Head"])
        }
    }

    final class Other: Sendable {}

    /// A late registration under a new name, resolved at once, one after another: each used to drop the entry of
    /// the name before it.
    @Test func aNamedEntryOutlivesARegistrationOfItsTypeUnderAnotherNameAndNotOneUnderItsOwn() throws {
        let container = DIContainer()
        let key = NamedKey(type: ObjectIdentifier(Link.self), name: "a")
        func entry() -> RootEntry? { container.plan.locked { container.plan.named[key] } }
        container.register { Link(previous: nil) }.as(Link.self, name: "a")
        let first = try container.resolveOrThrow(Link.self, name: "a")
        let made = try #require(entry())
        container.register { Link(previous: first) }.as(Link.self, name: "b")
        #expect(try container.resolveOrThrow(Link.self, name: "b").previous === first)
        #expect(entry() === made, "b's registration leaves a's entry")
        #expect(try container.resolveOrThrow(Link.self, name: "a").previous == nil)

        let replacement = Link(previous: first)
        container.register { replacement }.as(Link.self, name: "a").replacing()
        #expect(try container.resolveOrThrow(Link.self, name: "a") === replacement, "a's own registration replaced")
        #expect(entry() !== made)
        container.register { Link(previous: nil) }.as(Link.self, name: "a")
        #expect(throws: DIError.self, "two registrations of a: the entry says so, not the one before") {
            try container.resolveOrThrow(Link.self, name: "a")
        }
    }

    @Test func aChildsNamedEntryOfItsParentsRegistrationGoesWhenTheChildRegistersTheName() throws {
        let parent = DIContainer()
        parent.register { Link(previous: nil) }.as(Link.self, name: "a")
        let child = DIContainer(parent: parent)
        let fromParent = try child.resolveOrThrow(Link.self, name: "a")
        parent.register { Link(previous: fromParent) }.as(Link.self, name: "b")
        #expect(try child.resolveOrThrow(Link.self, name: "a").previous == nil, "the parent's, still")
        let own = Link(previous: fromParent)
        child.register { own }.as(Link.self, name: "a")
        #expect(try child.resolveOrThrow(Link.self, name: "a") === own, "the child's own registration overrides")
        #expect(child.unregister(Link.self, name: "a") == 1)
        #expect(try child.resolveOrThrow(Link.self, name: "a").previous == nil, "the parent's again")
        #expect(parent.unregister(Link.self, name: "a") == 1)
        #expect(throws: DIError.self, "gone from the parent: the child's entry goes with it") {
            try child.resolveOrThrow(Link.self, name: "a")
        }
        #expect(try child.resolveOrThrow(Link.self, name: "b").previous === fromParent)
    }

    @Test func aChildKeepsWhatItBoundWhenItsParentChangesAnotherType() throws {
        let parent = DIContainer()
        parent.register { Link(previous: nil) }
        let child = DIContainer(parent: parent)
        _ = try child.resolveOrThrow(Link.self)
        let bound = child.plan.locked { child.plan.components.values.map(ObjectIdentifier.init) }
        parent.register(Other.init)
        _ = try child.resolveOrThrow(Link.self)
        // The parent logged the change for its child, which drops only what asked about `Other`; a parent that
        // had let the change go would have made the child drop all it bound.
        #expect(child.plan.locked { child.plan.components.values.map(ObjectIdentifier.init) } == bound)
        #expect(bound.count == 1)
    }
}
