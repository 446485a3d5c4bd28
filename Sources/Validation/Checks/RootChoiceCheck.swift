import Tether

/// `ambiguous-dependency` and `multiple-defaults` for a type `DIValidationOptions.roots` names: the app resolves
/// it itself, so a request for it that several registrations answer fails at that resolve, as a dependency would.
struct RootChoiceCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.ambiguousDependency, .multipleDefaults] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        var seen = Set<ObjectIdentifier>()
        for root in context.rootTypes where seen.insert(ObjectIdentifier(root)).inserted {
            let code: DIFindingCode
            let candidates: [Int]
            switch graph.choice(forRequestOf: root) {
            case .ambiguous(let all)?: (code, candidates) = (.ambiguousDependency, all)
            case .multipleDefaults(let defaults)?: (code, candidates) = (.multipleDefaults, defaults)
            case .one?, nil: continue
            }
            let type = typeName(root)
            let involved = candidates.map { graph.components[$0] }
            let message =
                code == .ambiguousDependency
                ? "`\(type)` is named in `roots:`, and \(candidates.count) registrations provide it with none marked "
                    + "`.default()`"
                : "`\(type)` is named in `roots:`, and \(candidates.count) registrations providing it are all marked "
                    + "`.default()`"
            let help =
                code == .ambiguousDependency
                ? "mark the one the app resolves `.default()`, or register the others under names with "
                    + "`.as(\(metatypeSpelling(root)), name:)`"
                : "keep `.default()` on exactly one of them"
            findings.append(
                DIFinding(
                    code: code, severity: .error, message: message, component: involved[0],
                    location: "root `\(type)` in `roots:`", involved: involved,
                    path: [DIFinding.Hop(typeName: type, component: nil, lifetime: nil)],
                    details: involved.map { "candidate: \($0.typeName) at \($0.info.site)" }, help: help))
        }
    }
}
