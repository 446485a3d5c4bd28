import Tether

/// `optional-injection-unprovided`: an injection of one Optional value that nothing provides.
///
/// An Optional factory parameter with no provider is an optional dependency by design: the factory decides what
/// `nil` means. An injection has nothing to decide: it always sets `nil`, which leaves a `T!` property unset and
/// overwrites whatever default a `T?` property was given, silently. It is most often a `var x: T!` property,
/// injected as `T?`, whose provider was never registered or was registered as another type.
struct OptionalInjectionCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.optionalInjectionUnprovided] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        for component in graph.components {
            let dependencies = component.dependencies
            for (position, resolution) in graph.resolutions[component.id].enumerated() {
                let dependency = dependencies[position]
                guard case .absent = resolution, dependency.kind == .optional, dependency.innerKind == nil,
                    case .injection(let property, _) = dependency.position,
                    dependencies.filter({ $0.position == dependency.position }).count == 1
                else { continue }
                let type = dependency.typeName
                let asked = type + qualifierDescription(name: dependency.name, tag: dependency.tag)
                findings.append(
                    DIFinding(
                        code: .optionalInjectionUnprovided, severity: .warning,
                        message: "nothing provides `\(asked)`, so the injection `\(property)` of "
                            + "\(component.typeName) always sets nil",
                        component: component, context: graph.location(of: position, in: component.id),
                        path: context.hops(to: component.id)
                            + [DIFinding.Hop(type: "\(asked)?")],
                        details: [
                            "why: a property of type `\(type)!` or `\(type)?` is injected as `\(type)?`, which resolves "
                                + "to nil when nothing provides `\(type)`, so the injection leaves it unset or overwrites its default with nil"
                        ],
                        help:
                            "register a component that provides `\(type)` (or add `.as(\(metatypeSpelling(dependency.type)))` "
                            + "to one that implements it), or remove the injection"))
            }
        }
    }
}
