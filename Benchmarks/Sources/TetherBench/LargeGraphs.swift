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
/// malloc-counting child): Tether after registering, what the first resolve binds on top of that, and
/// Swinject after registering the same graph.
func measureRegistrationMemory(components: Int) -> [Double]? {
    let tether = DIContainer()
    let swinject = Container()
    guard
        let registered = MallocCounter.retainedBytes({
            ValidationGraph.registerTether(tether, components: components, kinds: 3)
        }),
        let plan = MallocCounter.retainedBytes({
            verify((tether.resolve() as VTwo?) != nil, "R1: Tether resolves VTwo")
        }),
        let swinjectRegistered = MallocCounter.retainedBytes({
            ValidationGraph.registerSwinject(swinject, components: components)
        })
    else { return nil }
    verify(swinject.resolve(VTwo.self) != nil, "R1: Swinject resolves VTwo")
    return withExtendedLifetime((tether, swinject)) {
        [registered, plan, swinjectRegistered].map { Double($0) / Double(components) }
    }
}

// M1: registrations that come and go, as tests swapping mocks into one container do.

/// Registers, resolves and removes one component `count` times beside two that stay.
private func churn(_ container: DIContainer, _ count: Int) {
    for _ in 0..<count {
        container.register(VTwo.init(a:b:))
        verify((container.resolve() as VTwo?) != nil, "M1 resolves")
        container.unregister(VTwo.self)
    }
}

/// Heap bytes a container keeps (malloc-interposer, requested sizes) after 1,000 and after `cycles` rounds of
/// register, resolve and unregister; Swinject cannot remove one registration, so its column is 0.
func measureChurnMemory(cycles: Int) -> [Double]? {
    let container = DIContainer()
    container.register(VLeaf.init).lifetime(.single)
    container.register(VOne.init(a:))
    churn(container, 100)  // Warm-up: the tables and caches a first round makes.
    guard let small = MallocCounter.retainedBytes({ churn(container, 1_000) }),
        let large = MallocCounter.retainedBytes({ churn(container, cycles) })
    else { return nil }
    return withExtendedLifetime(container) { [Double(small), Double(large), 0] }
}

// L1: late registration, as an app registers feature modules after it started resolving.

/// Registers the providers the late components depend on.
private func registerLateBase(_ container: DIContainer) {
    container.register(VLeaf.init).lifetime(.single)
    container.register(VOne.init(a:)).lifetime(.single)
}

/// Registers late component `index` and, when `resolving`, resolves it at once.
private func registerLate(_ container: DIContainer, _ index: Int, resolving: Bool) {
    container.register(VTwo.init(a:b:), line: index).as(VTwo.self, name: "late-\(index)")
    if resolving { verify((container.resolve(VTwo.self, name: "late-\(index)") as VTwo?) != nil, "L1 resolves") }
}

/// The same in Swinject: register, then resolve by name.
private func registerLateSwinject(_ container: Container, _ index: Int) {
    container.register(VTwo.self, name: "late-\(index)") { r in VTwo(a: r.resolve(VOne.self)!, b: r.resolve(VLeaf.self))
    }
    verify(container.resolve(VTwo.self, name: "late-\(index)") != nil, "L1 Swinject resolves")
}

private func makeSwinjectLateBase() -> Container {
    let container = Container()
    container.register(VLeaf.self) { _ in VLeaf() }.inObjectScope(.container)
    container.register(VOne.self) { r in VOne(a: r.resolve(VLeaf.self)!) }.inObjectScope(.container)
    return container
}

/// Thread CPU milliseconds of: Tether registering and resolving `registrations` components in turn; Tether
/// registering them all, then resolving each; Swinject in turn.
struct LateRegistrationTiming {
    let registrations: Int
    let interleavedMilliseconds: Double
    let upfrontMilliseconds: Double
    let swinjectMilliseconds: Double
}

func measureLateRegistration(registrations: Int) -> LateRegistrationTiming {
    func time(_ body: () -> Void) -> Double {
        let start = threadCPUNanoseconds()
        body()
        return Double(threadCPUNanoseconds() - start) / 1e6
    }
    let interleaved = time {
        let container = DIContainer()
        registerLateBase(container)
        for index in 0..<registrations { registerLate(container, index, resolving: true) }
    }
    let upfront = time {
        let container = DIContainer()
        registerLateBase(container)
        for index in 0..<registrations { registerLate(container, index, resolving: false) }
        for index in 0..<registrations {
            verify((container.resolve(VTwo.self, name: "late-\(index)") as VTwo?) != nil, "L1 resolves")
        }
    }
    let swinject = time {
        let container = makeSwinjectLateBase()
        for index in 0..<registrations { registerLateSwinject(container, index) }
    }
    return LateRegistrationTiming(
        registrations: registrations, interleavedMilliseconds: interleaved, upfrontMilliseconds: upfront,
        swinjectMilliseconds: swinject)
}

/// Heap bytes retained per registration (malloc-counting child only): Tether registering and resolving in turn,
/// Tether registering everything first and then resolving each, Swinject in turn.
func measureLateRegistrationMemory(registrations: Int) -> [Double]? {
    let interleavedContainer = DIContainer()
    let upfrontContainer = DIContainer()
    let swinject = makeSwinjectLateBase()
    registerLateBase(interleavedContainer)
    registerLateBase(upfrontContainer)
    guard
        let interleaved = MallocCounter.retainedBytes({
            for index in 0..<registrations { registerLate(interleavedContainer, index, resolving: true) }
        }),
        let upfront = MallocCounter.retainedBytes({
            for index in 0..<registrations { registerLate(upfrontContainer, index, resolving: false) }
            for index in 0..<registrations {
                verify((upfrontContainer.resolve(VTwo.self, name: "late-\(index)") as VTwo?) != nil, "L1 resolves")
            }
        }),
        let swinjectBytes = MallocCounter.retainedBytes({
            for index in 0..<registrations { registerLateSwinject(swinject, index) }
        })
    else { return nil }
    return withExtendedLifetime((interleavedContainer, upfrontContainer, swinject)) {
        [interleaved, upfront, swinjectBytes].map { Double($0) / Double(registrations) }
    }
}
