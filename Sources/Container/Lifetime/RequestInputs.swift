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
