// V1 (validation time) and R1 (memory per registration): measured on generated graphs, outside the
// three-contender table, since hand-written code has neither and Swinject cannot validate.

import BenchSupport
import Scenarios
import Swinject
import Tether
import TetherValidation

/// Median milliseconds of taking the registry snapshot and of validating it, over `repeats` runs.
struct ValidationTiming {
    let components: Int
    let snapshotMilliseconds: Double
    let validateMilliseconds: Double
    let findings: Int

    var totalMilliseconds: Double { snapshotMilliseconds + validateMilliseconds }
}

func measureValidation(components: Int, repeats: Int) -> ValidationTiming {
    let container = DIContainer()
    ValidationGraph.registerTether(container, components: components)
    var snapshots: [Double] = []
    var validations: [Double] = []
    var findings = 0
    for _ in 0..<repeats {
        let start = threadCPUNanoseconds()
        let snapshot = container.registrySnapshot()
        let taken = threadCPUNanoseconds()
        let report = snapshot.validationReport()
        let validated = threadCPUNanoseconds()
        findings = report.findings.count
        snapshots.append(Double(taken - start) / 1e6)
        validations.append(Double(validated - taken) / 1e6)
    }
    return ValidationTiming(
        components: components, snapshotMilliseconds: median(snapshots), validateMilliseconds: median(validations),
        findings: findings)
}

/// Heap bytes retained per registration (requested sizes, counted by the malloc interposer, so only in the
/// malloc-counting child): Tether after registering, Tether's plan built by the first resolve on top of that, and
/// Swinject after registering the same graph.
func measureRegistrationMemory(components: Int) -> [Double]? {
    let tether = DIContainer()
    let swinject = Container()
    guard
        let registered = MallocCounter.retainedBytes({
            ValidationGraph.registerTether(tether, components: components, kinds: 3)
        }),
        let plan = MallocCounter.retainedBytes({ verify((tether.resolve() as VTwo?) != nil, "R1: Tether resolves VTwo") }),
        let swinjectRegistered = MallocCounter.retainedBytes({
            ValidationGraph.registerSwinject(swinject, components: components)
        })
    else { return nil }
    verify(swinject.resolve(VTwo.self) != nil, "R1: Swinject resolves VTwo")
    return withExtendedLifetime((tether, swinject)) {
        [registered, plan, swinjectRegistered].map { Double($0) / Double(components) }
    }
}
