import Swinject
import Tether

// V1 and R1: large generated graphs, registered at run time from a few classes under distinct names.

/// Provided by a few leaves; `VMany` takes every provider.
public protocol VPlugin: AnyObject, Sendable {}

public final class VLeaf: VPlugin, Sendable {
    public init() {}
}
public final class VOne: Sendable {
    public init(a: VLeaf) {}
}
public final class VTwo: Sendable {
    public init(a: VOne, b: VLeaf?) {}
}
public final class VThree: Sendable {
    public init(a: VTwo, b: VOne?, c: Tether.Lazy<VLeaf>) {}
}
public final class VMany: Sendable {
    public init(a: [any VPlugin], b: VTwo, c: Tether.Provider<VThree>) {}
}

/// A graph of `components` registrations for `validate()`: the five classes in turn, with one to three
/// dependencies each (plain, Optional, `Lazy`, `Provider`, `[P]`), every lifetime, all named but the four
/// providers they depend on, and 16 providers of `VPlugin` that every `VMany` depends on. It validates clean.
public enum ValidationGraph {
    /// The number of `VPlugin` providers, and so of edges from each `VMany` to them.
    public static let plugins = 16

    /// With `kinds: 3`, only `VLeaf`, `VOne` and `VTwo`, as `registerSwinject` registers (R1 compares the two).
    public static func registerTether(_ container: DIContainer, components: Int, kinds: Int = 5) {
        let lifetimes: [DILifeTime] = [.prototype, .prototype, .objectGraph, .perContainer(.strong), .single]
        // The unnamed providers that the named components' dependencies resolve to; singletons, like the plugins,
        // so that no lifetime is captive and the graph validates clean, as an app's graph in CI does.
        container.register(VLeaf.init).as((any VPlugin).self, name: "plugin-0").lifetime(.single)
        container.register(VOne.init(a:)).lifetime(.single)
        container.register(VTwo.init(a:b:)).lifetime(.single)
        container.register(VThree.init(a:b:c:)).lifetime(.single)
        for index in 0..<components - 4 {
            let lifetime = lifetimes[(index / kinds) % lifetimes.count]
            let name = "c\(index)"
            switch index % kinds {
            case 0:
                let leaf = container.register(VLeaf.init, line: index).as(VLeaf.self, name: name).lifetime(
                    lifetime)
                if index / kinds < plugins - 1 {
                    leaf.as((any VPlugin).self, name: "plugin-\(index / kinds + 1)").lifetime(.single)
                }
            case 1: container.register(VOne.init(a:), line: index).as(VOne.self, name: name).lifetime(lifetime)
            case 2: container.register(VTwo.init(a:b:), line: index).as(VTwo.self, name: name).lifetime(lifetime)
            case 3:
                container.register(VThree.init(a:b:c:), line: index).as(VThree.self, name: name).lifetime(lifetime)
            default:
                container.register(VMany.init(a:b:c:), line: index).as(VMany.self, name: name).lifetime(lifetime)
            }
        }
    }

    /// The same registrations in Swinject, for R1 (memory per registration).
    public static func registerSwinject(_ container: Container, components: Int) {
        let scopes: [ObjectScope] = [.transient, .transient, .graph, .container, .container]
        container.register(VLeaf.self) { _ in VLeaf() }
        container.register(VOne.self) { r in VOne(a: r.resolve(VLeaf.self)!) }
        container.register(VTwo.self) { r in VTwo(a: r.resolve(VOne.self)!, b: r.resolve(VLeaf.self)) }
        container.register(VThree.self) { _ in fatalError("R1 never resolves") }
        for index in 0..<components - 4 {
            let name = "c\(index)"
            let scope = scopes[(index / 3) % scopes.count]
            switch index % 3 {
            case 0: container.register(VLeaf.self, name: name) { _ in VLeaf() }.inObjectScope(scope)
            case 1:
                container.register(VOne.self, name: name) { r in VOne(a: r.resolve(VLeaf.self)!) }.inObjectScope(scope)
            default:
                container.register(VTwo.self, name: name) { r in
                    VTwo(a: r.resolve(VOne.self)!, b: r.resolve(VLeaf.self))
                }
                .inObjectScope(scope)
            }
        }
    }
}
