/// Instances async factories made, offered to the synchronous engine that runs next on the same thread.
///
/// The engine cannot await, so an awaiting resolve awaits the factory first and then runs the engine, whose thunk
/// for that registration takes the instance from here instead of calling anything. An offer lives only during one
/// synchronous stretch on one thread (no suspension point in it), so a thread-local slot is enough, and no other
/// component's thunk can take it: the slot names the component (not the registration: a child's plan and its
/// parent's may each have a component of one registration, with instances of their own).
///
/// Two kinds of offer:
/// - the new instance of the component being made, moved into the thunk once (`offer`);
/// - the kept instances the resolve made or found ahead (`preparing`), copied to every request for them: if a
///   reset drops one from its cell between the making and the run, the run uses the one it made, as a synchronous
///   resolve that started before a reset may.
final class PremadeInstance {
    /// The component (`BoundComponent.index`) whose instance `source` holds, or `nil` when nothing is offered.
    private var component: Int?
    private var source: Room?
    /// Held instances (`InstanceLayout.hold`) by component.
    private var prepared: [Int: AnyObject] = [:]

    private static let current = ThreadLocal { PremadeInstance() }

    /// Offers the instance at `source` (initialized) to the thunk of `component` while `body` runs; if the thunk
    /// has not taken it when `body` returns or throws, destroys it.
    static func offer<R>(
        _ source: Room, for component: BoundComponent, _ body: () throws(DIError) -> R
    ) throws(DIError) -> R {
        let slot = current.value
        let previous = (slot.component, slot.source)
        slot.component = component.index
        slot.source = source
        defer {
            if slot.source != nil { component.layout.destroy(source) }
            (slot.component, slot.source) = previous
        }
        return try body()
    }

    /// Offers `instances` (held, by registration) while `body` runs.
    static func preparing<R>(_ instances: [Int: AnyObject], _ body: () throws(DIError) -> R) throws(DIError) -> R {
        guard !instances.isEmpty else { return try body() }
        let slot = current.value
        let previous = slot.prepared
        slot.prepared.merge(instances) { _, new in new }
        defer { slot.prepared = previous }
        return try body()
    }

    /// Writes the offered instance of `component` (of type `T`) to `target`: the new one, moved, or a prepared one,
    /// copied. `false` when nothing is offered for it.
    static func take<T>(_: T.Type, for component: BoundComponent, into target: Room) -> Bool {
        let slot = current.value
        if slot.component == component.index, let source = slot.source {
            slot.source = nil
            target.initialize(to: source.move(T.self))
            return true
        }
        return takePrepared(for: component, into: target)
    }

    /// Whether the new instance of `component` is offered on this thread, not taken yet: its async factory has
    /// returned, and the engine is about to keep it.
    static func offers(_ component: BoundComponent) -> Bool {
        let slot = current.value
        return slot.component == component.index && slot.source != nil
    }

    /// Writes a prepared instance of `component` to `target`; `false` when none is offered.
    static func takePrepared(for component: BoundComponent, into target: Room) -> Bool {
        guard let held = current.value.prepared[component.index] else { return false }
        component.layout.copy(held, to: target)
        return true
    }
}
