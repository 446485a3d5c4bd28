import Tether

/// `ambiguous-dependency` and `multiple-defaults`: a dependency with several providers in the nearest
/// container and not exactly one `.default()`.
///
/// Candidates of one type that share one site are one line run twice (a function that registers, called again):
/// the finding says so, since marking one of them `.default()` would hide the repeat instead of removing it.
/// Candidates of different types at one site are a helper that registers without passing its caller's `#line`
/// on: two implementations, not a repeat.
struct AmbiguityCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.ambiguousDependency, .multipleDefaults] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        for component in graph.components {
            for (position, resolution) in graph.resolutions[component.id].enumerated() {
                let code: DIFindingCode
                let candidates: [Int]
                switch resolution {
                case .ambiguous(let all): (code, candidates) = (.ambiguousDependency, all)
                case .multipleDefaults(let defaults): (code, candidates) = (.multipleDefaults, defaults)
                default: continue
                }
                let dependency = component.dependencies[position]
                let type = dependency.typeName
                let involved = candidates.map { graph.components[$0] }
                let message =
                    code == .ambiguousDependency
                    ? "\(candidates.count) registrations provide `\(type)` and none is marked `.default()`"
                    : "\(candidates.count) registrations providing `\(type)` are all marked `.default()`"
                var help =
                    code == .ambiguousDependency
                    ? "mark one of them `.default()`, or register the others under names with `.as(\(metatypeSpelling(dependency.type)), name:)`"
                    : "keep `.default()` on exactly one of them"
                var details = involved.map { "candidate: \($0.typeName) at \($0.info.site)" }
                let repeated = repeatedRegistrations(among: involved)
                if let site = repeated.first, site.runs == involved.count {
                    details.append("why: these are one registration at \(site.site) that ran \(site.runs) times")
                    help =
                        "run the registration at \(site.site) once (install its module or call its function once), "
                        + "add `.replacing()` to it if a later run should replace the earlier, or give each run "
                        + "its own name with `.as(\(metatypeSpelling(dependency.type)), name:)`"
                } else {
                    details += repeated.map {
                        "why: the registration of \($0.typeName) at \($0.site) ran \($0.runs) times"
                    }
                }
                findings.append(
                    DIFinding(
                        code: code, severity: .error, message: message, component: component,
                        context: graph.location(of: position, in: component.id), involved: involved,
                        path: context.hops(to: component.id)
                            + [DIFinding.Hop(type: type)],
                        details: details, help: help))
            }
        }
    }

    /// The registrations (one type at one site) that made more than one of the candidates, with how many, in
    /// candidate order.
    private func repeatedRegistrations(among candidates: [DIComponentSnapshot]) -> [(
        typeName: String, site: String, runs: Int
    )] {
        struct Registration: Hashable {
            let type: ObjectIdentifier
            let site: String
        }
        func registration(_ candidate: DIComponentSnapshot) -> Registration {
            Registration(type: ObjectIdentifier(candidate.info.type), site: candidate.info.site)
        }
        var runs: [Registration: Int] = [:]
        for candidate in candidates { runs[registration(candidate), default: 0] += 1 }
        var seen = Set<Registration>()
        return candidates.compactMap { candidate in
            let key = registration(candidate)
            guard let count = runs[key], count > 1, seen.insert(key).inserted else { return nil }
            return (candidate.typeName, key.site, count)
        }
    }
}
