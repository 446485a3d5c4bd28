/// How caches hold instances of any type: class instances as they are, values in a `Box`.
@usableFromInline
enum InstanceBox {
    /// `value` as a cache stores it.
    @inlinable
    static func object<Value>(_ value: Value, isClass: Bool) -> AnyObject {
        isClass ? unsafeBitCast(value, to: AnyObject.self) : Box(value)
    }

    /// The inverse of `object(_:isClass:)`.
    @inlinable
    static func value<Value>(_ object: AnyObject, isClass: Bool, as _: Value.Type = Value.self) -> Value {
        isClass ? unsafeBitCast(object, to: Value.self) : unsafeDowncast(object, to: Box<Value>.self).value
    }
}
