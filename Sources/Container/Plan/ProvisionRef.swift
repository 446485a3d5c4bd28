/// An unretained reference to a provision that its plan keeps alive.
///
/// Slots and lookup tables hold these instead of strong references: a resolve then calls a provision without
/// retaining and releasing it (and its closure context), which on a shared plan is an atomic write to memory every
/// resolving thread reads.
@usableFromInline
struct ProvisionRef: @unchecked Sendable {  // Points into an immutable plan that outlives every resolve of it.
    @usableFromInline let raw: Unmanaged<AnyProvision>

    @usableFromInline
    init(_ provision: AnyProvision) {
        raw = .passUnretained(provision)
    }

    /// Runs the provision, whose value type the binder checked to be `Value`.
    @inlinable @inline(__always)
    func produce<Value>(_: Value.Type, _ context: inout ResolveContext) throws(DIError) -> Value {
        let typed = Unmanaged<Provision<Value>>.fromOpaque(raw.toOpaque())
        do {
            // Inside a parameter pack `Value` is the element's type, known only through its metadata: nothing
            // here may need `Provision<Value>`'s own metadata (a method, a static), which is looked up per call.
            if _canBeClass(Value.self) == 1 {
                return unsafeBitCast(try typed._withUnsafeGuaranteedRef { try $0.object(&context) }, to: Value.self)
            }
            return try typed._withUnsafeGuaranteedRef { try $0.value(&context) }
        } catch {
            // `_withUnsafeGuaranteedRef` rethrows untyped; the only error in it is the provision's `DIError`.
            throw error as! DIError
        }
    }
}
