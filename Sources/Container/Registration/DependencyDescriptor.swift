/// A factory parameter or injected property as recorded at registration: its kind, the type it looks up, and how
/// to make its slot once the binder knows the target.
@usableFromInline
struct DependencyDescriptor: Sendable {
    let kind: DIDependency.Kind
    let declaredType: any Any.Type
    let element: any Any.Type
    /// `Optional<element>`, for the "registered only as Optional" near miss.
    let optionalElement: any Any.Type
    let bindShape: (@Sendable (SlotTarget) -> AnyProvision)?
    let failing: @Sendable (DIError) -> AnyProvision

    @usableFromInline
    init<P>(_: P.Type) {
        declaredType = P.self
        failing = { Provision<P>.failing($0) }
        if let shape = P.self as? any DependencyShape.Type {
            kind = shape.shapeKind
            element = shape.element
            bindShape = { (P.self as! any DependencyShape.Type).provision(for: $0) }
        } else {
            kind = .plain
            element = P.self
            bindShape = nil
        }
        optionalElement = Self.optionalType(of: element)
    }

    private static func optionalType(of type: any Any.Type) -> any Any.Type {
        func wrap<E>(_: E.Type) -> any Any.Type { E?.self }
        return _openExistential(type, do: wrap)
    }

    func dependency(at position: DIDependency.Position) -> DIDependency {
        DIDependency(kind: kind, type: element, declaredType: declaredType, position: position)
    }
}
