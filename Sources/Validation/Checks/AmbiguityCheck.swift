import Tether

/// `ambiguous-dependency` and `multiple-defaults`: a dependency with several providers in the nearest
/// container and not exactly one `.default()`.
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
                let type = component.dependencies[position].typeName
                let involved = candidates.map { graph.components[$0] }
                let message =
                    code == .ambiguousDependency
                    ? "\(candidates.count) registrations provide `\(type)` and none is marked `.default()`"
                    : "\(candidates.count) registrations providing `\(type)` are all marked `.default()`"
                let help =
                    code == .ambiguousDependency
                    ? "mark one of them `.default()`, or register the others under names with `.as(\(metatypeSpelling(component.dependencies[position].type)), name:)`"
                    : "keep `.default()` on exactly one of them"
                findings.append(
                    DIFinding(
                        code: code, severity: .error, message: message, component: component,
                        location: graph.location(of: position, in: component.id), involved: involved,
                        path: context.hops(to: component.id)
                            + [DIFinding.Hop(typeName: type, component: nil, lifetime: nil)],
                        details: candidates.map { "candidate: \(graph.components[$0].typeName) at \(graph.components[$0].info.site)" },
                        help: help))
            }
        }
    }
}
