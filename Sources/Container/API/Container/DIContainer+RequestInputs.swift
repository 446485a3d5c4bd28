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
