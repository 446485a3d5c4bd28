import Tether

/// `arguments-unavailable`: a component that takes runtime arguments injected as a dependency, where nobody can
/// pass them. `cached-arguments`: such a component with a caching lifetime, which would hand out an instance
/// built with other arguments.
struct RuntimeArgumentsCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.argumentsUnavailable, .cachedArguments] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        for component in graph.components {
            for (position, resolution) in graph.resolutions[component.id].enumerated() {
                guard case .needsArguments(let target) = resolution else { continue }
                let provider = graph.components[target]
                let arguments = provider.arguments.map(\.typeName).joined(separator: ", ")
                findings.append(
                    DIFinding(
                        code: .argumentsUnavailable, severity: .error,
                        message: "\(provider.typeName) takes runtime arguments (\(arguments)) and cannot be injected",
                        component: component, context: graph.location(of: position, in: component.id),
                        involved: [provider], path: context.hops(to: component.id) + [graph.hop(target)],
                        help: "resolve \(provider.typeName) with `resolve(arguments:)` where the arguments are known, "
                            + "take it as `Provider<\(codeSpelling(provider.info.type))>` and call `get(arguments:)`, "
                            + "or remove its `DIArgument` parameters"))
            }
            if !component.arguments.isEmpty, component.lifetime != .objectGraph, component.lifetime.isCaching {
                findings.append(
                    DIFinding(
                        code: .cachedArguments, severity: .error,
                        message: "\(component.typeName) takes runtime arguments but is cached (\(component.lifetime))",
                        component: component, context: "lifetime of \(component.typeName)",
                        path: context.hops(to: component.id),
                        details: [
                            "why: a later resolve with other arguments would get the instance built with the first ones"
                        ],
                        help: "give it the lifetime prototype or objectGraph"))
            }
        }
    }
}
