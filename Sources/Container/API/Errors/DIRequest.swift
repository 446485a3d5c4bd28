/// What was asked of the container: a type, and the name it was registered under, if any.
public struct DIRequest: Sendable, Hashable, CustomStringConvertible {
    /// The requested type's name.
    public var typeName: String {
        switch source {
        case .type(let type, _, _): Tether.typeName(type)
        case .spelled(let typeName, _): typeName
        }
    }
    /// The registration name, for `.as(_:name:)` registrations.
    public let name: String?
    /// The tag, for a `DITagged` dependency: `Primary`, or `Primary and Replica` for one that names two.
    public var tag: String? { tagType.map(Tags.name) }

    private var tagType: (any Any.Type)? {
        if case .type(_, let tag, _) = source { tag } else { nil }
    }

    /// Whether a factory parameter made the request, which a parameter default value might have meant to
    /// satisfy; the not-registered help mentions defaults only then.
    package var isParameter: Bool {
        if case .type(_, _, let parameter) = source { parameter } else { false }
    }

    /// Code that names the type: `any Mailer` for a protocol, `Mailer` otherwise, as `Lazy<...>` takes it.
    package var codeSpelling: String {
        switch source {
        case .type(let type, _, _): Tether.codeSpelling(type)
        case .spelled(let typeName, let metatype):
            metatype.hasPrefix("(any ") && metatype.hasSuffix(").self")
                ? String(metatype.dropFirst().dropLast(").self".count)) : typeName
        }
    }
    /// Whether the requested type is a protocol (`any P`), which a conformance isolated to an actor can provide.
    package var isExistential: Bool {
        switch source {
        case .type(let type, _, _): Tether.isExistential(type)
        case .spelled(_, let metatype): metatype.hasPrefix("(any ")
        }
    }

    /// The metatype as code spells it, for fix-its: `(any Animal).self`, `Cat.self`.
    public var metatype: String {
        switch source {
        case .type(let type, _, _): metatypeSpelling(type)
        case .spelled(_, let metatype): metatype
        }
    }

    /// A request made from a type is spelled only when read: every plan describes each of its components as
    /// one, and most of those descriptions are never shown.
    private let source: Source

    /// The tag and the parameter mark live in the `type` case, which has room for them beside the type (the
    /// `spelled` case is larger): a request is part of every resolution step, and a deep resolve keeps steps in
    /// many frames.
    private enum Source: Sendable {
        case type(any Any.Type, tag: (any Any.Type)?, parameter: Bool)
        case spelled(typeName: String, metatype: String)
    }

    /// Describes a request.
    public init(typeName: String, name: String? = nil, metatype: String? = nil) {
        self.source = .spelled(typeName: typeName, metatype: metatype ?? "\(typeName).self")
        self.name = name
    }

    /// Describes a request for `type`, under `name` or tagged `tag`, made by a factory parameter if `parameter`.
    package init(type: any Any.Type, name: String? = nil, tag: (any Any.Type)? = nil, parameter: Bool = false) {
        self.source = .type(type, tag: tag, parameter: parameter)
        self.name = name
    }

    /// The same type, spelled the same, under the same name and tag.
    public static func == (lhs: DIRequest, rhs: DIRequest) -> Bool {
        lhs.name == rhs.name && lhs.tag == rhs.tag && lhs.typeName == rhs.typeName && lhs.metatype == rhs.metatype
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeName)
        hasher.combine(name)
        hasher.combine(tag)
    }

    /// The text reports and errors show.
    public var description: String {
        typeName + qualifierDescription(name: name, tag: tagType)
    }
}
