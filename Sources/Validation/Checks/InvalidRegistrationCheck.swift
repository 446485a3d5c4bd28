import Tether

/// `invalid-registration`: builder calls that contradict the factory (`.parameter(at:)` past its parameters, or of
/// a `DIArgument`). The container records them instead of trapping, since registration also runs inside a
/// module's `validate()`; such a registration builds nothing.
struct InvalidRegistrationCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.invalidRegistration] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        for component in context.graph.components {
            for problem in component.problems {
                findings.append(
                    DIFinding(
                        code: .invalidRegistration, severity: .error,
                        message: "the registration of \(component.typeName) is invalid: \(problem)",
                        component: component, context: "builder of \(component.typeName)",
                        path: context.hops(to: component.id),
                        help: "correct the builder calls of the registration at \(component.info.site)"))
            }
        }
    }
}
