/// The instance of an objectGraph root that the resolve which made a `Lazy` or `Provider` built: the accessor
/// gives it (a `Provider` on every call, as DITranquillity does), so that a cycle between objectGraph members broken
/// with an accessor meets the graph's instance, not a new one.
///
/// Held weakly when the instance is a class's: holding it strongly would close the very cycle the accessor was
/// taken to break (`A` holds `B`, which holds `Provider<A>`). The instance decides, not `Value`'s declaration: a
/// `Lazy<any P>` of a class is a class instance behind a protocol that is not class-bound. Once that instance is
/// gone, the accessor resolves as usual. A `Provider` takes it only when made for a component built in that graph
/// (prototype or objectGraph): one that a longer-lived component keeps would otherwise hand out, call after call,
/// the instance of whichever graph first built its holder.
final class GraphInstance<Value>: Sendable {
    private let object = Locked<WeakReference?>(nil)
    private let value = Locked<Handoff<Value>?>(nil)

    /// The graph's instance, while it lives.
    var current: Value? {
        if let object = object.withLock({ $0?.object }) { return (object as! Value) }  // Taken from a `Value`.
        return value.withLock { $0?.value }
    }

    /// Forgets the instance.
    func clear() {
        object.withLock { $0 = nil }
        value.withLock { $0 = nil }
    }

    /// An instance that `context` fills with its instance of `access`'s root when the resolve ends, if that root is
    /// an objectGraph component of the resolving container's plan (one this resolve may build); `nil` otherwise.
    static func noted(
        for access: DeferredAccessProvision, in context: inout ResolveContext, everyCall: Bool
    ) -> GraphInstance? {
        guard let root = access.root, root.lifetime == .objectGraph, root.plan === context.container.plan else {
            return nil
        }
        if everyCall {
            guard let consumer = access.request?.consumer, [.prototype, .objectGraph].contains(consumer.lifetime)
            else { return nil }
        }
        let instance = GraphInstance()
        let target = access.target
        context.noteGraphLazy(GraphLazy(rootIndex: root.index) { instance.fill(from: target, &$0) })
        return instance
    }

    /// Takes the root's instance from the ending resolve, whose graph holds it: its provision builds nothing.
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
