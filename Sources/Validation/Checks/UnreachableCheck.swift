import Tether

/// `unreachable`: once some registrations are marked `.root()`, the components none of them reaches.
struct UnreachableCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.unreachable] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        guard context.roots.hasRoots else { return }
        for component in context.graph.components where !context.roots.isReached(component.id) {
            findings.append(
                DIFinding(
                    code: .unreachable, severity: .info,
                    message: "no root reaches \(component.typeName)", component: component,
                    location: "registration of \(component.typeName)", path: [context.graph.hop(component.id)],
                    help: "remove the registration, mark it `.root()` if the app resolves it directly, or "
                        + "suppress this note"))
        }
    }
}
