extension DIContainer {
    /// Declares a value that each request scope is given rather than one the container makes: the request, its
    /// logger, the signed-in user. Components take it as any other dependency, and get the value of the scope they
    /// are resolved in.
    ///
    /// ```swift
    /// container.registerRequestInput(User.self)
    /// container.register(Orders.init(user:database:)).lifetime(.perRequest)
    /// try await container.withRequestScope(providing: user) { scope in try scope.resolve(Orders.self) }
    /// ```
    /// Its lifetime is `perRequest`, so `validate()` counts it as provided and reports a longer-lived component
    /// holding it as a `captive-dependency`. Resolved in a scope that was not given it, it throws
    /// `missing-request-input`; outside any scope, `outside-request-scope`. The scope never disposes it: it did not
    /// make it. `name` declares a named input, given as `DIRequestInput(value, name:)`.
    @discardableResult
    public func registerRequestInput<T: Sendable>(
        _: T.Type = T.self, name: String? = nil,
        file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        let key = RequestInputKey(type: T.self, name: name)
        let parameters = FactoryParameters(Void.self)
        let thunk: FactoryThunk = { (component, _, _, target) throws(DIError) in
            guard let scope = RequestScopes.current else {
                throw DIError(.outsideRequestScope(component.info, scopeEnded: false))
            }
            target.initialize(to: try scope.input(T.self, key, of: component))
        }
        let builder = register(
            T.self, parameters: parameters, thunk: thunk, kind: .requestInput, lifetime: .perRequest,
            sharing: .sendable, file: file, line: line, filePath: filePath)
        guard let name else { return builder }
        return builder.as(T.self, name: name)
    }
}

/// A named request input's value, for `providing:`: `DIRequestInput(tenant, name: "tenant")` gives the input
/// declared with `registerRequestInput(String.self, name: "tenant")`, where a plain `String` would give the unnamed one.
public struct DIRequestInput<Value: Sendable>: Sendable {
    /// The value the scope's components get.
    public let value: Value
    /// The name it was declared under.
    public let name: String

    /// The value of the input of type `Value` declared under `name`.
    public init(_ value: Value, name: String) {
        self.value = value
        self.name = name
    }
}

/// What a request scope's inputs are found by: the declared type and name.
struct RequestInputKey: Hashable, Sendable {
    let type: ObjectIdentifier
    let name: String?

    init<T>(type: T.Type, name: String?) {
        self.type = ObjectIdentifier(T.self)
        self.name = name
    }
}

/// One value a request scope was given, with the input it is for.
struct RequestInputSeed: Sendable {
    let key: RequestInputKey
    /// The declared type, which the plan is asked about.
    let type: any Any.Type
    /// The input as a request, for the error that finds no declaration.
    let request: DIRequest
    let value: any Sendable

    /// The seed of `value`, given as a `V`: a `DIRequestInput` gives its named value, anything else itself under its
    /// static type (a subclass instance given as its base class is the base class's input).
    init<V: Sendable>(_ value: V) {
        if let named = value as? any NamedRequestInput {
            (key, type, request, self.value) = named.seed
        } else {
            key = RequestInputKey(type: V.self, name: nil)
            type = V.self
            request = DIRequest(type: V.self)
            self.value = value
        }
    }
}

/// `DIRequestInput` of any value type.
private protocol NamedRequestInput {
    var seed: (RequestInputKey, any Any.Type, DIRequest, any Sendable) { get }
}

extension DIRequestInput: NamedRequestInput {
    fileprivate var seed: (RequestInputKey, any Any.Type, DIRequest, any Sendable) {
        (RequestInputKey(type: Value.self, name: name), Value.self, DIRequest(type: Value.self, name: name), value)
    }
}

extension DIContainer {
    /// Whether `seed` is for an input `registerRequestInput` declared here or in an ancestor.
    func declaresRequestInput(_ seed: RequestInputSeed) -> Bool {
        Reclamation.pinned {
            let kind = try? plan.withEntry(for: seed.type, name: seed.key.name) { $0.component?.registration.kind }
            return kind == .requestInput
        }
    }
}
