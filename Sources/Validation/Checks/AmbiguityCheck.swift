import Tether

/// `ambiguous-dependency` and `multiple-defaults`: a dependency with several providers in the nearest
/// container and not exactly one `.default()`.
///
/// Candidates that share one site are one line run twice (a function that registers, called again): the finding
/// says so, since marking one of them `.default()` would hide the repeat instead of removing it.
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
                let repeated = repeatedSites(of: involved)
                if let site = repeated.first, repeated.count == 1, Set(involved.map(\.info.site)).count == 1 {
                    details.append("why: these are one registration at \(site.site) that ran \(site.runs) times")
                    help = "run the registration at \(site.site) once (install its module or call its function once), "
                        + "add `.replacing()` to it if a later run should replace the earlier, or give each run "
                        + "its own name with `.as(\(metatypeSpelling(dependency.type)), name:)`"
                } else {
                    details += repeated.map { "why: the registration at \($0.site) ran \($0.runs) times" }
                }
                findings.append(
                    DIFinding(
                        code: code, severity: .error, message: message, component: component,
                        location: graph.location(of: position, in: component.id), involved: involved,
                        path: context.hops(to: component.id)
                            + [DIFinding.Hop(typeName: type, component: nil, lifetime: nil)],
                        details: details, help: help))
            }
        }
    }

    /// The sites that made more than one of the candidates, with how many, in candidate order.
    private func repeatedSites(of candidates: [DIComponentSnapshot]) -> [(site: String, runs: Int)] {
        var runs: [String: Int] = [:]
        for candidate in candidates { runs[candidate.info.site, default: 0] += 1 }
        var seen = Set<String>()
        return candidates.compactMap { candidate in
            let site = candidate.info.site
            guard let count = runs[site], count > 1, seen.insert(site).inserted else { return nil }
            return (site, count)
        }
    }
}
