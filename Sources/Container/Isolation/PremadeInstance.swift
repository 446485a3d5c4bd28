/// An instance an async factory made, offered to the synchronous engine that runs next on the same thread.
///
/// The engine cannot await, so `resolveAsync` awaits the factory first and then runs the engine, whose thunk for
/// that registration takes the instance from here instead of calling anything. The offer lives only between two
/// lines of one synchronous stretch on one thread (no suspension point in between), so a thread-local slot is
/// enough, and no other registration's thunk can take it: the slot names the registration.
final class PremadeInstance {
    /// The registration whose instance `source` holds, or `nil` when nothing is offered.
    private var registration: Int?
    private var source: UnsafeMutableRawPointer?

    private static let current = ThreadLocal { PremadeInstance() }

    /// Offers the instance at `source` (initialized) to the thunk of `registration` while `body` runs; if the thunk
    /// has not taken it when `body` returns or throws, destroys it as `layout` says.
    static func offer<R>(
        _ source: UnsafeMutableRawPointer, of layout: InstanceLayout, for registration: Int,
        _ body: () throws(DIError) -> R
    ) throws(DIError) -> R {
        let slot = current.value
        let previous = (slot.registration, slot.source)
        slot.registration = registration
        slot.source = source
        defer {
            if slot.source != nil { layout.destroy(source) }
            (slot.registration, slot.source) = previous
        }
        return try body()
    }

    /// Moves the offered instance of `registration` into `target`, if there is one; `false` otherwise.
    static func take<T>(_: T.Type, for registration: Int, into target: UnsafeMutableRawPointer) -> Bool {
        let slot = current.value
        guard slot.registration == registration, let source = slot.source else { return false }
        slot.source = nil
        target.assumingMemoryBound(to: T.self).initialize(to: source.assumingMemoryBound(to: T.self).move())
        return true
    }
}
