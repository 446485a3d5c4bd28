/// The dependency kinds other than plain, recognised from the parameter's type at registration.
@usableFromInline
protocol DependencyShape {
    /// How the parameter asks for its element.
    static var shapeKind: DIDependency.Kind { get }
    /// The type looked up.
    static var element: any Any.Type { get }
    /// Builds the slot's provision from what the binder found for `element`.
    static func provision(for target: SlotTarget) -> AnyProvision
}

extension Optional: DependencyShape {
    @usableFromInline static var shapeKind: DIDependency.Kind { .optional }
    @usableFromInline static var element: any Any.Type { Wrapped.self }

    @usableFromInline
    static func provision(for target: SlotTarget) -> AnyProvision {
        switch target {
        case .one(let provision, _):
            let typed = provision.typed(Wrapped.self)
            return Provision<Wrapped?> { (context: inout ResolveContext) throws(DIError) in try typed.produce(&context) }
        case .absent:
            return Provision<Wrapped?> { _ in nil }
        case .failure(let error):
            return Provision<Wrapped?>.failing(error)
        case .many, .argument:
            preconditionFailure("an Optional slot is bound to one provider or none")
        }
    }
}

extension Array: DependencyShape {
    @usableFromInline static var shapeKind: DIDependency.Kind { .many }
    @usableFromInline static var element: any Any.Type { Element.self }

    @usableFromInline
    static func provision(for target: SlotTarget) -> AnyProvision {
        switch target {
        case .many(let provisions):
            let typed = provisions.map { $0.typed(Element.self) }
            return Provision<[Element]> { (context: inout ResolveContext) throws(DIError) in
                var result: [Element] = []
                result.reserveCapacity(typed.count)
                for provision in typed { result.append(try provision.produce(&context)) }
                return result
            }
        case .failure(let error), .absent(let error):
            return Provision<[Element]>.failing(error)
        case .one, .argument:
            preconditionFailure("a many slot is bound to a list of providers")
        }
    }
}
