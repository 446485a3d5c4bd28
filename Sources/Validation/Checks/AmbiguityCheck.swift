import Tether

/// `ambiguous-dependency` and `multiple-defaults`: a dependency with several providers in the nearest
/// container and not exactly one `.default()`; for a `Provider` or `Lazy`, also among the registrations one list of
/// runtime arguments chooses, which its `get(arguments:)` meets however the dependency itself was bound.
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
                switch resolution {
                case .ambiguous(let all):
                    findings.append(finding(.ambiguousDependency, all, position, of: component, context))
                case .multipleDefaults(let defaults):
                    findings.append(finding(.multipleDefaults, defaults, position, of: component, context))
                case .one:
                    // A `Provider` bound to one registration still chooses anew for each `get(arguments:)`.
                    for (arguments, choice) in graph.argumentChoices(for: component.dependencies[position]) {
                        switch choice {
                        case .one: continue
                        case .ambiguous(let all):
                            findings.append(
                                finding(.ambiguousDependency, all, position, of: component, context, taking: arguments))
                        case .multipleDefaults(let defaults):
                            findings.append(
                                finding(
                                    .multipleDefaults, defaults, position, of: component, context, taking: arguments))
                        }
                    }
                default: continue
                }
            }
        }
    }

    /// The finding about the dependency at `position` of `component`, which `candidates` all provide; `arguments`
    /// when they are the registrations a `get(arguments:)` passing those chooses among.
    private func finding(
        _ code: DIFindingCode, _ candidates: [Int], _ position: Int, of component: DIComponentSnapshot,
        _ context: CheckContext, taking arguments: [DIDependency]? = nil
    ) -> DIFinding {
        let graph = context.graph
        let dependency = component.dependencies[position]
        let type = dependency.typeName
        let involved = candidates.map { graph.components[$0] }
        let list = arguments.map { "(" + $0.map(\.typeName).joined(separator: ", ") + ")" }
        let taking = list.map { " taking \($0)" } ?? ""
        let message =
            code == .ambiguousDependency
            ? "\(candidates.count) registrations provide `\(type)`\(taking) and none is marked `.default()`"
            : "\(candidates.count) registrations providing `\(type)`\(taking) are all marked `.default()`"
        var help =
            code == .ambiguousDependency
            ? "mark one of them `.default()`, or register the others under names with `.as(\(metatypeSpelling(dependency.type)), name:)`"
            : "keep `.default()` on exactly one of them"
        if arguments != nil, code == .ambiguousDependency { help += ", or give them different argument types" }
        var details = involved.map { "candidate: \($0.typeName) at \($0.info.site)" }
        if let list {
            details.append(
                "why: `get(arguments:)` passing \(list) chooses among the registrations taking exactly those, "
                    + "whichever one a call without arguments gets")
        }
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
        return DIFinding(
            code: code, severity: .error, message: message, component: component,
            context: graph.location(of: position, in: component.id), involved: involved,
            path: context.hops(to: component.id) + [DIFinding.Hop(type: type)], details: details, help: help)
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
