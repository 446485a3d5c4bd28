/// The lifetime wrapper `lifetime(_:)` took before `DILifeTime` was the one lifetime type; kept so that code using
/// `.mainActor(_:)`, `.uncheckedSendable(_:)` or `.of(_:)` still compiles, each with a warning that names its
/// replacement.
@available(*, deprecated, message: "pass a DILifeTime to lifetime(_:); see the Migration page")
public struct DIComponentLifeTime<Component>: Sendable {
    /// The lifetime.
    public let lifetime: DILifeTime
    /// What makes sharing the instance sound, as this value was made.
    public let sharing: DISharing

    init(_ lifetime: DILifeTime, sharing: DISharing) {
        self.lifetime = lifetime
        self.sharing = sharing
    }

    /// `lifetime` for an instance that belongs to the main actor.
    @available(*, deprecated, message: "write .lifetime(lifetime, on: MainActor.self)")
    public static func mainActor(_ lifetime: DILifeTime) -> Self { Self(lifetime, sharing: .mainActor) }

    /// `lifetime` on the user's promise that sharing the instance is safe.
    @available(*, deprecated, message: "write .lifetime(uncheckedSendable: lifetime)")
    public static func uncheckedSendable(_ lifetime: DILifeTime) -> Self { Self(lifetime, sharing: .unchecked) }
}

@available(*, deprecated)
extension DIComponentLifeTime where Component: Sendable {
    /// A lifetime chosen at run time.
    @available(*, deprecated, message: "pass the DILifeTime as it is: .lifetime(lifetime)")
    public static func of(_ lifetime: DILifeTime) -> Self { Self(lifetime, sharing: .sendable) }
}

extension DIComponentBuilder {
    /// Sets the lifetime a `DIComponentLifeTime` carries.
    @available(
        *, deprecated,
        message: "pass a DILifeTime; see Migration, \"From earlier Tether\""
    )
    @discardableResult
    public func lifetime(_ lifetime: DIComponentLifeTime<Component>) -> Self {
        setLifetime(lifetime.lifetime, sharing: lifetime.sharing)
    }
}
