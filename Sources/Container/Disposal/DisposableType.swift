/// Whether every instance of `type` is `DIDisposable`: a type that adopts it, or a protocol type that refines it
/// (`any Connection` where `protocol Connection: DIDisposable`), or requires a superclass that adopts it. Validation
/// asks it of a registration's type, which a factory returning `any Connection` makes a protocol type: the runtime
/// answers no for a protocol type, whatever it refines.
package func isDisposableType(_ type: any Any.Type) -> Bool {
    if type is any DIDisposable.Type { return true }
    if ProtocolRefinement.superclassConstraint(of: type) is any DIDisposable.Type { return true }
    return ProtocolRefinement.protocolType(type, refines: (any DIDisposable).self)
}
