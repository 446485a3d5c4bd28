/// A property wrapper of Tether's, as validation sees it from the type that holds it: what it asks for, read from
/// its type alone, since no instance of the holder exists when the container is validated.
protocol WrapperField {
    /// `@Injected`, `@LazyInjected`, ...
    static var wrapperName: String { get }
    /// What it asks for as a factory parameter would: `V`, `Lazy<V>` for a wrapper that resolves on its first
    /// read, `V?` for an optional one. A `name:` or `tag:` given to the wrapper's initializer is not part of its
    /// type, so it is not here; a `DITagged` value type is.
    static var request: DependencyDescriptor { get }
}

extension Injected: WrapperField {
    static var wrapperName: String { "@Injected" }
    static var request: DependencyDescriptor { DependencyDescriptor(Value.self) }
}

extension LazyInjected: WrapperField {
    static var wrapperName: String { "@LazyInjected" }
    static var request: DependencyDescriptor { .onFirstRead(Value.self) }
}

extension WeakLazyInjected: WrapperField {
    static var wrapperName: String { "@WeakLazyInjected" }
    static var request: DependencyDescriptor { .onFirstRead(Value.self) }
}

extension OptionalInjected: WrapperField {
    static var wrapperName: String { "@OptionalInjected" }
    static var request: DependencyDescriptor { DependencyDescriptor(Value?.self) }
}

extension DependencyDescriptor {
    /// What a wrapper that resolves `Value` on its first read asks for: `Lazy<Value>` for a plain value; a
    /// `Provider`, `Lazy`, Optional or list as it is, since `Lazy` does not nest around those.
    fileprivate static func onFirstRead<Value>(_: Value.Type) -> DependencyDescriptor {
        let value = DependencyDescriptor(Value.self)
        return value.kind == .plain ? DependencyDescriptor(Lazy<Value>.self) : value
    }
}

/// The wrappers a type's stored properties hold, found in the type's field metadata: its own, and those of the
/// structs and tuples it stores, which are made with it (`let parts = Parts()`, a struct holding `@Injected`).
///
/// The standard library's field walk (`_forEachField`, the one `Mirror` is built on, which needs an instance) is
/// its only way to read a type's stored properties without an instance; it is SPI, used here alone, and only when a
/// snapshot is taken (validation, diagnostics), never by a resolve. Where it cannot read a type (an Objective-C
/// class's own fields), the type has no wrappers as far as validation knows. A stored class, enum or Optional is
/// not entered: its instance may come from anywhere, or not exist.
///
/// One walk serves a whole snapshot: each type's wrappers are read once, so that the standard library's structs
/// (`String`, `Array`) that many registered types store are walked once.
struct WrapperFields {
    /// A wrapper found in a type, under its property's path from that type (`parts.missing`).
    private struct Found {
        let property: String
        let wrapper: any WrapperField.Type
    }

    private var read: [ObjectIdentifier: [Found]] = [:]
    /// The value types on the path being walked. A struct can store itself only through a class or an enum, which
    /// are not entered; a type met again on its own path is still left alone rather than trusted to end.
    private var walking: Set<ObjectIdentifier> = []

    /// The dependencies of `type`'s wrapper properties, in declaration order (a class's superclass's first), each
    /// nested struct's where it is stored.
    mutating func dependencies(of type: any Any.Type) -> [DIDependency] {
        wrappers(of: type).compactMap { found in
            // A runtime argument cannot reach a wrapper: such a field is no dependency the container could serve.
            guard found.wrapper.request.kind != .argument else { return nil }
            let position = DIDependency.Position.wrapper(property: found.property, wrapper: found.wrapper.wrapperName)
            return found.wrapper.request.dependency(at: position)
        }
    }

    private mutating func wrappers(of type: any Any.Type) -> [Found] {
        let id = ObjectIdentifier(type)
        if let known = read[id] { return known }
        guard walking.insert(id).inserted else { return [] }
        defer { walking.remove(id) }
        let metadata = TypeMetadata(type)
        var found: [Found] = []
        if metadata.isTuple {
            for index in 0..<metadata.elementCount {
                found += nested(in: metadata.elementType(at: index), at: "\(index)")
            }
        } else {
            for (name, fieldType) in TypeMetadata.storedFields(of: type) {
                if let wrapper = fieldType as? any WrapperField.Type {
                    // The compiler stores `var payments` wrapped as `_payments`.
                    let property = name.hasPrefix("_") ? String(name.dropFirst()) : name
                    found.append(Found(property: property, wrapper: wrapper))
                } else {
                    found += nested(in: fieldType, at: name)
                }
            }
        }
        read[id] = found
        return found
    }

    /// The wrappers of a struct or tuple stored at `property`, under paths from the type that stores it.
    private mutating func nested(in type: any Any.Type, at property: String) -> [Found] {
        let metadata = TypeMetadata(type)
        guard metadata.isStruct || metadata.isTuple else { return [] }
        return wrappers(of: type).map { Found(property: property + "." + $0.property, wrapper: $0.wrapper) }
    }
}
