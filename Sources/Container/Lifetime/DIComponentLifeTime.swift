/// A lifetime as a registration of `Component` may take it: the ones that share an instance beyond one resolve
/// only where sharing it is sound.
///
/// `prototype` and `objectGraph` build a new graph for every top-level resolve, so they take any type. The
/// lifetimes that hand one instance to every caller (`perContainer`, `perRun`, `single`, `custom` and Resolver's
/// names for them) exist only where `Component` is `Sendable`: for another type, `.lifetime(.single)` does not
/// compile, and the compiler says `type 'X' does not conform to the 'Sendable' protocol` on that line.
///
/// ```swift
/// container.register(Clock.init).lifetime(.single)                 // Clock: Sendable
/// container.register(ScreenModel.init).lifetime(.objectGraph)      // any type
/// container.register(LegacyStore.init).lifetime(.mainActor(.single))  // a @MainActor factory's object
/// ```
/// For a type that is not `Sendable`: make it `Sendable` (immutable, or its state behind a `Mutex`), an actor, or
/// `@MainActor`; register it with a `@MainActor` factory and `.mainActor(_:)`; or, while migrating,
/// `.uncheckedSendable(_:)`.
public struct DIComponentLifeTime<Component>: Sendable {
    /// The lifetime.
    public let lifetime: DILifeTime
    /// What makes sharing the instance sound, as this value was made.
    public let sharing: DISharing

    init(_ lifetime: DILifeTime, sharing: DISharing) {
        self.lifetime = lifetime
        self.sharing = sharing
    }

    /// A new instance for every request.
    public static var prototype: Self { Self(.prototype, sharing: .unproven) }
    /// One instance per top-level resolve, shared by everything that needs it inside that resolve.
    public static var objectGraph: Self { Self(.objectGraph, sharing: .unproven) }
    /// Resolver's `unique`: `prototype`.
    public static var unique: Self { .prototype }
    /// Resolver's `graph`: `objectGraph`.
    public static var graph: Self { .objectGraph }

    /// `lifetime` for an instance that belongs to the main actor: a registration with a `@MainActor` factory, or an
    /// instance registered by main-actor code. Its instance is handed out on the main actor only; a resolve on
    /// another thread throws `main-actor-isolated`. On any other registration it is `invalid-registration`.
    public static func mainActor(_ lifetime: DILifeTime) -> Self { Self(lifetime, sharing: .mainActor) }

    /// `lifetime` on the user's promise that sharing the instance is safe, as `@unchecked Sendable` promises: for
    /// code being migrated. Spelled to be searched for; validation lists each use as an `unchecked-sendable` note.
    public static func uncheckedSendable(_ lifetime: DILifeTime) -> Self { Self(lifetime, sharing: .unchecked) }
}

extension DIComponentLifeTime where Component: Sendable {
    /// One instance per container that resolves it.
    public static func perContainer(_ policy: DIReferencePolicy) -> Self {
        Self(.perContainer(policy), sharing: .sendable)
    }
    /// One instance per process for the registration line, shared by every container built from it.
    public static func perRun(_ policy: DIReferencePolicy) -> Self { Self(.perRun(policy), sharing: .sendable) }
    /// Like `perRun(.strong)`, and created eagerly by `initializeSingletonObjects()`.
    public static var single: Self { Self(.single, sharing: .sendable) }
    /// Kept in a scope you own, which you can clean, e.g. on logout.
    public static func custom(_ scope: DIScope) -> Self { Self(.custom(scope), sharing: .sendable) }
    /// One instance per request scope (`DIRequestScope`), disposed when the request ends. `Sendable`: a request's
    /// tasks share it.
    public static var perRequest: Self { Self(.perRequest, sharing: .sendable) }
    /// Resolver's `application`: `perRun(.strong)`.
    public static var application: Self { .perRun(.strong) }
    /// Resolver's `shared`: `perRun(.weak)`.
    public static var shared: Self { .perRun(.weak) }
    /// Resolver's `container`: `perContainer(.strong)`.
    public static var container: Self { .perContainer(.strong) }
    /// Resolver's `cached`: the process-wide `DIScope.cached`.
    public static var cached: Self { .custom(.cached) }
    /// A lifetime chosen at run time (`.lifetime(.of(configuration.lifetime))`).
    public static func of(_ lifetime: DILifeTime) -> Self { Self(lifetime, sharing: .sendable) }
}
