import Tether

/// Runs the enabled checks over one snapshot and applies severities and suppressions.
struct Validator {
    let snapshot: DIRegistrySnapshot
    let options: DIValidationOptions

    static let checks: [any ValidationCheck] = [
        MissingDependencyCheck(), AmbiguityCheck(), RuntimeArgumentsCheck(), CycleCheck(),
        CaptiveDependencyCheck(), WeakValueTypeCheck(), ContainerRetainCycleCheck(), UnreachableCheck(),
        InvalidRegistrationCheck(), IsolationCheck(), OptionalInjectionCheck(), SplitTupleCheck(), RootChoiceCheck(),
        MadeElsewhereCheck(), SharingCheck(), UndisposedDisposableCheck(),
    ]

    func report() -> DIValidationReport {
        let graph = DependencyGraph(snapshot: snapshot)
        // Types the registry provides under one short name are told apart by their parents in this report's texts.
        return TypeNaming.$ambiguous.withValue(TypeNaming.shared(by: graph.providedTypes())) { findings(graph) }
    }

    private func findings(_ graph: DependencyGraph) -> DIValidationReport {
        let context = CheckContext(
            graph: graph, roots: RootPaths(graph: graph, roots: roots(in: graph)),
            infersEntryPoints: options.infersEntryPoints, rootTypes: options.roots, optionsSite: options.site)
        var found: [DIFinding] = []
        for check in Self.checks where !check.codes.isDisjoint(with: options.checks) {
            check.run(context, into: &found)
        }
        var findings: [DIFinding] = []
        var suppressed: [(finding: DIFinding, reason: String)] = []
        for var finding in found where options.checks.contains(finding.code) {
            if let severity = options.severities[finding.code] { finding.severity = severity }
            if let suppression = finding.component?.suppressions.first(where: { $0.code == finding.code.rawValue }) {
                suppressed.append((finding, suppression.reason))
            } else {
                findings.append(finding)
            }
        }
        return DIValidationReport(findings: findings.sorted(by: Self.order), suppressed: suppressed)
    }

    /// The `.root()` registrations and the providers of the options' `roots`, in registration order.
    private func roots(in graph: DependencyGraph) -> [Int] {
        let asked = Set(options.roots.map(ObjectIdentifier.init))
        return graph.components.filter { component in
            component.isRoot || component.provides.contains { asked.contains(ObjectIdentifier($0.type)) }
        }.map(\.id)
    }

    /// Errors first, then registration order, then code and text, so reports are stable run to run.
    static func order(_ lhs: DIFinding, _ rhs: DIFinding) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        // Every finding a check makes has its registration.
        let (left, right) = (lhs.component?.id ?? .max, rhs.component?.id ?? .max)
        if left != right { return left < right }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        let (leftContext, rightContext) = (lhs.location?.context ?? "", rhs.location?.context ?? "")
        if leftContext != rightContext { return leftContext < rightContext }
        return lhs.message < rhs.message
    }
}
