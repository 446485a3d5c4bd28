/// One dependency of a component, as recorded at registration: what it asks for and how.
///
/// Validation and diagnostics read these from `DIRegistrySnapshot`; nothing here runs user code.
public struct DIDependency: Sendable, CustomStringConvertible {
    /// How the dependency is asked for.
    public enum Kind: String, Sendable, CaseIterable {
        /// `P`: exactly one provider must exist.
        case plain
        /// `P?`: `nil` when nothing provides `P`.
        case optional
        /// `[P]`: every registration providing `P`, in registration order, unless `[P]` itself is registered.
        case many
        /// `Lazy<P>`: resolved on first use, then kept.
        case lazy
        /// `Provider<P>`: resolved on every call, per `P`'s lifetime.
        case provider
        /// `DIArgument<P>`: passed by the caller at resolve time.
        case argument
    }

    /// Where the dependency is used.
    public enum Position: Sendable, Hashable, CustomStringConvertible {
        /// A factory parameter, counted from 0.
        case parameter(Int)
        /// A property set, or a method called, after creation; `cycle` defers it to the end of the outermost
        /// resolve.
        case injection(property: String, cycle: Bool)
        /// A completion step (`.completion`), run after every injection; deferred with `cycle`, or when any
        /// injection of the component is.
        case completion(cycle: Bool)
        /// A property wrapper (`@Injected`, `@LazyInjected`, ...) of the registered type, which resolves from the
        /// ambient container when the object is made or first reads it. Validation sees its type, not a `name:` or
        /// `tag:` its initializer was given.
        case wrapper(property: String, wrapper: String)

        /// The text reports and errors show.
        public var description: String {
            switch self {
            case .wrapper(let property, let wrapper): "\(wrapper) \(property)"
            case .parameter(let index): "parameter \(index + 1)"
            case .injection(let property, let cycle): cycle ? "injection \(property) (cycle)" : "injection \(property)"
            case .completion(let cycle): cycle ? "completion (cycle)" : "completion"
            }
        }

        /// Whether it waits for the end of the outermost resolve.
        public var isDeferred: Bool {
            switch self {
            case .parameter, .wrapper: false
            case .injection(_, let cycle), .completion(let cycle): cycle
            }
        }
    }

    /// How it is asked for.
    public let kind: Kind
    /// The type looked up: `P` for `P`, `P?`, `[P]`, `Lazy<P>`, `Provider<P>` and `DIArgument<P>`.
    public let type: any Any.Type
    /// The parameter's own type as declared, such as `Optional<P>`; a registration of exactly this type wins.
    public let declaredType: any Any.Type
    /// Where it is used.
    public let position: Position
    /// The name of the providers it asks for (`.parameter(at:name:)`, `.injection(name:)`).
    public let name: String?
    /// The tag of the providers it asks for (`DITagged<Tag, P>`, `.parameter(at:tag:)`, `.injection(tag:)`); for a
    /// nested `DITagged`, which asks for several, a type that stands for all of them (see `tags`).
    public let tag: (any Any.Type)?
    /// Every tag a provider must carry: none, `tag`, or each tag of a nested `DITagged`.
    public var tags: [any Any.Type] { tag.map(Tags.parts) ?? [] }
    /// The kind inside `kind`, for a nested dependency: `.lazy` for `[Lazy<P>]`, `.many` for `Lazy<[P]>`.
    public let innerKind: Kind?

    /// Describes a dependency.
    public init(
        kind: Kind, type: any Any.Type, declaredType: any Any.Type, position: Position, name: String? = nil,
        tag: (any Any.Type)? = nil, innerKind: Kind? = nil
    ) {
        self.innerKind = innerKind
        self.kind = kind
        self.type = type
        self.declaredType = declaredType
        self.position = position
        self.name = name
        self.tag = tag
    }

    /// The name of `type`.
    public var typeName: String { Tether.typeName(type) }

    /// Whether resolving the owner runs this dependency's construction after the owner exists, or later, so that
    /// a cycle through it can end.
    public var isDeferred: Bool {
        [kind, innerKind].contains { $0 == .lazy || $0 == .provider } || position.isDeferred
    }

    /// Whether it is or holds a `Lazy` or `Provider` (`Provider<P>`, `[Provider<P>]`, `Lazy<P>?`, `Provider<[P]>`,
    /// `Lazy<P?>`), which passes its components' runtime arguments itself (`get(arguments:)`).
    public var passesArguments: Bool {
        // `Lazy<P>`, `Provider<[P]>`, `Lazy<P?>`, `[Provider<P>]`, `Provider<P>?`: an accessor, outside or inside.
        let accessors: [Kind] = [.lazy, .provider]
        return accessors.contains(kind) || innerKind.map(accessors.contains) == true
    }

    /// Whether it lists every provider (`[P]`, `[Lazy<P>]`, `Lazy<[P]>`).
    public var isMany: Bool { kind == .many || innerKind == .many }

    /// Whether nothing providing it is fine (`P?`, `Lazy<P>?`, `Lazy<P?>`, and every kind of many).
    public var acceptsAbsence: Bool { isMany || kind == .optional || innerKind == .optional }

    /// `DatabasePool? named "replica"`, `[any Plugin] tagged Builtin`.
    public var description: String {
        let shaped = Self.shaped(Self.shaped(typeName, innerKind ?? .plain), kind)
        return shaped + qualifierDescription(name: name, tag: tag)
    }

    private static func shaped(_ type: String, _ kind: Kind) -> String {
        switch kind {
        case .plain: type
        case .optional: "\(type)?"
        case .many: "[\(type)]"
        case .lazy: "Lazy<\(type)>"
        case .provider: "Provider<\(type)>"
        case .argument: "DIArgument<\(type)>"
        }
    }
}

/// ` named "replica"`, ` tagged Primary`, or nothing: how requests, dependencies and provided types say which
/// providers they mean.
package func qualifierDescription(name: String?, tag: (any Any.Type)?) -> String {
    var text = ""
    if let name { text += " named \"\(name)\"" }
    if let tag { text += " tagged \(Tags.name(tag))" }
    return text
}
