/// How long a resolved instance lives, and who shares it: the one lifetime type, which a registration, a module's
/// default and a variable all take as it is.
///
/// ```swift
/// container.register(Cat.init).lifetime(.perContainer(.strong))
/// container.register(Clock.init).lifetime(configuration.lifetime)  // a DILifeTime chosen at run time
/// ```
/// Resolver's scope names are aliases of the same values, so code moving from Resolver keeps its spelling.
///
/// The lifetimes that hand one instance to every caller (all but `prototype` and `objectGraph`) compile only for a
/// `Sendable` component: for another type, `.lifetime(.single)` is refused on its line with `type 'X' does not
/// conform to the 'Sendable' protocol`. For such a type, make it `Sendable` (immutable, its state behind a `Mutex`,
/// an actor, or `@MainActor`); for the object of a `@MainActor` factory, write `.lifetime(.single, on:
/// MainActor.self)`; while migrating, `.lifetime(uncheckedSendable: .single)`.
public enum DILifeTime: Sendable, Hashable, CustomStringConvertible {
    /// A new instance for every request.
    case prototype
    /// One instance per top-level resolve, shared by everything that needs it inside that resolve.
    case objectGraph
    /// One instance per container that resolves it.
    case perContainer(DIReferencePolicy)
    /// One instance per process for a registration (its type plus its source site), shared by every container
    /// built from that registration line.
    case perRun(DIReferencePolicy)
    /// Like `perRun(.strong)`, and created eagerly by `initializeSingletonObjects()`.
    case single
    /// Kept in a scope you own, which you can empty, e.g. on logout (`dropInstances()`, `shutdown()`).
    case custom(DIScope)
    /// One instance per request scope (`DIRequestScope`): a server's unit of work, disposed when the request ends.
    case perRequest

    /// Resolver's `unique`: `prototype`.
    public static var unique: DILifeTime { .prototype }
    /// Resolver's `graph`: `objectGraph`.
    public static var graph: DILifeTime { .objectGraph }
    /// Resolver's `application`: `perRun(.strong)`.
    public static var application: DILifeTime { .perRun(.strong) }
    /// Resolver's `shared`: `perRun(.weak)`.
    public static var shared: DILifeTime { .perRun(.weak) }
    /// Resolver's `container`: `perContainer(.strong)`.
    public static var container: DILifeTime { .perContainer(.strong) }
    /// Resolver's `cached`: the process-wide `DIScope.cached`, emptied by `DIScope.cached.dropInstances()`.
    public static var cached: DILifeTime { .custom(.cached) }

    /// Whether the lifetime may hand out an instance made earlier (every lifetime but `prototype`).
    public var isCaching: Bool { self != .prototype }

    /// Whether the lifetime keeps its instance only while someone else holds it.
    public var holdsWeakly: Bool {
        switch self {
        case .perContainer(.weak), .perRun(.weak): true
        case .custom(let scope): scope.policy == .weak
        default: false
        }
    }

    /// The text reports and errors show.
    public var description: String {
        switch self {
        case .prototype: "prototype"
        case .objectGraph: "objectGraph"
        case .perContainer(let policy): "perContainer(.\(policy))"
        case .perRun(let policy): "perRun(.\(policy))"
        case .single: "single"
        case .custom(let scope): "custom(\(scope.name))"
        case .perRequest: "perRequest"
        }
    }
}

extension DILifeTime {
    /// Whether an instance outlives the top-level resolve that made it (every lifetime but `prototype` and
    /// `objectGraph`), so that callers on several threads may share it.
    var outlivesResolve: Bool {
        switch self {
        case .prototype, .objectGraph: false
        case .perContainer, .perRun, .single, .custom, .perRequest: true
        }
    }

    /// Whether its instance outlives the container that made it (`perRun`, `single`, a custom scope): cells keyed by
    /// the registration's line, which every container registered on that line reaches.
    var outlivesContainer: Bool {
        switch self {
        case .perRun, .single, .custom: true
        case .prototype, .objectGraph, .perContainer, .perRequest: false
        }
    }

    /// Whether one instance serves the whole process (`perRun`, `single`).
    var isProcessWide: Bool {
        switch self {
        case .perRun, .single: true
        default: false
        }
    }
}
