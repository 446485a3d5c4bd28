/// The instance of an objectGraph root that the resolve which made a `Lazy` or `Provider` built: the accessor
/// gives it (a `Provider` on every call, as DITranquillity does), so that a cycle between objectGraph members broken
/// with an accessor meets the graph's instance, not a new one.
///
/// Held weakly when the root's instances are objects: holding it strongly would close the very cycle the accessor
/// was taken to break (`A` holds `B`, which holds `Provider<A>`). The root decides, not `Value`: a `Lazy<any P>` of a
/// class is a class instance behind a protocol that is not class-bound. Once that instance is gone, the accessor
/// resolves as usual.
final class GraphInstance<Value>: Sendable {
    private let object = Locked<WeakReference?>(nil)
    private let value = Locked<Handoff<Value>?>(nil)

    /// The graph's instance, while it lives.
    var current: Value? {
        if let object = object.withLock({ $0?.object }) { return (object as! Value) }  // Made from a `Value`.
        return value.withLock { $0?.value }
    }

    /// Forgets the instance.
    func clear() {
        object.withLock { $0 = nil }
        value.withLock { $0 = nil }
    }

    /// An instance that `context` fills with its instance of `access`'s root when the resolve ends, if that root is
    /// an objectGraph component of the resolving container's plan (one this resolve may build); `nil` otherwise.
    static func noted(for access: DeferredAccessProvision, in context: inout ResolveContext) -> GraphInstance? {
        guard let root = access.root, root.lifetime == .objectGraph, root.plan === context.container.plan else {
            return nil
        }
        let instance = GraphInstance()
        let (target, holdsObject) = (access.target, root.layout.holdsObject)
        context.noteGraphLazy(GraphLazy(rootIndex: root.index) { instance.fill(from: target, &$0, holdsObject) })
        return instance
    }

    /// Takes the root's instance from the ending resolve, whose graph holds it: its provision builds nothing.
    private func fill(from target: Provision, _ context: inout ResolveContext, _ rootHoldsObject: Bool) {
        guard let made = try? target.produceValue(Value.self, &context) else { return }
        if rootHoldsObject {
            let reference = WeakReference(made as AnyObject)
            object.withLock { $0 = reference }
        } else {
            let made = Handoff(value: made)
            value.withLock { $0 = made }
        }
    }
}
