/// A registration close to a request that found nothing, shown so the fix is obvious.
public struct DINearMiss: Sendable, Hashable, CustomStringConvertible {
    /// How the registration misses the request.
    public enum Reason: Sendable, Hashable {
        /// It provides the type, but under this name.
        case differentName(String)
        /// It provides the type without a name, while the request named one.
        case unnamed
        /// It provides only `Optional` of the type.
        case optionalOnly
        /// It provides the type without the tag the request asked for: its name, or `A and B` for the tags it lacks
        /// of a request that names several.
        case untagged(String)
    }

    /// How it misses.
    public let reason: Reason
    /// The registration.
    public let component: DIComponentInfo

    /// Describes a near miss.
    public init(reason: Reason, component: DIComponentInfo) {
        self.reason = reason
        self.component = component
    }

    /// The text reports and errors show.
    public var description: String {
        let type = typeName(component.type)
        switch reason {
        case .differentName(let name): return "\(type) registered under name \"\(name)\" at \(component.site)"
        case .unnamed: return "\(type) registered without a name at \(component.site)"
        case .optionalOnly: return "\(type) registered at \(component.site) provides only an Optional"
        case .untagged(let tags):
            let noun = tags.contains(" and ") ? "tags" : "tag"
            return "\(type) registered without \(noun) \(tags) at \(component.site)"
        }
    }
}
