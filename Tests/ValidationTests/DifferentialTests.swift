import Foundation
import Testing
import Tether
import TetherValidation

// The validator against reality: random registration graphs, validated, then every component resolved through
// the throwing API. A graph without error findings must resolve everything; a component an error finding names
// must fail; and every failure must happen at a component some error finding names.

protocol GraphNode: AnyObject, Sendable { init() }
protocol Shape: AnyObject, Sendable {}

final class N0: GraphNode, Shape { init() {} }
final class N1: GraphNode, Shape { init() {} }
final class N2: GraphNode, Shape { init() {} }
final class N3: GraphNode, Shape { init() {} }
final class N4: GraphNode, Shape { init() {} }
final class N5: GraphNode, Shape { init() {} }
final class N6: GraphNode, Shape { init() {} }
final class N7: GraphNode, Shape { init() {} }

var nodeTypes: [any GraphNode.Type] { [N0.self, N1.self, N2.self, N3.self, N4.self, N5.self, N6.self, N7.self] }

/// The tag some generated registrations carry and some dependencies ask for.
enum DiffTag {}

/// SplitMix64: small, seeded, reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One generated registration.
struct ComponentSpec: CustomStringConvertible {
    var type: Int
    var lifetime: DILifeTime
    var shapeName: String??  // nil: no alias; .some(nil): unnamed Shape; .some(name): named Shape
    var isDefault: Bool
    var isTagged: Bool
    var parameters: [DependencySpec]
    var injections: [(DependencySpec, cycle: Bool)]
    var takesArgument: Bool

    var description: String {
        "N\(type) \(lifetime) shape:\(String(describing: shapeName)) default:\(isDefault) tagged:\(isTagged) "
            + "params:\(parameters) injections:\(injections.map { "\($0.0)\($0.cycle ? "(cycle)" : "")" }) arg:\(takesArgument)"
    }
}

/// One generated dependency: a node type or `Shape`, in one of the kinds, possibly inside another (`[Lazy<T>]`)
/// and possibly asking for the tag.
struct DependencySpec: CustomStringConvertible {
    var target: Int?  // nil: `any Shape`
    var kind: DIDependency.Kind
    var inner: DIDependency.Kind? = nil
    var isTagged = false

    var baseType: any Any.Type { target.map { nodeTypes[$0] } ?? (any Shape).self }

    var declaredType: any Any.Type {
        let shaped = Self.wrap(Self.wrap(baseType, in: inner ?? .plain), in: kind)
        guard isTagged else { return shaped }
        func tagged<T>(_: T.Type) -> any Any.Type { DITagged<DiffTag, T>.self }
        return _openExistential(shaped, do: tagged)
    }

    private static func wrap(_ type: any Any.Type, in kind: DIDependency.Kind) -> any Any.Type {
        func wrap<T>(_: T.Type) -> any Any.Type {
            switch kind {
            case .plain: T.self
            case .optional: T?.self
            case .many: [T].self
            case .lazy: Lazy<T>.self
            case .provider: Provider<T>.self
            case .argument: DIArgument<T>.self
            }
        }
        return _openExistential(type, do: wrap)
    }

    var description: String {
        "\(isTagged ? "tagged " : "")\(kind)(\(inner.map { "\($0)(" } ?? "")\(target.map { "N\($0)" } ?? "Shape")\(inner == nil ? "" : ")"))"
    }
}

/// The nestings the container resolves by both layers, outer then inner.
let nestings: [(DIDependency.Kind, DIDependency.Kind)] = [
    (.many, .lazy), (.many, .provider), (.many, .optional), (.optional, .lazy), (.optional, .provider),
    (.lazy, .many), (.lazy, .optional), (.provider, .many), (.provider, .optional),
]

func randomGraph(_ random: inout SeededGenerator, scope: DIScope) -> [ComponentSpec] {
    let lifetimes: [DILifeTime] = [
        .prototype, .prototype, .objectGraph, .objectGraph, .perContainer(.strong), .perContainer(.weak),
        .perRun(.strong), .single, .custom(scope),
    ]
    let kinds: [DIDependency.Kind] = [.plain, .plain, .plain, .optional, .many, .lazy, .provider]
    let count = Int.random(in: 2...7, using: &random)
    func dependency() -> DependencySpec {
        var spec = DependencySpec(
            target: Int.random(in: 0..<10, using: &random) == 0 ? nil : Int.random(in: 0..<6, using: &random),
            kind: kinds.randomElement(using: &random)!)
        if Int.random(in: 0..<8, using: &random) == 0 {
            (spec.kind, spec.inner) = nestings.randomElement(using: &random)!
        }
        spec.isTagged = Int.random(in: 0..<6, using: &random) == 0
        return spec
    }
    return (0..<count).map { _ in
        let shape = Int.random(in: 0..<4, using: &random)
        return ComponentSpec(
            type: Int.random(in: 0..<6, using: &random),
            lifetime: lifetimes.randomElement(using: &random)!,
            shapeName: shape == 0 ? .some(nil) : shape == 1 ? .some("s\(Int.random(in: 0..<2, using: &random))") : nil,
            isDefault: Int.random(in: 0..<5, using: &random) == 0,
            isTagged: Int.random(in: 0..<3, using: &random) == 0,
            parameters: (0..<Int.random(in: 0...2, using: &random)).map { _ in dependency() },
            injections: (0..<(Int.random(in: 0..<3, using: &random) == 0 ? 1 : 0)).map { _ in
                var spec = dependency()
                if spec.kind == .many { (spec.kind, spec.inner) = (.plain, nil) }
                return (spec, cycle: Bool.random(using: &random))
            },
            takesArgument: Int.random(in: 0..<12, using: &random) == 0)
    }
}

/// Registers `spec` as component `index`, at a line of its own so that sites identify components.
func register(_ spec: ComponentSpec, index: Int, in container: DIContainer) {
    var declared = spec.parameters.map(\.declaredType)
    if spec.takesArgument { declared.append(DIArgument<Int>.self) }
    let line = 10_000 + index

    func withOwner<O: GraphNode>(_: O.Type) {
        func configure(_ builder: DIComponentBuilder<O>) {
            builder.lifetime(spec.lifetime).as((any GraphNode).self, name: "c\(index)")
            if let shapeName = spec.shapeName { builder.as((any Shape).self, name: shapeName) }
            if spec.isDefault { builder.default() }
            if spec.isTagged { builder.tag(DiffTag.self) }
            for (injection, cycle) in spec.injections {
                func inject<Q>(_: Q.Type) { builder.injection(cycle: cycle) { (_: O, _: Q) in } }
                _openExistential(injection.declaredType, do: inject)
            }
        }
        switch declared.count {
        case 0:
            configure(container.register({ O() }, line: line))
        case 1:
            func one<P1>(_: P1.Type) { configure(container.register({ (_: P1) in O() }, line: line)) }
            _openExistential(declared[0], do: one)
        case 2:
            func one<P1>(_: P1.Type) {
                func two<P2>(_: P2.Type) { configure(container.register({ (_: P1, _: P2) in O() }, line: line)) }
                _openExistential(declared[1], do: two)
            }
            _openExistential(declared[0], do: one)
        default:
            func one<P1>(_: P1.Type) {
                func two<P2>(_: P2.Type) {
                    func three<P3>(_: P3.Type) {
                        configure(container.register({ (_: P1, _: P2, _: P3) in O() }, line: line))
                    }
                    _openExistential(declared[2], do: three)
                }
                _openExistential(declared[1], do: two)
            }
            _openExistential(declared[0], do: one)
        }
    }
    _openExistential(nodeTypes[spec.type], do: withOwner)
}

@Suite("The validator agrees with resolving")
struct DifferentialTests {
    @Test func validatorAgreesWithResolvingOnRandomGraphs() throws {
        var graphsWithErrors = 0
        var failuresSeen = 0
        for seed in UInt64(1)...2_000 {
            var random = SeededGenerator(seed: seed)
            let scope = DIScope(name: "scope", storage: DICacheStorage())
            let specs = randomGraph(&random, scope: scope)
            func makeContainer() -> DIContainer {
                let container = DIContainer()
                for (index, spec) in specs.enumerated() { register(spec, index: index, in: container) }
                return container
            }
            let report = makeContainer().validationReport()
            let errors = report.findings.filter { $0.severity == .error }
            if !errors.isEmpty { graphsWithErrors += 1 }
            // The components each error names: its owner, every place it groups (each consumer of a missing
            // type), and every member of a cycle.
            // A `Provider` or `Lazy` whose `get(arguments:)` is ambiguous fails at that call, never at its owner's
            // resolve, which is all this test makes.
            let atResolve = errors.filter { !$0.details.contains { $0.hasPrefix("why: `get(arguments:)` passing") } }
            let named = Set(
                atResolve.flatMap { error in
                    [error.location?.line ?? 0] + error.occurrences.map(\.location.line)
                        + (error.code == .dependencyCycle ? error.involved.map(\.info.line) : [])
                })
            // Every finding survives JSON: the same finding, the same text, without its snapshots.
            let read = try JSONDecoder().decode([DIFinding].self, from: JSONEncoder().encode(report.findings))
            #expect(read == report.findings, "seed \(seed)")
            #expect(read.map(\.description) == report.findings.map(\.description), "seed \(seed)")
            let context = Comment(
                rawValue:
                    "seed \(seed)\n\(specs.enumerated().map { "c\($0.offset): \($0.element)" }.joined(separator: "\n"))\n\(report)"
            )

            for index in specs.indices {
                // A fresh container per resolve, and fresh process-wide instances, so nothing cached earlier hides a failure.
                let container = makeContainer()
                container.dropProcessWideInstances()
                scope.dropInstances()
                let outcome: Result<any GraphNode, DIError>
                do throws(DIError) {
                    outcome = .success(
                        specs[index].takesArgument
                            ? try container.resolveOrThrow((any GraphNode).self, name: "c\(index)", arguments: 7)
                            : try container.resolveOrThrow((any GraphNode).self, name: "c\(index)"))
                } catch {
                    outcome = .failure(error)
                }
                switch outcome {
                case .success:
                    #expect(
                        errors.isEmpty || !named.contains(10_000 + index),
                        "c\(index) resolved though an error names it; \(context)")
                case .failure(let error):
                    failuresSeen += 1
                    let finding = DIFinding(error)
                    #expect(
                        finding.code.rawValue == error.code && finding.location?.line == error.path.last?.component.line
                    )
                    #expect(!errors.isEmpty, "c\(index) failed with no error finding:\n\(error)\n\(context)")
                    let sites: [Int]
                    if case .cycle(_, let cycle) = error.kind {
                        sites = cycle.map(\.component.line)
                    } else {
                        sites = [error.path.last?.component.line ?? 10_000 + index]
                    }
                    #expect(
                        sites.contains { named.contains($0) },
                        "c\(index) failed where no finding points:\n\(error)\n\(context)")
                }
            }
        }
        // The generator must exercise both sides.
        #expect(graphsWithErrors > 200)
        #expect(failuresSeen > 200)
    }
}
