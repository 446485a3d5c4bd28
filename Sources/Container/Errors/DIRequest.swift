/// What was asked of the container: a type, and the name it was registered under, if any.
public struct DIRequest: Sendable, Hashable, CustomStringConvertible {
    /// The requested type's name.
    public var typeName: String {
        switch source {
        case .type(let type): Tether.typeName(type)
        case .spelled(let typeName, _): typeName
        }
    }
    /// The registration name, for `.as(_:name:)` registrations.
    public let name: String?
    /// The metatype as code spells it, for fix-its: `(any Animal).self`, `Cat.self`.
    public var metatype: String {
        switch source {
        case .type(let type): metatypeSpelling(type)
        case .spelled(_, let metatype): metatype
        }
    }

    /// A request made from a type is spelled only when read: every plan describes each of its components as
    /// one, and most of those descriptions are never shown.
    private let source: Source

    private enum Source: Sendable {
        case type(any Any.Type)
        case spelled(typeName: String, metatype: String)
    }

    /// Describes a request.
    public init(typeName: String, name: String? = nil, metatype: String? = nil) {
        self.source = .spelled(typeName: typeName, metatype: metatype ?? "\(typeName).self")
        self.name = name
    }

    /// Describes a request for `type`.
    package init(type: any Any.Type, name: String? = nil) {
        self.source = .type(type)
        self.name = name
    }

    public static func == (lhs: DIRequest, rhs: DIRequest) -> Bool {
        lhs.name == rhs.name && lhs.typeName == rhs.typeName && lhs.metatype == rhs.metatype
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(name)
    }

    public var description: String {
        if let name { return "\(typeName) named \"\(name)\"" }
        return typeName
    }
}
