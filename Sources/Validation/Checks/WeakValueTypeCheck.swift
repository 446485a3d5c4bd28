import Tether

/// `weak-value-type`: a weak lifetime on a value type, which can never be referenced weakly, so it is built anew
/// every time and never shared. A protocol type is not one: its instances may be a class's, held weakly.
struct WeakValueTypeCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.weakValueType] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        for component in context.graph.components
        where !component.isClass && !isExistential(component.info.type) && component.lifetime.holdsWeakly {
            findings.append(
                DIFinding(
                    code: .weakValueType, severity: .warning,
                    message: "\(component.typeName) is a value type with the weak lifetime \(component.lifetime)",
                    component: component, context: "lifetime of \(component.typeName)",
                    path: context.hops(to: component.id),
                    details: ["why: only class instances can be held weakly, so every resolve builds a new one"],
                    help: "use a strong lifetime, or make \(component.typeName) a class"))
        }
    }
}
