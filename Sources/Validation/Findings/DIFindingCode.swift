/// The stable identifier of a kind of finding; part of the API, used to select checks, change severities and
/// suppress findings (`.suppress("captive-dependency", reason: ...)`).
///
/// A registration suppresses by the raw value, since app code need not import TetherValidation; options take the
/// constants:
///
/// ```swift
/// let container = DIContainer()  // SyncService: a class of the app
/// container.register(SyncService.init).lifetime(.single)
///     .suppress("long-lived-holder", reason: "it keeps only immutable values")
/// let options = DIValidationOptions(
///     checks: DIFindingCode.all.subtracting([.unreachable]), severities: [.captiveDependency: .error])
/// try container.validate(options: options)  // a captive dependency is a bug in this app
/// ```
public struct DIFindingCode: RawRepresentable, Hashable, Sendable, Comparable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code as written in reports and suppressions.
    public let rawValue: String

    /// Wraps a code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a code written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The text reports and errors show.
    public var description: String { rawValue }

    /// By name, for stable reports.
    public static func < (lhs: DIFindingCode, rhs: DIFindingCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A plain, `Lazy` or `Provider` dependency that nothing provides (error).
    public static let missingDependency: DIFindingCode = "missing-dependency"
    /// Several providers of a dependency and none `.default()` (error).
    public static let ambiguousDependency: DIFindingCode = "ambiguous-dependency"
    /// Several providers of a dependency marked `.default()` (error).
    public static let multipleDefaults: DIFindingCode = "multiple-defaults"
    /// A cycle that never ends: no deferred edge, or only prototypes meeting again (error).
    public static let dependencyCycle: DIFindingCode = "dependency-cycle"
    /// A longer-lived component holding a shorter-lived one where the user loses something: a custom scope or a
    /// weak lifetime can no longer end the instance's life, or two long-lived holders built in one resolve share one
    /// objectGraph instance (warning). The harmless rest is `longLivedHolder`.
    public static let captiveDependency: DIFindingCode = "captive-dependency"
    /// A longer-lived component keeping its own objectGraph or prototype instance as long as it lives, as a
    /// long-lived object keeps its fields (note): its own code, so that raising `captiveDependency` to an error
    /// fails on the real warnings only.
    public static let longLivedHolder: DIFindingCode = "long-lived-holder"
    /// A weak lifetime on a value type, which can never be shared (warning).
    public static let weakValueType: DIFindingCode = "weak-value-type"
    /// A component taking runtime arguments injected as a dependency, where nobody can pass them (error).
    public static let argumentsUnavailable: DIFindingCode = "arguments-unavailable"
    /// A caching lifetime on a component taking runtime arguments (error).
    public static let cachedArguments: DIFindingCode = "cached-arguments"
    /// In a child container, a strongly cached component holding a `Lazy` or `Provider`, which holds the container:
    /// dropping the container frees neither (warning).
    public static let containerRetainCycle: DIFindingCode = "container-retain-cycle"
    /// The registrations no root reaches, in one note (only when roots are given).
    public static let unreachable: DIFindingCode = "unreachable"
    /// Builder calls that contradict the factory, such as `.parameter(at:)` past its parameters (error).
    public static let invalidRegistration: DIFindingCode = "invalid-registration"

    /// An injection of one Optional value that nothing provides, which always sets nil, as a `T!` property
    /// injected without its provider does (warning).
    public static let optionalInjectionUnprovided: DIFindingCode = "optional-injection-unprovided"

    /// A component needs an async one: an error when the async one keeps no instance (nothing can build the
    /// consumer), a note otherwise (a synchronous resolve works once an awaiting one made it).
    public static let asyncFactory: DIFindingCode = "async-factory"
    /// A component not isolated to the main actor needs a main-actor one: a warning when it keeps its instance, a
    /// note otherwise.
    public static let mainActorIsolated: DIFindingCode = "main-actor-isolated"

    /// A factory registered with `register(_:)` whose parameters are the elements of a tuple that is itself
    /// registered: it may have meant one parameter of that tuple, which takes `register(taking:_:)` (warning).
    public static let splitTupleParameter: DIFindingCode = "split-tuple-parameter"
    /// A dependency on a component registered with `registerInjections(into:)`, which the container never makes
    /// (error).
    public static let madeElsewhere: DIFindingCode = "made-elsewhere"

    /// A shared lifetime (perContainer, perRun, single, custom) that came from a default on a registration whose
    /// line proves nothing about sharing it: the type may not be `Sendable`, and every resolve throws (error).
    public static let sharedNotSendable: DIFindingCode = "shared-not-sendable"
    /// A registration shared on the user's promise (`.lifetime(uncheckedSendable:)`,
    /// `registerInstance(uncheckedSendable:)`) rather than the compiler's check (note).
    public static let uncheckedSendable: DIFindingCode = "unchecked-sendable"

    /// A `DIDisposable` component whose instances the container does not keep, so that no shutdown disposes them:
    /// a prototype, a weak lifetime, or an objectGraph instance no kept component holds (warning).
    public static let undisposedDisposable: DIFindingCode = "undisposed-disposable"

    /// Every code the validator reports.
    public static let all: Set<DIFindingCode> = [
        .missingDependency, .ambiguousDependency, .multipleDefaults, .dependencyCycle, .captiveDependency,
        .longLivedHolder, .weakValueType, .argumentsUnavailable, .cachedArguments, .containerRetainCycle, .unreachable,
        .invalidRegistration, .asyncFactory, .mainActorIsolated, .optionalInjectionUnprovided, .splitTupleParameter,
        .madeElsewhere, .sharedNotSendable, .uncheckedSendable, .undisposedDisposable,
    ]
}
