/// How important a message from the container is.
public enum DILogLevel: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Nothing: as a `DISetting.Log.level`, silences the container.
    case none
    /// A resolve failed.
    case error
    /// Something probably wrong that still works, such as a weak lifetime on a value type.
    case warning
    /// Plans built, singletons created.
    case info
    /// Every registration and every cached instance created.
    case verbose

    /// From the most serious level to the most detailed.
    public static func < (lhs: DILogLevel, rhs: DILogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The text reports and errors show.
    public var description: String {
        switch self {
        case .none: "none"
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        case .verbose: "verbose"
        }
    }
}
