/// What was asked of the container: a type, and the name it was registered under, if any.
public struct DIRequest: Sendable, Hashable, CustomStringConvertible {
    /// The requested type's name.
    public let typeName: String
    /// The registration name, for `.as(_:name:)` registrations.
    public let name: String?

    /// Describes a request.
    public init(typeName: String, name: String? = nil) {
        self.typeName = typeName
        self.name = name
    }

    public var description: String {
        if let name { return "\(typeName) named \"\(name)\"" }
        return typeName
    }
}
