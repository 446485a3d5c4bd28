@_spi(Reflection) import Swift

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

/// The wrappers a type's stored properties hold, found in the type's field metadata.
///
/// The standard library's field walk (`_forEachField`, the one `Mirror` is built on, which needs an instance) is
/// its only way to read a type's stored properties without an instance; it is SPI, used here alone, and only when a
/// snapshot is taken (validation, diagnostics), never by a resolve. Where it cannot read a type (an Objective-C
/// class's own fields), the type has no wrappers as far as validation knows.
enum WrapperFields {
    /// The dependencies of `type`'s wrapper properties, in declaration order (a class's superclass's first).
    static func dependencies(of type: any Any.Type) -> [DIDependency] {
        guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else { return [] }
        // Only classes and structs hold stored properties; the walk reads any other type as an instance of it (an
        // existential's, and crashes).
        let isClass = type is AnyClass
        guard isClass || TypeMetadata(type).isStruct else { return [] }
        // `.classType` (1) for a class, `.ignoreUnknown` (2) always; the options' static members are mutable
        // globals, which Swift 6 refuses to read.
        let options = _EachFieldOptions(rawValue: isClass ? 0b11 : 0b10)
        var found: [DIDependency] = []
        _forEachField(of: type, options: options) { name, _, fieldType, _ in
            // A runtime argument cannot reach a wrapper: such a field is no dependency the container could serve.
            guard let wrapper = fieldType as? any WrapperField.Type, wrapper.request.kind != .argument else {
                return true
            }
            // The compiler stores `var payments` wrapped as `_payments`.
            var property = String(cString: name)
            if property.hasPrefix("_") { property.removeFirst() }
            found.append(wrapper.request.dependency(at: .wrapper(property: property, wrapper: wrapper.wrapperName)))
            return true
        }
        return found
    }
}
