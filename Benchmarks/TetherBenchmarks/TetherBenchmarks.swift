// The tether-bench scenarios as package-benchmark benchmarks, for percentiles, malloc metrics and baselines:
//
//   cd Benchmarks && swift package benchmark                       # all
//   cd Benchmarks && swift package benchmark --filter "S2.*"       # some
//
// One benchmark per row and contender ("S2 Tether"); one iteration is 1,000 operations for S1-S4 (shown as
// per-operation values through the scaling factor), one call for S5 (1,000 components) and V2 (10,000
// singletons). No thresholds are set: these numbers are for reading and comparing, not for failing a build.

import Benchmark
import BenchSupport
import Scenarios

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000)

    for scenario in scenarios {
        let small = scenario.operationsPerCall == 1
        let runners = scenario.makeRunners()
        for (index, runner) in runners.enumerated() {
            let calls = small ? 1_000 : 1
            Benchmark(
                "\(scenario.id) \(contenderNames[index])",
                configuration: .init(scalingFactor: small ? .kilo : .one, maxIterations: small ? 1_000_000 : 30)
            ) { benchmark in
                runner(calls, Meter(start: { benchmark.startMeasurement() }, stop: { benchmark.stopMeasurement() }))
            }
        }
    }
}
