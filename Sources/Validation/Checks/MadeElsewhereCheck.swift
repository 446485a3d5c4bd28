import Tether

/// `made-elsewhere`: a dependency on a component registered with `registerInjections(into:)`, which the container
/// never makes, so every resolve that builds the dependent fails.
struct MadeElsewhereCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.madeElsewhere] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        guard graph.components.contains(where: \.madeElsewhere) else { return }
        for component in graph.components {
            for (position, resolution) in graph.resolutions[component.id].enumerated() {
                let targets: [Int] =
                    switch resolution {
                    case .one(let target): [target]
                    case .many(let targets): targets
                    default: []
                    }
                for target in targets where graph.components[target].madeElsewhere {
                    let provider = graph.components[target]
                    findings.append(
                        DIFinding(
                            code: .madeElsewhere, severity: .error,
                            message: "\(provider.typeName) is made outside the container, which only injects into it",
                            component: component, context: graph.location(of: position, in: component.id),
                            involved: [provider], path: context.hops(to: component.id) + [graph.hop(target)],
                            help:
                                "depend on what \(provider.typeName) provides rather than on \(provider.typeName), or "
                                + "register it with a factory instead of `registerInjections(into:)` at "
                                + "\(provider.info.site)"))
                }
            }
        }
    }
}
