/// The dependency kinds other than plain, recognised from the parameter's type at registration.
///
/// The provisions they make are generic over the element type, but only through its metadata: they are
/// compiled once in Tether, like the rest of the engine.
protocol DependencyShape: SendableMetatype {
    /// How the parameter asks for its element.
    static var shapeKind: DIDependency.Kind { get }
    /// The type looked up.
    static var element: any Any.Type { get }
    /// Builds the slot's provision from what the binder found for `element`.
    static func provision(for target: SlotTarget) -> Provision
}

extension Optional: DependencyShape {
    static var shapeKind: DIDependency.Kind { .optional }
    static var element: any Any.Type { Wrapped.self }

    static func provision(for target: SlotTarget) -> Provision {
        switch target {
        case .one(let provision, _): OptionalProvision<Wrapped>(provision)
        case .absent: OptionalProvision<Wrapped>(nil)
        case .failure(let error): FailingProvision(error)
        case .many, .argument, .deferred: preconditionFailure("an Optional slot is bound to one provider or none")
        }
    }
}

/// `P?`: the provider's instance, or `nil` when nothing provides `P`.
final class OptionalProvision<Wrapped>: Provision, @unchecked Sendable {  // Immutable.
    let wrapped: Provision?

    init(_ wrapped: Provision?) {
        self.wrapped = wrapped
    }

    override func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        let value: Wrapped? = if let wrapped { try wrapped.produceValue(Wrapped.self, &context) } else { nil }
        target.initializeMemory(as: Wrapped?.self, repeating: value, count: 1)
    }
}

extension Array: DependencyShape {
    static var shapeKind: DIDependency.Kind { .many }
    static var element: any Any.Type { Element.self }

    static func provision(for target: SlotTarget) -> Provision {
        switch target {
        case .many(let provisions): ManyProvision<Element>(provisions)
        case .failure(let error), .absent(let error): FailingProvision(error)
        case .one, .argument, .deferred: preconditionFailure("a many slot is bound to a list of providers")
        }
    }
}

/// `[P]`: every provider's instance, in registration order.
final class ManyProvision<Element>: Provision, @unchecked Sendable {  // Immutable.
    let elements: [Provision]

    init(_ elements: [Provision]) {
        self.elements = elements
    }

    override func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements { result.append(try element.produceValue(Element.self, &context)) }
        target.initializeMemory(as: [Element].self, repeating: result, count: 1)
    }
}

extension Provision {
    /// The produced instance as a typed value, in code that knows the type only through its metadata.
    func produceValue<Value>(_: Value.Type, _ context: inout ResolveContext) throws(DIError) -> Value {
        try receive(Value.self) { (room) throws(DIError) in try produce(into: room, &context) }
    }
}
