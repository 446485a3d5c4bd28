import Tether

/// `missing-dependency`: a plain, `Lazy` or `Provider` dependency nothing provides. A missing Optional is
/// fine: it resolves to `nil`.
struct MissingDependencyCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.missingDependency] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        for component in graph.components {
            for (position, resolution) in graph.resolutions[component.id].enumerated() {
                guard case .missing(let similar) = resolution else { continue }
                let dependency = component.dependencies[position]
                let missing = DIFinding.Hop(typeName: dependency.typeName, component: nil, lifetime: nil)
                findings.append(
                    DIFinding(
                        code: .missingDependency, severity: .error,
                        message: "no registration for `\(dependency.typeName)`"
                            + qualifierDescription(name: dependency.name, tag: dependency.tag),
                        component: component,
                        location: graph.location(of: position, in: component.id),
                        involved: similar.map { graph.components[$0.component] },
                        path: context.hops(to: component.id) + [missing],
                        details: similar.map { "similar: \($0.miss)" },
                        help: help(for: dependency, similar: similar.map(\.miss))))
            }
        }
    }

    private func help(for dependency: DIDependency, similar: [DINearMiss]) -> String {
        let type = dependency.typeName
        let metatype = metatypeSpelling(dependency.type)
        if let near = similar.first {
            switch near.reason {
            case .differentName(let name):
                let asked = dependency.name.map { "under \"\($0)\"" } ?? "without a name"
                let alias = dependency.name.map { ".as(\(metatype), name: \"\($0)\")" } ?? ".as(\(metatype))"
                return "register `\(type)` \(asked), or add `\(alias)` to the registration at "
                    + "\(near.component.site) (it is registered under \"\(name)\")"
            case .optionalOnly:
                return "make the factory at \(near.component.site) return a non-optional `\(type)`, or take `\(type)?`"
            case .unnamed:
                let name = dependency.name ?? ""
                return "add `.as(\(metatype), name: \"\(name)\")` to the registration at \(near.component.site)"
            case .untagged(let tag):
                return "add `.tag(\(tag).self)` to the registration at \(near.component.site)"
            }
        }
        return "register a component that provides `\(type)` (or add `.as(\(metatype))` to one that implements "
            + "it), or take `\(type)?` if it is optional"
    }
}
