
/// The stable identifier of a kind of finding; part of the API, used to select checks, change severities and
/// suppress findings (`.suppress("captive-dependency", reason: ...)`).
public struct DIFindingCode: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    /// Wraps a code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a code written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: DIFindingCode, rhs: DIFindingCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A plain, `Lazy` or `Provider` dependency that nothing provides (error).
    public static let missingDependency: DIFindingCode = "missing-dependency"
    /// Several providers of a dependency and none `.default()` (error).
    public static let ambiguousDependency: DIFindingCode = "ambiguous-dependency"
    /// Several providers of a dependency marked `.default()` (error).
    public static let multipleDefaults: DIFindingCode = "multiple-defaults"
    /// A cycle that never ends: no deferred edge, or only prototypes meeting again (error).
    public static let dependencyCycle: DIFindingCode = "dependency-cycle"
    /// A longer-lived component holding a shorter-lived one (warning).
    public static let captiveDependency: DIFindingCode = "captive-dependency"
    /// A weak lifetime on a value type, which can never be shared (warning).
    public static let weakValueType: DIFindingCode = "weak-value-type"
    /// A component taking runtime arguments injected as a dependency, where nobody can pass them (error).
    public static let argumentsUnavailable: DIFindingCode = "arguments-unavailable"
    /// A caching lifetime on a component taking runtime arguments (error).
    public static let cachedArguments: DIFindingCode = "cached-arguments"
    /// In a child container, a strongly cached component holding a `Lazy` or `Provider`, which holds the container:
    /// dropping the container frees neither (warning).
    public static let containerRetainCycle: DIFindingCode = "container-retain-cycle"
    /// A component no `.root()` registration reaches (info; only when roots are marked).
    public static let unreachable: DIFindingCode = "unreachable"
    /// Builder calls that contradict the factory, such as `.parameter(at:)` past its parameters (error).
    public static let invalidRegistration: DIFindingCode = "invalid-registration"

    /// Every code the validator reports.
    public static let all: Set<DIFindingCode> = [
        .missingDependency, .ambiguousDependency, .multipleDefaults, .dependencyCycle, .captiveDependency,
        .weakValueType, .argumentsUnavailable, .cachedArguments, .containerRetainCycle, .unreachable,
        .invalidRegistration,
    ]
}
