extension DILifeTime {
    /// `prototype` or `objectGraph`, as `lifetime(_:)` takes them for a component that is not `Sendable`.
    ///
    /// These two build a new graph for every top-level resolve, so they suit any type. It exists only so that
    /// `.lifetime(.objectGraph)` compiles where `.lifetime(.single)` must not: a second parameter type is what lets
    /// the compiler tell them apart, and a protocol rather than a plain type keeps that overload below the
    /// `DILifeTime` one, which a `Sendable` component takes for every lifetime. Its one requirement is a value only
    /// this module makes, so a conformance elsewhere still carries one of the two.
    public protocol Unshared: Sendable {
        /// `prototype` or `objectGraph`.
        var unshared: UnsharedValue { get }
    }

    /// The one type conforming to `DILifeTime.Unshared` here: `prototype` or `objectGraph`, nothing else.
    public struct UnsharedValue: Unshared {
        /// `prototype` or `objectGraph`.
        public let lifetime: DILifeTime

        fileprivate init(_ lifetime: DILifeTime) { self.lifetime = lifetime }

        /// Itself.
        public var unshared: UnsharedValue { self }
    }
}

extension DILifeTime.Unshared where Self == DILifeTime.UnsharedValue {
    /// `DILifeTime.prototype`, for a component of any type.
    public static var prototype: Self { Self(.prototype) }
    /// `DILifeTime.objectGraph`, for a component of any type.
    public static var objectGraph: Self { Self(.objectGraph) }
    /// Resolver's `unique`: `prototype`.
    public static var unique: Self { .prototype }
    /// Resolver's `graph`: `objectGraph`.
    public static var graph: Self { .objectGraph }
}
