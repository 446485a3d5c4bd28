/// One value on the heap behind a trivial handle, so that a struct carrying it (the resolve's context) has no
/// reference-counted field to copy.
///
/// Owner: whoever called `make`, which must call `free` exactly once; until then every copy of the handle reaches
/// the same value.
struct HeapValue<Value> {
    private let pointer: UnsafeMutablePointer<Value>

    private init(_ pointer: UnsafeMutablePointer<Value>) {
        unsafe self.pointer = unsafe pointer
    }

    /// A new value on the heap.
    static func make(_ value: consuming Value) -> HeapValue {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        unsafe pointer.initialize(to: value)
        return unsafe HeapValue(pointer)
    }

    /// The value, read and changed in place.
    var value: Value {
        _read { yield unsafe pointer.pointee }
        nonmutating _modify { yield unsafe &pointer.pointee }
    }

    /// Destroys the value and frees its memory; the handle must not be used afterwards.
    func free() {
        unsafe pointer.deinitialize(count: 1)
        unsafe pointer.deallocate()
    }
}
