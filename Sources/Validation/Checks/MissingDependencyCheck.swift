import Tether

/// `missing-dependency`: a plain, `Lazy` or `Provider` dependency nothing provides. A missing Optional is
/// fine: it resolves to `nil`.
///
/// One finding per missing key (type, name and tag), listing every consumer: a part left out of the app is one
/// thing to add, however many registrations need it. A consumer that suppresses the code gets a finding of its
/// own, so that the suppression silences that consumer only.
struct MissingDependencyCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.missingDependency] }

    /// A missing key, and the consumers that ask for it, in registration order.
    private struct Missing {
        let dependency: DIDependency
        let similar: [(miss: DINearMiss, component: Int)]
        var consumers: [(component: Int, position: Int)]
    }

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String?
        let tag: ObjectIdentifier?
        let suppressedBy: Int?
    }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        let graph = context.graph
        var order: [Key] = []
        var missing: [Key: Missing] = [:]
        for component in graph.components {
            for (position, resolution) in graph.resolutions[component.id].enumerated() {
                guard case .missing(let similar) = resolution else { continue }
                let dependency = component.dependencies[position]
                let key = Key(
                    type: ObjectIdentifier(dependency.type), name: dependency.name,
                    tag: dependency.tag.map(ObjectIdentifier.init),
                    suppressedBy: component.suppresses(.missingDependency) ? component.id : nil)
                if missing[key] == nil {
                    order.append(key)
                    missing[key] = Missing(dependency: dependency, similar: similar, consumers: [])
                }
                missing[key]!.consumers.append((component.id, position))
            }
        }
        for key in order {
            findings.append(finding(for: missing[key]!, context))
        }
    }

    private func finding(for missing: Missing, _ context: CheckContext) -> DIFinding {
        let graph = context.graph
        let dependency = missing.dependency
        let hop = DIFinding.Hop(type: dependency.typeName)
        let occurrences = missing.consumers.map { consumer in
            DIFinding.Occurrence(
                component: graph.components[consumer.component],
                context: graph.location(of: consumer.position, in: consumer.component),
                path: context.hops(to: consumer.component) + [hop])
        }
        let first = occurrences[0]
        var message =
            "no registration for `\(dependency.typeName)`"
            + qualifierDescription(name: dependency.name, tag: dependency.tag)
        var details: [String] = []
        if occurrences.count > 1 {
            message += " (needed in \(occurrences.count) places)"
            details = occurrences.map { occurrence in
                let path =
                    occurrence.path.count > 2
                    ? " (path: \(occurrence.path.map(\.description).joined(separator: " -> ")))" : ""
                return "needed by: \(occurrence.location.context) at \(occurrence.location.site)\(path)"
            }
        }
        let parameterAsks = missing.consumers.contains { consumer in
            if case .parameter = graph.components[consumer.component].dependencies[consumer.position].position {
                return true
            }
            return false
        }
        return DIFinding(
            code: .missingDependency, severity: .error, message: message,
            component: graph.components[missing.consumers[0].component],
            context: first.location.context, involved: missing.similar.map { graph.components[$0.component] },
            path: first.path, details: details + missing.similar.map { "similar: \($0.miss)" },
            help: help(for: dependency, similar: missing.similar.map(\.miss), parameterAsks: parameterAsks),
            occurrences: occurrences)
    }

    private func help(for dependency: DIDependency, similar: [DINearMiss], parameterAsks: Bool) -> String {
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
            case .untagged(let tags):
                return "add \(Tags.calls(adding: tags)) to the registration at \(near.component.site)"
            }
        }
        let optional =
            if case .wrapper = dependency.position { "declare it `@OptionalInjected`" } else { "take `\(type)?`" }
        let register =
            "register a component that provides `\(type)` (or add `.as(\(metatype))` to one that implements "
            + "it), or \(optional) if it is optional"
        guard parameterAsks else { return register }
        return register + "; a parameter with a default value is resolved too: to keep its default, register a "
            + "closure that leaves it out"
    }
}
