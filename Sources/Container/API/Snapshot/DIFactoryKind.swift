/// How a component's factory must be called, which decides where and how it can be resolved.
///
/// `register` records it from the factory's type: a plain function is `synchronous`, a `@MainActor` one
/// `mainActor`, an `async` one `asynchronous`. Validation and the snapshot read it; see Docs/en/Concurrency.md.
public enum DIFactoryKind: Sendable, Hashable, CustomStringConvertible {
    /// Called on whatever thread resolves.
    case synchronous
    /// Called on the main actor: a synchronous resolve on the main thread builds it, `resolveAsync` hops there, and
    /// any other synchronous resolve gets `main-actor-isolated`.
    case mainActor
    /// Awaited: only `resolveAsync` and `initializeSingletonObjectsAsync()` build it; a synchronous resolve can use
    /// an instance they made and kept, and gets `async-factory` otherwise.
    case asynchronous
    /// No factory: a value each request scope is given (`registerRequestInput`), such as the request, its logger or
    /// the signed-in user. Resolved through a scope that was given it; `missing-request-input` in one that was not.
    case requestInput

    /// The text reports and errors show.
    public var description: String {
        switch self {
        case .synchronous: "synchronous"
        case .mainActor: "@MainActor"
        case .asynchronous: "async"
        case .requestInput: "request input"
        }
    }
}
