/// Which registration serves a request, by the one rule the container and the validator share: the candidates
/// of the nearest container win; among several, the one marked `.default()`.
package enum ProviderChoice<Candidate> {
    /// One provider serves the request.
    case one(Candidate)
    /// Several candidates and no default.
    case ambiguous([Candidate])
    /// Several candidates marked default.
    case multipleDefaults([Candidate])

    /// Every candidate the choice is among: the chosen one, or those it could not choose between.
    package var candidates: [Candidate] {
        switch self {
        case .one(let candidate): [candidate]
        case .ambiguous(let candidates), .multipleDefaults(let candidates): candidates
        }
    }

    /// The choice of an accessor that passes the runtime arguments of each call (`Provider.get(arguments:)`):
    /// candidates that all take arguments, each its own list (`argumentTypes`), are one choice per call rather than
    /// an ambiguity, and the first stands for them until a call's arguments choose.
    @inlinable
    package func choosingByArguments(_ argumentTypes: (Candidate) -> [ObjectIdentifier]) -> ProviderChoice {
        guard case .ambiguous(let candidates) = self else { return self }
        let lists = candidates.map(argumentTypes)
        guard !lists.contains(where: \.isEmpty), Set(lists).count == lists.count else { return self }
        return .one(candidates[0])
    }

    /// Chooses among `candidates` for a request that passes no runtime arguments (every dependency, and a
    /// top-level request without them); `nil` when there are none.
    ///
    /// Registrations are told apart by the runtime arguments they take, as Swinject and Dip do: where some of the
    /// nearest candidates take none, those are the ones such a request chooses among (`takesArguments`).
    @inlinable
    package static func choose(
        _ candidates: [Candidate], level: (Candidate) -> Int, isDefault: (Candidate) -> Bool,
        takesArguments: (Candidate) -> Bool
    ) -> ProviderChoice? {
        choose(candidates, level: level, isDefault: isDefault) { nearest in
            let plain = nearest.filter { !takesArguments($0) }
            return plain.isEmpty ? nearest : plain
        }
    }

    /// Chooses among `candidates` as `choose(_:level:isDefault:takesArguments:)` does, narrowing the nearest ones
    /// with `narrow` (which keeps at least one) when there are several.
    @inlinable
    package static func choose(
        _ candidates: [Candidate], level: (Candidate) -> Int, isDefault: (Candidate) -> Bool,
        narrow: ([Candidate]) -> [Candidate]
    ) -> ProviderChoice? {
        // Most requests have one candidate: no need to compare levels or defaults, nor to allocate.
        if candidates.count == 1 { return .one(candidates[0]) }
        guard let nearestLevel = candidates.map(level).min() else { return nil }
        var nearest = candidates.filter { level($0) == nearestLevel }
        if nearest.count > 1 { nearest = narrow(nearest) }
        if nearest.count == 1 { return .one(nearest[0]) }
        let defaults = nearest.filter(isDefault)
        switch defaults.count {
        case 1: return .one(defaults[0])
        case 0: return .ambiguous(nearest)
        default: return .multipleDefaults(defaults)
        }
    }
}
