/// What was asked of the container: a type, and the name it was registered under, if any.
public struct DIRequest: Sendable, Hashable, CustomStringConvertible {
    /// The requested type's name.
    public let typeName: String
    /// The registration name, for `.as(_:name:)` registrations.
    public let name: String?
    /// The metatype as code spells it, for fix-its: `(any Animal).self`, `Cat.self`.
    public let metatype: String

    /// Describes a request.
    public init(typeName: String, name: String? = nil, metatype: String? = nil) {
        self.typeName = typeName
        self.name = name
        self.metatype = metatype ?? "\(typeName).self"
    }

    /// Describes a request for `type`.
    package init(type: any Any.Type, name: String? = nil) {
        self.init(typeName: Tether.typeName(type), name: name, metatype: metatypeSpelling(type))
    }

    public var description: String {
        if let name { return "\(typeName) named \"\(name)\"" }
        return typeName
    }
}
