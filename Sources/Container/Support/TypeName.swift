/// The name shown for a type in errors, reports and graphs: short, stable across runs and platforms.
@usableFromInline
package func typeName(_ type: any Any.Type) -> String {
    String(describing: type)
}

/// How a fix-it names the metatype in code: `(any Animal).self` for a protocol, `Cat.self` otherwise, so that a
/// suggested `.as(...)` compiles as written.
package func metatypeSpelling(_ type: any Any.Type) -> String {
    isExistential(type) ? "(any \(typeName(type))).self" : "\(typeName(type)).self"
}

/// How code names the type where a type goes (`Lazy<any Animal>`, `Provider<Cat>`): with `any` for a protocol,
/// as Swift 6's existential rules require.
package func codeSpelling(_ type: any Any.Type) -> String {
    isExistential(type) ? "any \(typeName(type))" : typeName(type)
}

/// Whether `type` is a protocol type such as `any Animal`: to word help texts, and for validation to tell a value
/// type from a protocol that may hide an object.
package func isExistential(_ type: any Any.Type) -> Bool {
    TypeMetadata(type).isExistential
}
