/// The dependency kinds other than plain (`P?`, `[P]`, `Lazy<P>`, `Provider<P>`, `DIArgument<P>`), recognised from the
/// parameter's type at registration, and the provisions the binder makes for their slots. Here with the engine,
/// not with the public types.
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

    /// `Lazy<P>?`: the accessor inside is made for the same component.
    override func noteConsumer(_ component: BoundComponent) {
        wrapped?.noteConsumer(component)
    }

    init(_ wrapped: Provision?) {
        self.wrapped = wrapped
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        let value: Wrapped? = if let wrapped { try wrapped.produceValue(Wrapped.self, &context) } else { nil }
        target.initialize(to: value)
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

    /// `[Provider<P>]`: each accessor inside is made for the same component.
    override func noteConsumer(_ component: BoundComponent) {
        for element in elements { element.noteConsumer(component) }
    }

    init(_ elements: [Provision]) {
        self.elements = elements
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements { result.append(try element.produceValue(Element.self, &context)) }
        target.initialize(to: result)
    }
}

extension Provision {
    /// The produced instance as a typed value, in code that knows the type only through its metadata.
    func produceValue<Value>(_: Value.Type, _ context: inout ResolveContext) throws(DIError) -> Value {
        try receive(Value.self) { (room) throws(DIError) in try produce(into: room, &context) }
    }
}

extension Lazy: DependencyShape {
    static var shapeKind: DIDependency.Kind { .lazy }
    static var element: any Any.Type { Value.self }

    static func provision(for target: SlotTarget) -> Provision {
        DeferredAccessProvision.accessor(for: target, named: "Lazy") { keeper, access, target, context in
            // An objectGraph root of this container's plan may be built by this very resolve: the `Lazy` takes
            // that instance when the resolve ends (`ResolveContext.fillGraphLazies`).
            let access = DeferredAccess<Value>(keeper, access, accessor: "Lazy", everyCall: false, in: &context)
            target.initialize(to: Lazy(access))
        }
    }
}

extension Provider: DependencyShape {
    static var shapeKind: DIDependency.Kind { .provider }
    static var element: any Any.Type { Value.self }

    static func provision(for target: SlotTarget) -> Provision {
        DeferredAccessProvision.accessor(for: target, named: "Provider") { keeper, access, target, context in
            // As a `Lazy`: the graph's instance of an objectGraph root, on every call.
            let access = DeferredAccess<Value>(keeper, access, accessor: "Provider", everyCall: true, in: &context)
            target.initialize(to: Provider(access))
        }
    }
}

extension DIArgument: DependencyShape {
    static var shapeKind: DIDependency.Kind { .argument }
    static var element: any Any.Type { Value.self }

    static func provision(for target: SlotTarget) -> Provision {
        guard case .argument(let position) = target else { preconditionFailure("an argument slot has a position") }
        return ArgumentProvision<Value>(position: position)
    }
}

/// `DIArgument<P>`: the runtime argument at one position, which the top-level request checked.
final class ArgumentProvision<Value>: Provision, @unchecked Sendable {  // Immutable.
    let position: Int

    init(position: Int) {
        self.position = position
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        let argument = DIArgument(context.argument(position, as: Value.self))
        target.initialize(to: argument)
    }
}
