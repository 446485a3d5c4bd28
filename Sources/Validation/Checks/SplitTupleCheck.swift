import Tether

/// `split-tuple-parameter`: a factory registered with `register(_:)` whose parameters are the elements of a tuple
/// that is itself registered.
///
/// `register(_:)` receives a factory's parameters as one tuple, so a factory whose one parameter is a tuple is read
/// as a factory of the tuple's elements: in a wrapper generic over that parameter, the wiring changes with the type
/// it is given. Registration cannot tell the two apart; a registered component of exactly that tuple is the sign
/// that the factory meant the tuple.
struct SplitTupleCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.splitTupleParameter] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        for component in graph.components {
            // A registration of the tuple itself, other than this one (which may build the tuple from its elements).
            guard let tuple = component.splitTuple,
                let found = graph.choice(forRequestOf: tuple)?.candidates.first(where: { $0 != component.id })
            else { continue }
            let provider = graph.components[found]
            let tupleName = typeName(tuple)
            let elements = component.dependencies.filter {
                if case .parameter = $0.position { true } else { false }
            }
            let names = elements.map { "`\($0.typeName)`" }
            let parameters = names.dropLast().joined(separator: ", ") + " and " + names.last!
            findings.append(
                DIFinding(
                    code: .splitTupleParameter, severity: .warning,
                    message: "the factory of \(component.typeName) takes \(parameters) as \(elements.count) "
                        + "dependencies, and `\(tupleName)` is registered at \(provider.info.site)",
                    component: component, context: "parameters of \(component.typeName)",
                    path: context.hops(to: component.id),
                    details: [
                        "why: `register(_:)` receives a factory's parameters as one tuple, so a factory whose one "
                            + "parameter is the tuple `\(tupleName)` is read as a factory of its elements"
                    ],
                    help: fix(component, tuple: tuple) + "; if it takes \(elements.count) parameters, add "
                        + "`.suppress(\"split-tuple-parameter\", reason: ...)` to it"))
        }
    }

    /// How to take the tuple whole: `register(taking:_:)` takes synchronous factories only.
    private func fix(_ component: DIComponentSnapshot, tuple: any Any.Type) -> String {
        guard component.factoryKind == .synchronous else {
            return "if the factory takes the tuple, take a struct that holds its values instead (`register(taking:_:)` "
                + "takes synchronous factories only)"
        }
        return "if the factory takes the tuple, register it with `register(taking: \(metatypeSpelling(tuple))) { ... }`"
    }
}
