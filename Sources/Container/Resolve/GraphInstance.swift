/// The instance of an objectGraph root that the resolve which made a `Lazy` or `Provider` built: a `Lazy` gives it,
/// so that a cycle between objectGraph members broken with a `Lazy` meets the graph's instance, not a new one, and
/// so does a `Lazy` read later in the same resolve (a factory that takes `D` and `Lazy<D>`). A `Provider` gives it
/// while that resolve runs (to a `cycle: true` injection, or made once the instance was built), as
/// DITranquillity's does inside a resolve. After the resolve, a `Provider` that closes a cycle back to its graph's
/// instance (its root builds, while it is built, the component that holds the `Provider`: `A` holds `B`, which holds
/// `Provider<A>`) keeps giving that instance while it lives, as DITranquillity's does; any other starts a graph of
/// its own on each call, as Swinject's does: a `Provider` of a component beside it is asked for a new instance.
///
/// Held weakly when the instance is a class's: holding it strongly would close the very cycle the accessor was
/// taken to break (`A` holds `B`, which holds `Lazy<A>`). The instance decides, not `Value`'s declaration: a
/// `Lazy<any P>` of a class is a class instance behind a protocol that is not class-bound. Once that instance is
/// gone, the accessor resolves as usual. A `Provider` takes it only when made for a component built in that graph
/// (prototype or objectGraph).
final class GraphInstance<Value>: Sendable {
    private let object = Locked<WeakReference?>(nil)
    private let value = Locked<Handoff<Value>?>(nil)

    /// The graph's instance, while it lives.
    var current: Value? {
        if let object = object.withLock({ $0?.object }) { return (object as! Value) }  // Taken from a `Value`.
        return value.withLock { $0?.value }
    }

    /// Forgets the instance, releasing it after the locks: its `deinit` is user code, and may read the `Lazy` or
    /// `Provider` that holds this.
    func clear() {
        object.withLock { $0 = nil }
        let dropped = value.withLock { value in
            defer { value = nil }
            return value
        }
        withExtendedLifetime(dropped) {}
    }

    /// An instance that `context` fills with its instance of `access`'s root when the resolve ends, if that root is
    /// an objectGraph component of the resolving container's plan (one this resolve may build); `nil` otherwise.
    static func noted(
        for access: DeferredAccessProvision, in context: inout ResolveContext, everyCall: Bool
    ) -> GraphInstance? {
        guard let root = access.root, root.lifetime == .objectGraph, root.isMade(byPlan: context.planIdentity) else {
            return nil
        }
        if everyCall {
            guard let consumer = access.request?.consumer, [.prototype, .objectGraph].contains(consumer.lifetime)
            else { return nil }
        }
        let instance = GraphInstance()
        let target = access.target
        let index = root.index
        let forgetsWhenTheResolveEnds = everyCall && !access.closesCycleBackToRoot
        context.noteGraphLazy(
            GraphLazy(root: index) { context, ending in
                if ending && forgetsWhenTheResolveEnds { return instance.clear() }
                if context.remembers(index) { instance.fill(from: target, &context) }
            })
        // Made after the graph built its root (a later factory of the same resolve): that instance, from now on.
        if context.remembers(index) { instance.fill(from: target, &context) }
        return instance
    }

    /// Takes the root's instance from the resolve, whose graph holds it: its provision builds nothing.
    private func fill(from target: Provision, _ context: inout ResolveContext) {
        guard let made = try? target.produceValue(Value.self, &context) else { return }
        if type(of: made as Any) is AnyClass {
            let reference = WeakReference(made as AnyObject)
            object.withLock { $0 = reference }
        } else {
            let made = Handoff(value: made)
            value.withLock { $0 = made }
        }
    }
}
