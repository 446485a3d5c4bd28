import Foundation
import Testing
import TetherTestSupport

@testable import Tether

@Suite("Memory follows what is registered now")
struct ReclamationTests {
    final class Leaf: Sendable {}
    final class Other: Sendable {}
    final class Cycled: Sendable {
        let leaf: Leaf
        let other: Other
        init(leaf: Leaf, other: Other) { (self.leaf, self.other) = (leaf, other) }
    }

    /// Waits (up to ten seconds) for resolves that other tests run meanwhile to end, so that what they may still
    /// read is released; `true` once `released()` holds. It awaits between looks rather than sleeping: a resolve
    /// pinned in another test may need a cooperative thread to end.
    private func eventually(_ released: () -> Bool) async -> Bool {
        for _ in 0..<10_000 {
            Reclamation.collect()
            if released() { return true }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return released()
    }

    @Test func tenThousandRegisterResolveUnregisterCyclesLeaveTheContainerAsItWas() async throws {
        let container = DIContainer()
        container.register(Leaf.init).lifetime(.perContainer(.strong))
        container.register(Other.init)
        weak var firstComponent: BoundComponent?
        for cycle in 0..<10_000 {
            let id = container.register(Cycled.init(leaf:other:)).id
            _ = try container.resolveOrThrow(Cycled.self)
            if cycle == 0 { firstComponent = container.plan.locked { container.plan.components[id] } }
            #expect(container.unregister(Cycled.self) == 1)
        }
        #expect(container.registrySnapshot().components.map(\.typeName) == ["Leaf", "Other"])
        let plan = container.plan
        let (components, dependents, entries) = plan.locked {
            (plan.components.count, plan.dependents.values.map(\.count).reduce(0, +), plan.named.count)
        }
        #expect(components <= 2, "the removed registrations' components are gone")
        #expect(dependents <= 2)
        #expect(entries == 0)
        // The first two registrations are published together, by the first resolve.
        #expect(container.changeCount == 20_002)
        #expect(await eventually { firstComponent == nil }, "a removed registration's component is released")
    }

    @Test func aRemovedRegistrationsComponentAndBindingAreReleasedOnceNoResolveReadsThem() async throws {
        let container = DIContainer()
        container.register(Leaf.init)
        let id = container.register(Cycled.init(leaf:other:)).id
        container.register(Other.init)
        _ = try container.resolveOrThrow(Cycled.self)
        weak let component = container.plan.locked { container.plan.components[id] }
        #expect(component != nil)
        // Pinned as a resolve is: what it may read stays until it ends.
        Reclamation.pinned {
            container.unregister(Cycled.self)
            Reclamation.collect()
            #expect(component != nil, "kept while a resolve that may read it runs")
        }
        #expect(await eventually { component == nil })
    }

    @Test func aRequestShapesEntryLetsGoOfTheComponentsItBuildsWhenTheirRegistrationGoes() async throws {
        let container = DIContainer()
        let id = container.register(Leaf.init).id
        // A list request's entry owns the components it builds; so does an entry of the type itself.
        #expect(try container.resolveOrThrow([Leaf].self).count == 1)
        #expect(try container.resolveOrThrow(Leaf?.self) != nil)
        weak let component = container.plan.locked { container.plan.components[id] }
        #expect(component != nil)
        #expect(container.unregister(Leaf.self) == 1)
        #expect(try container.resolveOrThrow([Leaf].self).isEmpty)
        #expect(await eventually { component == nil }, "the entries that built it went with its registration")
    }

    @Test func aComponentIsItsOwnProvisionAndAnAliasesProvisionGoesWithTheBindingThatOwnsIt() async throws {
        final class Holder: Sendable {
            let held: any Sendable
            init(held: any Sendable) { self.held = held }
        }
        let container = DIContainer()
        let leafID = container.register(Leaf.init).as((any Sendable).self).id
        let id = container.register(Holder.init(held:)).id
        #expect(try container.resolveOrThrow(Holder.self).held is Leaf)
        weak let component = container.plan.locked { container.plan.components[leafID] }
        #expect(component.map { $0.provision === $0 } == true, "a component provides its own type itself")
        // The alias's provision was made for the `any Sendable` slot, and only that slot owns it: a provision the component
        // kept would point back at it, and neither would go.
        weak let alias = container.plan.locked {
            container.plan.components[id]?.currentBinding.object?.slots[0].provision
        }
        #expect(alias is AliasProvision)
        #expect(container.unregister(Leaf.self) == 1)
        #expect(throws: DIError.self) { try container.resolveOrThrow(Holder.self) }
        #expect(await eventually { component == nil && alias == nil }, "the component and its alias's provision")
    }

    @Test func aBindingsSlotsReleaseTheProvisionsTheyOwnWhenTheBindingGoes() async throws {
        final class AllLeaves: Sendable {
            let leaves: [Leaf]
            init(leaves: [Leaf]) { self.leaves = leaves }
        }
        let container = DIContainer()
        container.register(Leaf.init)
        let id = container.register(AllLeaves.init(leaves:)).id
        #expect(try container.resolveOrThrow(AllLeaves.self).leaves.count == 1)
        // The `[Leaf]` slot's provision was made for the binding, and only its slot owns it.
        weak let provision = container.plan.locked {
            container.plan.components[id]?.currentBinding.object?.slots[0].provision
        }
        #expect(provision is ManyProvision<Leaf>)
        #expect(container.unregister(AllLeaves.self) == 1)
        #expect(await eventually { provision == nil }, "the retired binding's slots let go of what they own")
    }

    @Test func aProviderOfItsOwnComponentDoesNotKeepAContainerAlive() async throws {
        final class SelfMaking: Sendable {
            let again: Provider<SelfMaking>
            init(again: Provider<SelfMaking>) { self.again = again }
        }
        weak var dropped: DIContainer?
        weak var component: BoundComponent?
        do {
            let container = DIContainer()
            let id = container.register(SelfMaking.init).id
            _ = try container.resolveOrThrow(SelfMaking.self)
            component = container.plan.locked { container.plan.components[id] }
            dropped = container
        }
        #expect(dropped == nil)
        #expect(await eventually { component == nil }, "its binding holds the component; the plan lets go of both")
    }

    @Test func aChildFarBehindItsParentsChangesStillSeesThemAll() throws {
        let parent = DIContainer()
        parent.register(Leaf.init)
        let child = DIContainer(parent: parent)
        let before = try child.resolveOrThrow(Leaf.self)
        for _ in 0..<(DIContainer.changeLogLimit + 10) {
            parent.register(Other.init)
            parent.unregister(Other.self)
        }
        parent.update { $0.register(Leaf.init).replacing().lifetime(.perContainer(.strong)) }
        let after = try child.resolveOrThrow(Leaf.self)
        #expect(after !== before)
        #expect(try child.resolveOrThrow(Leaf.self) === after, "the parent's replacement, not what the child bound")
    }

    @Test func aMiddleContainerFarBehindItsParentKeepsTheComponentsItsChildrenUse() throws {
        let grandparent = DIContainer()
        grandparent.register(Other.init)
        let parent = DIContainer(parent: grandparent)
        parent.register(Leaf.init).lifetime(.single)
        let child = DIContainer(parent: parent)
        let leaf = try child.resolveOrThrow(Leaf.self)
        for _ in 0..<(DIContainer.changeLogLimit + 10) {
            grandparent.register(Cycled.init(leaf:other:))
            grandparent.unregister(Cycled.self)
            _ = try child.resolveOrThrow(Other.self)  // The child keeps up; the parent does not.
        }
        _ = try parent.resolveOrThrow(Other.self)  // Too far behind: it drops what it bound from above.
        for _ in 0..<100 { Reclamation.collect() }
        #expect(try child.resolveOrThrow(Leaf.self) === leaf, "the parent's single, through the child's entry")
    }
}
