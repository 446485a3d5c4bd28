import Tether

/// `missing-dependency`, `ambiguous-dependency` and `multiple-defaults` for a type `DIValidationOptions.roots`
/// names: the app resolves it itself, so a request for it that nothing answers, or several registrations do, fails
/// at that resolve, as a dependency would.
struct RootChoiceCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.missingDependency, .ambiguousDependency, .multipleDefaults] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        var seen = Set<ObjectIdentifier>()
        for root in context.rootTypes where seen.insert(ObjectIdentifier(root)).inserted {
            let code: DIFindingCode
            let candidates: [Int]
            // Registrations that each take their own runtime arguments are chosen by the arguments the app passes.
            switch graph.choice(forRequestOf: root)?.choosingByArguments(graph.argumentTypes(of:)) {
            case .ambiguous(let all)?: (code, candidates) = (.ambiguousDependency, all)
            case .multipleDefaults(let defaults)?: (code, candidates) = (.multipleDefaults, defaults)
            case .one?: continue
            case nil:
                // `T?`, `[T]`, `Lazy<T>`: a request of that shape resolves without a registration of its own.
                if requestKind(of: root) == .plain { findings.append(missing(root, context)) }
                continue
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
                    context: "root `\(type)` in `roots:`", involved: involved,
                    path: [DIFinding.Hop(type: type)],
                    details: involved.map { "candidate: \($0.typeName) at \($0.info.site)" }, help: help))
        }
    }

    /// A root nothing provides, reported where the options named it: there is no registration to point at.
    private func missing(_ root: any Any.Type, _ context: CheckContext) -> DIFinding {
        let type = typeName(root)
        let site = context.optionsSite
        let component = DIComponentSnapshot(
            unregisteredAt: DIComponentInfo(type: root, file: site.file, line: site.line, filePath: site.filePath))
        return DIFinding(
            code: .missingDependency, severity: .error,
            message: "`\(type)` is named in `roots:`, and nothing provides it",
            component: component, context: "root `\(type)` in `roots:`",
            path: [DIFinding.Hop(type: type)],
            help: "register a component that provides `\(type)` (or add `.as(\(metatypeSpelling(root)))` to one that "
                + "implements it), or take it out of `roots:`")
    }
}
