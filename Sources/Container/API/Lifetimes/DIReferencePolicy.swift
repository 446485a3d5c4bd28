/// Whether a caching lifetime keeps its instance alive itself or only while someone else holds it.
///
/// ```swift
/// // DetailModel, ImageCache, Draft: classes of the app
/// let container = DIContainer()
/// container.register(DetailModel.init).lifetime(.perContainer(.weak))  // shared while a screen shows it
/// container.register(ImageCache.init).lifetime(.perRun(.strong))  // kept as long as the process runs
/// let editing = DIScope(name: "editing", storage: DICacheStorage(), policy: .weak)
/// container.register(Draft.init).lifetime(.custom(editing))  // gone when the editor lets it go
/// ```
public enum DIReferencePolicy: Sendable, Hashable, CustomStringConvertible {
    /// The instance lives as long as the cache does.
    case strong
    /// The cache holds the instance weakly; once the last outside holder lets go, the next resolve builds a new
    /// one. Value types cannot be referenced weakly, so under this policy they are built anew every time.
    case weak

    /// The text reports and errors show.
    public var description: String {
        switch self {
        case .strong: "strong"
        case .weak: "weak"
        }
    }
}
