import Tether

/// How long lifetimes last relative to each other, for the captive-dependency check.
///
/// prototype < objectGraph < perRequest < custom scope < perContainer < perRun = single. Weak variants rank as their strong
/// ones: while someone holds the instance, it holds its dependencies just as long. Two different custom scopes
/// are not comparable: either may be cleaned first.
enum LifetimeOrder {
    static func rank(_ lifetime: DILifeTime) -> Int {
        switch lifetime {
        case .prototype: 0
        case .objectGraph: 1
        case .perRequest: 2
        case .custom: 3
        case .perContainer: 4
        case .perRun, .single: 5
        }
    }

    /// Whether `dependency` lives shorter than `consumer`, when the two can be compared at all.
    static func outlives(_ consumer: DILifeTime, _ dependency: DILifeTime) -> Bool {
        if case .custom(let left) = consumer, case .custom(let right) = dependency, left != right { return false }
        return rank(consumer) > rank(dependency)
    }

    /// Whether a component outlives a request, so that what it holds outlives it too: a keeper, for the
    /// captive-dependency check (a request's own components, like an objectGraph's, end with the request).
    static func keepsBeyondRequest(_ lifetime: DILifeTime) -> Bool {
        rank(lifetime) > rank(.perRequest)
    }

    /// Whether a component keeps one instance that others in the same resolve meet again.
    static func isShared(_ component: DIComponentSnapshot) -> Bool {
        component.lifetime != .prototype && !(component.lifetime.holdsWeakly && !component.isClass)
    }
}
