/// A prepared way to produce a value during a resolve; dependency slots and lookup entries hold these.
///
/// Slots are bound when a plan is built, after checking that the provision's value type is the slot's type, so
/// the resolve path recovers the typed provision with `unsafeDowncast` instead of a dynamic cast.
@usableFromInline
class AnyProvision: @unchecked Sendable {  // Immutable; subclasses add only `let`s.
    @usableFromInline init() {}
}

/// Produces values of one type.
@usableFromInline
final class Provision<Value>: AnyProvision, @unchecked Sendable {
    @usableFromInline let produce: @Sendable (inout ResolveContext) throws(DIError) -> Value

    @inlinable
    init(_ produce: @escaping @Sendable (inout ResolveContext) throws(DIError) -> Value) {
        self.produce = produce
    }

    /// A provision that always fails, for slots whose binding is known to be broken.
    @usableFromInline
    static func failing(_ error: DIError) -> Provision<Value> {
        Provision { _ throws(DIError) in throw error }
    }
}

extension AnyProvision {
    /// This provision as the typed one the binder made it; the caller guarantees the type.
    @inlinable
    func typed<Value>(_: Value.Type) -> Provision<Value> {
        unsafeDowncast(self, to: Provision<Value>.self)
    }
}
