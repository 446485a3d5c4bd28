/// One request's instances of the `perRequest` components: a server's unit of work, made on first use within the
/// request, shared by everything the request resolves, and disposed when the request ends.
///
/// ```swift
/// container.register(UnitOfWork.init).lifetime(.perRequest)  // UnitOfWork: DIDisposable
/// container.register(TodoRepository.init).lifetime(.perRequest)
/// let todos = try await container.withRequestScope { scope in
///     try scope.resolve(TodoRepository.self).all()  // the repository and its unit of work: this request's
/// }  // both disposed here, the repository first
/// ```
/// A resolve through the scope, and every resolve nested in it on the same thread (a factory's own resolve, a
/// property wrapper), finds the scope's instances; a `perRequest` component resolved anywhere else throws
/// `outside-request-scope`. Safe to use from several tasks of one request: each instance is made once.
public final class DIRequestScope: Sendable {
    /// The container the scope resolves from.
    public let container: DIContainer
    /// Its instances, the makes running in it and whether it ended (see `State`), under this lock.
    let state = Locked(State())

    /// The values it was given for the inputs `registerRequestInput` declares, the last given first.
    let inputs: [RequestInputSeed]

    /// Makes an empty scope; `container.withRequestScope { }` makes one and ends it.
    public init(container: DIContainer) {
        self.container = container
        self.inputs = []
    }

    /// Makes a scope given `inputs`: the values of the request inputs its components take (the request, its
    /// logger, the signed-in user), each declared with `container.registerRequestInput(_:)` under its static type;
    /// a named one is given as `DIRequestInput(value, name:)`. Of two values for one input, the last is used.
    ///
    /// Throws `undeclared-request-input` for a value no declaration takes, so that a typo or a wrong static type
    /// (`any Logging` declared, `Logger` given) fails where the request starts rather than at a later resolve.
    public init<First: Sendable, each More: Sendable>(
        container: DIContainer, providing first: First, _ more: repeat each More
    ) throws(DIError) {
        // One value at least: with none, a call would match `init(container:)` as well.
        var seeds = [RequestInputSeed(first)]
        repeat seeds.append(RequestInputSeed(each more))
        for seed in seeds where !container.declaresRequestInput(seed) {
            throw DIError(.undeclaredRequestInput(seed.request))
        }
        self.container = container
        self.inputs = seeds.reversed()
    }

    /// Resolves `T` from the container, with the `perRequest` instances of this scope.
    @inlinable
    public func resolve<T>(_ type: T.Type = T.self, name: String? = nil) throws(DIError) -> T {
        // Specialised where it is called, as `resolveOrThrow` is: a class comes back as a reference.
        let outer = enter()
        defer { leave(outer) }
        return try container.resolveOrThrow(type, name: name)
    }

    /// Resolves `T` from the container as `container.resolveAsync` does, with the `perRequest` instances of this
    /// scope: what an `async` factory registered `.perRequest` makes (a transaction begun, a pooled connection
    /// borrowed) is made once per request, however many of its tasks ask at once, and disposed at `end()` with the
    /// rest, in order. A synchronous `resolve` in the request reuses it once made, and throws `async-factory` before.
    public nonisolated(nonsending) func resolveAsync<T>(
        _ type: T.Type = T.self, name: String? = nil
    ) async throws(DIError) -> T {
        do {
            return try await RequestScopes.$awaiting.withValue(self) {
                try await container.resolveAsync(type, name: name)
            }
        } catch {
            throw error as! DIError  // `resolveAsync` throws only `DIError`s.
        }
    }

    /// Ends the request: later resolves of `perRequest` components through the scope throw `outside-request-scope`,
    /// and its `DIDisposable` instances are disposed, the newest first. A second call disposes nothing.
    ///
    /// Makes still running in the scope (a factory another task of the request called) are waited for first, so
    /// that what they make is disposed with the rest, in order; the resolve that made it throws
    /// `outside-request-scope` rather than hand out an instance being disposed. A factory that waits for this
    /// `end()` to return therefore never lets it return.
    @discardableResult
    public func end() async -> DIShutdownReport {
        await endRequest()
    }
}

extension DIContainer {
    /// Runs `body` with a new request scope given `inputs` (see `DIRequestScope.init(container:providing:)`), and
    /// ends the scope when `body` returns or throws. Throws `undeclared-request-input` before `body` runs for a
    /// value no `registerRequestInput` declares.
    ///
    /// ```swift
    /// try await container.withRequestScope(providing: request, logger, user) { scope in
    ///     try scope.resolve(OrderHandler.self).handle()
    /// }
    /// ```
    public nonisolated(nonsending) func withRequestScope<Result, First: Sendable, each More: Sendable>(
        providing first: First, _ more: repeat each More, body: (DIRequestScope) async throws -> Result
    ) async throws -> Result {
        try await running(DIRequestScope(container: self, providing: first, repeat each more), body)
    }

    /// Runs `body` with a new request scope, and ends the scope when `body` returns or throws, disposing the
    /// scope's instances (see `DIRequestScope`).
    public nonisolated(nonsending) func withRequestScope<Result, Failure: Error>(
        _ body: (DIRequestScope) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        try await running(DIRequestScope(container: self), body)
    }

    /// Runs `body` with `scope`, and ends the scope when `body` returns or throws.
    private nonisolated(nonsending) func running<Result, Failure: Error>(
        _ scope: DIRequestScope, _ body: (DIRequestScope) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        do {
            let result = try await body(scope)
            await scope.end()
            return result
        } catch {
            await scope.end()
            throw error
        }
    }
}
