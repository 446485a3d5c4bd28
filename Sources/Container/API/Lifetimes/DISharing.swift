/// Why a registration may hand one instance to several callers: what makes sharing it sound.
///
/// A lifetime longer than one resolve (`perContainer`, `perRun`, `single`, `custom`, an instance given to
/// `registerInstance`) gives every caller the same object, on whatever thread asks. That is sound only for a type
/// the compiler knows to be `Sendable`, or for an object only one actor uses. The registration line records which
/// one holds; validation and every resolve read it.
///
/// ```swift
/// container.register(Clock.init).lifetime(.single)                  // Clock: Sendable -> .sendable
/// container.register(LegacyCache.init).lifetime(uncheckedSendable: .single)  // the user's promise -> .unchecked
/// ```
public enum DISharing: Sendable, Hashable, CustomStringConvertible {
    /// Nothing on the registration line says the instance may be shared: its shared lifetime came from a default
    /// (a module's `defaultLifetime`, `DISetting.Defaults.lifeTime`). Validation reports `shared-not-sendable`,
    /// and a resolve throws the same error rather than share it.
    case unproven
    /// The compiler checked that the type is `Sendable`, on the registration line.
    case sendable
    /// The instance belongs to the main actor (a `@MainActor` factory, or an object registered by main-actor code):
    /// it is handed out on the main actor only, and any other resolve throws `main-actor-isolated`.
    case mainActor
    /// `.lifetime(uncheckedSendable:)` or `registerInstance(uncheckedSendable:)`: the user promises that the type is
    /// safe to share, as `@unchecked Sendable` does; validation lists each as a note.
    case unchecked

    /// The text reports show.
    public var description: String {
        switch self {
        case .unproven: "unproven"
        case .sendable: "Sendable"
        case .mainActor: "@MainActor"
        case .unchecked: "unchecked Sendable"
        }
    }
}

extension DISharing {
    /// How to fix a shared lifetime that nothing proved sound: the resolve's error and validation's finding say it
    /// alike.
    package static func fix(for type: String, lifetime: DILifeTime, at site: String) -> String {
        "write the lifetime on the registration at \(site), `.lifetime(.\(lifetime))`, which compiles once \(type) is "
            + "`Sendable` (immutable, its state behind a `Mutex`, an actor, or `@MainActor`); for an object of a "
            + "`@MainActor` factory, `.lifetime(.\(lifetime), on: MainActor.self)`; while migrating, "
            + "`.lifetime(uncheckedSendable: .\(lifetime))`; or give it `.prototype` or `.objectGraph`"
    }
}
