/// A prepared way to produce a value during a resolve; dependency slots and lookup entries hold these.
///
/// Slots are bound when a plan is built, after checking that the provision's value type is the slot's type, so
/// the resolve path recovers the typed provision with `unsafeDowncast` instead of a dynamic cast.
@usableFromInline
class AnyProvision: @unchecked Sendable {  // Immutable; subclasses add only `let`s.
    @usableFromInline init() {}
}

/// Produces values of one type.
///
/// Code that knows `Value` is a class calls `object`, a closure typed `-> AnyObject`: a closure whose type names
/// the generic `Value` returns it and its error through memory, so a call of it goes through a forwarding thunk,
/// where the concrete type returns both in registers. Code that does not know (a pack of dependencies is read
/// through the element's metadata) calls `value`. Every provision serves both.
@usableFromInline
final class Provision<Value>: AnyProvision, @unchecked Sendable {
    @usableFromInline let value: @Sendable (inout ResolveContext) throws(DIError) -> Value
    /// Called only where `carriesObjects` holds.
    @usableFromInline let object: @Sendable (inout ResolveContext) throws(DIError) -> AnyObject

    /// A provision of whatever `produce` returns.
    @inlinable
    init(_ produce: @escaping @Sendable (inout ResolveContext) throws(DIError) -> Value) {
        value = produce
        // A type known not to be a class never has `object` called; `as AnyObject` keeps a class instance as it is.
        if _canBeClass(Value.self) == 0 {
            object = Self.neverCalled
        } else {
            object = { (context: inout ResolveContext) throws(DIError) -> AnyObject in try produce(&context) as AnyObject }
        }
    }

    /// A provision of class instances with both closures written out, so that neither calls through the other.
    @inlinable
    init(
        value: @escaping @Sendable (inout ResolveContext) throws(DIError) -> Value,
        object: @escaping @Sendable (inout ResolveContext) throws(DIError) -> AnyObject
    ) {
        self.value = value
        self.object = object
    }

    /// Whether `Value` is known here to be a class, so that its instances are produced through `object`.
    @inlinable
    static var carriesObjects: Bool {
        _canBeClass(Value.self) == 1
    }

    /// Produces a value, through the closure `ProvisionRef.produce` chooses.
    @inlinable @inline(__always)
    func produce(_ context: inout ResolveContext) throws(DIError) -> Value {
        try ProvisionRef(self).produce(Value.self, &context)
    }

    @usableFromInline
    static var neverCalled: @Sendable (inout ResolveContext) throws(DIError) -> AnyObject {
        { _ throws(DIError) -> AnyObject in preconditionFailure("a provision of a value type was asked for an object") }
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
