/// The name shown for a type in errors, reports and graphs: short, stable across runs and platforms; with its
/// parents (`Auth.UseCases`) while a report is built for a registry in which another type has the same short name
/// (`TypeNaming.ambiguous`).
@usableFromInline
package func typeName(_ type: any Any.Type) -> String {
    let short = String(describing: type)
    let ambiguous = TypeNaming.ambiguous
    guard !ambiguous.isEmpty, TypeNaming.mentions(short, anyOf: ambiguous) else { return short }
    return TypeNaming.qualified(type) ?? short
}

/// Which short type names need their parents to tell types apart in what is being written.
package enum TypeNaming {
    /// The short names several types of the registry being reported share; empty elsewhere (errors thrown by a
    /// resolve name their types as written).
    @TaskLocal package static var ambiguous: Set<String> = []

    /// The short names (`String(describing:)`) that more than one of `types` has.
    package static func shared(by types: some Sequence<any Any.Type>) -> Set<String> {
        var distinct: [ObjectIdentifier: any Any.Type] = [:]
        for type in types { distinct[ObjectIdentifier(type)] = type }
        // Each type described once: a registry names few types many times.
        var seen: [String: ObjectIdentifier] = [:]
        var shared = Set<String>()
        for type in distinct.values {
            let name = String(describing: type)
            if let other = seen.updateValue(ObjectIdentifier(type), forKey: name), other != ObjectIdentifier(type) {
                shared.insert(name)
            }
        }
        return shared
    }

    /// Whether `name` has one of `names` as a whole identifier (`Lazy<UseCases>` mentions `UseCases`).
    static func mentions(_ name: String, anyOf names: Set<String>) -> Bool {
        if names.contains(name) { return true }
        return name.split(whereSeparator: { !isPathCharacter($0) })
            .contains { names.contains(String($0)) }
    }

    /// `type` named with its parents and without its module (`Lazy<Auth.UseCases>` for
    /// `Tether.Lazy<App.Auth.UseCases>`); `nil` for a type declared in a function or private to a file, whose
    /// parents the runtime does not name.
    static func qualified(_ type: any Any.Type) -> String? {
        let full = String(reflecting: type)
        guard !full.contains("(unknown context") else { return nil }
        var result = ""
        var path = ""
        func flush() {
            // Each dotted path starts with its module: drop that first part.
            result += path.firstIndex(of: ".").map { path[path.index(after: $0)...] } ?? path[...]
            path = ""
        }
        for character in full {
            if isPathCharacter(character) {
                path.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }

    /// A character of a dotted type path (`App.Auth.UseCases`).
    private static func isPathCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "."
    }
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
