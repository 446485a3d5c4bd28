/// One hop of a resolution path: the component being built when a problem was met below it.
public struct DIResolutionStep: Sendable, Hashable, CustomStringConvertible {
    /// The type the hop was requested as (a protocol, for an `.as` alias).
    public let requested: DIRequest
    /// The registration that served it.
    public let component: DIComponentInfo
    /// Its lifetime.
    public let lifetime: DILifeTime

    /// Describes a hop.
    public init(requested: DIRequest, component: DIComponentInfo, lifetime: DILifeTime) {
        self.requested = requested
        self.component = component
        self.lifetime = lifetime
    }

    /// `XYZFetching as XYZCombinedService (objectGraph, App/Services.swift:12)`.
    public var description: String {
        let served = typeName(component.type)
        let head = served == requested.typeName && requested.name == nil ? served : "\(requested) as \(served)"
        return "\(head) (\(lifetime), \(component.site))"
    }
}
