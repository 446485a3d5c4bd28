// swift-tools-version:6.1
import PackageDescription

// Benchmarks for Tether, in their own package so the library products keep zero dependencies.
//
// - `tether-bench` (Sources/TetherBench): one run, one table: hand-written vs Tether vs Swinject, ns per
//   operation, ratios and mallocs per operation. `--quick` runs a few iterations of everything, for CI.
// - `TetherBenchmarks` (TetherBenchmarks/): the same scenarios as package-benchmark benchmarks, for
//   percentiles, malloc metrics and baselines: `swift package benchmark` (run in this directory).
//
// Both measure the same code: the scenarios live in `Scenarios`, the 1,000 generated component types of S5 and
// V2 in `Generated` (written by Scripts/generate.py).

let package = Package(
    name: "TetherBenchmarks",
    // Higher than Tether's own floor: the benchmark support code uses the toolchain's `Synchronization` module.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "tether-bench", targets: ["TetherBench"]),
        .executable(name: "tether-floor", targets: ["TetherFloor"]),
    ],
    dependencies: [
        .package(name: "Tether", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // The interposer package-benchmark counts mallocs with (the version it resolves); `tether-bench` preloads it
        // into the child process that counts mallocs.
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.5.0"),
    ],
    targets: [
        // `blackHole`, clocks, threads and the malloc counter; no dependency on the contenders.
        .target(name: "BenchSupport", path: "Sources/BenchSupport"),
        // The scenario classes and the per-contender loops, shared by both runners.
        .target(
            name: "Scenarios",
            dependencies: [
                "BenchSupport", "Generated",
                .product(name: "Tether", package: "Tether"),
                .product(name: "TetherValidation", package: "Tether"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Sources/Scenarios"),
        // 1,000 generated component types (Scripts/generate.py), for S5 and V2; a module of its own because its
        // release build takes minutes and rarely changes.
        .target(
            name: "Generated",
            dependencies: ["BenchSupport", .product(name: "Tether", package: "Tether"), "Swinject"],
            path: "Sources/Generated"),
        .executableTarget(
            name: "TetherBench",
            dependencies: [
                "Scenarios", "BenchSupport",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            path: "Sources/TetherBench"),
        // The least a container compiled once can cost per resolve, beside Tether (`tether-floor`).
        .target(name: "FloorEngine", path: "Sources/FloorEngine"),
        .executableTarget(
            name: "TetherFloor",
            dependencies: ["FloorEngine", "Scenarios", "BenchSupport", .product(name: "Tether", package: "Tether")],
            path: "Sources/TetherFloor"),
        .executableTarget(
            name: "TetherBenchmarks",
            dependencies: ["Scenarios", .product(name: "Benchmark", package: "package-benchmark")],
            path: "TetherBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    ],
    swiftLanguageModes: [.v6]
)
