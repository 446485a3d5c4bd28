/// A factory parameter or injected property as recorded at registration: its kind, the type it looks up, and how
/// to make its slot once the binder knows the target.
@usableFromInline
struct DependencyDescriptor: Sendable {
    let kind: DIDependency.Kind
    let declaredType: any Any.Type
    let element: any Any.Type
    /// `Optional<element>`, for the "registered only as Optional" near miss.
    let optionalElement: any Any.Type
    let shape: (any DependencyShape.Type)?
    /// Whether the declared type is a class, so that the slot hands over a reference (see `DependencyReader`).
    let isObject: Bool

    /// Describes a dependency of type `P`; generic only through `P`'s metadata, so compiled once in Tether.
    @usableFromInline
    init<P>(_: P.Type) {
        declaredType = P.self
        isObject = P.self is AnyClass
        if let shape = P.self as? any DependencyShape.Type {
            kind = shape.shapeKind
            element = shape.element
            self.shape = shape
        } else {
            kind = .plain
            element = P.self
            shape = nil
        }
        optionalElement = Self.optionalType(of: element)
    }

    /// Describes a dependency whose type is known only at run time (a top-level request for `T?`, `[T]`, ...).
    init(erased type: any Any.Type) {
        func describe<P>(_ type: P.Type) -> DependencyDescriptor { DependencyDescriptor(type) }
        self = _openExistential(type, do: describe)
    }

    /// The descriptors of a factory's parameters, in order.
    @usableFromInline
    static func list<each P>(_ types: repeat (each P).Type) -> [DependencyDescriptor] {
        var list: [DependencyDescriptor] = []
        for type in repeat each types { list.append(DependencyDescriptor(type)) }
        return list
    }

    static func optionalType(of type: any Any.Type) -> any Any.Type {
        func wrap<E>(_: E.Type) -> any Any.Type { E?.self }
        return _openExistential(type, do: wrap)
    }

    /// The slot's provision, for a shaped dependency bound to `target`.
    func bindShape(_ target: SlotTarget) -> Provision {
        shape.unsafelyUnwrapped.provision(for: target)
    }

    func dependency(at position: DIDependency.Position) -> DIDependency {
        DIDependency(kind: kind, type: element, declaredType: declaredType, position: position)
    }
}
