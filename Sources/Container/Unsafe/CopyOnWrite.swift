/// A value kept in one heap box that every copy shares until one of them changes it: copying costs one retain,
/// whatever the value holds.
///
/// Owner: the copies, together. A change writes in place only while this copy is the box's one reference
/// (`isKnownUniquelyReferenced`), so no other copy, on any thread, can be reading it; otherwise the change goes to
/// a new box. That is the whole of why the box may cross threads.
@safe struct CopyOnWrite<Value: Sendable>: Sendable {
    private final class Storage: @unchecked Sendable {
        // Exclusive by the rule above, so not checked at run time: each check was a call into the runtime on
        // every read and change of a registration.
        @exclusivity(unchecked) var value: Value

        init(_ value: Value) { unsafe self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) {
        storage = Storage(value)
    }

    /// The value; changed in place when this copy alone holds the box.
    var value: Value {
        _read { yield unsafe storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = unsafe Storage(storage.value) }
            yield unsafe &storage.value
        }
    }
}
