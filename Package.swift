// swift-tools-version:6.2
import PackageDescription

/// Settings shared by every target: strict existentials and explicit imports keep the public surface honest.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Tether",
    // The floor of Swift concurrency's back-deployment, where the apps that use Tether are. The toolchain's
    // `Synchronization` module (`Mutex`, `Atomic`) is used where the system has it (Linux; Apple systems from
    // iOS 18 and macOS 15 on), behind Sources/Container/Unsafe/AtomicWord.swift and PlatformLock.swift, with
    // `os_unfair_lock` below it. Linux has no minimum.
    platforms: [
        .macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1),
    ],
    products: [
        .library(name: "Tether", targets: ["Tether"]),
        .library(name: "TetherValidation", targets: ["TetherValidation"]),
        .library(name: "TetherDiagnostics", targets: ["TetherDiagnostics"]),
        .library(name: "TetherTesting", targets: ["TetherTesting"]),
        .executable(name: "tether-demo", targets: ["TetherDemo"]),
    ],
    targets: [
        .target(name: "Tether", path: "Sources/Container", swiftSettings: strictSettings),
        .target(
            name: "TetherValidation", dependencies: ["Tether"], path: "Sources/Validation",
            swiftSettings: strictSettings),
        .target(
            name: "TetherDiagnostics", dependencies: ["Tether", "TetherValidation"],
            path: "Sources/Diagnostics", swiftSettings: strictSettings),
        // Swift Testing's trait for per-test process-wide instances. `Testing` is the toolchain's module (Swift 6.1
        // and later, no package dependency), with the same OS floor as this package.
        .target(
            name: "TetherTesting", dependencies: ["Tether", "TetherValidation"], path: "Sources/Testing",
            swiftSettings: strictSettings),
        .executableTarget(
            name: "TetherDemo", dependencies: ["Tether", "TetherValidation", "TetherDiagnostics"],
            path: "Sources/Demo", swiftSettings: strictSettings),
        // What the test targets and the docs' examples share: a thread-safe counter, a weak box, an identity log.
        .target(name: "TetherTestSupport", path: "Tests/Support", swiftSettings: strictSettings),
        .testTarget(
            name: "TetherTests", dependencies: ["Tether", "TetherTestSupport"], path: "Tests/ContainerTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherValidationTests", dependencies: ["TetherValidation", "TetherTestSupport"],
            path: "Tests/ValidationTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherDiagnosticsTests", dependencies: ["TetherDiagnostics"], path: "Tests/DiagnosticsTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherTestingTests",
            dependencies: ["Tether", "TetherTesting", "TetherValidation", "TetherTestSupport"],
            path: "Tests/TestingTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherDemoTests", dependencies: ["TetherDemo"], path: "Tests/DemoTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherDocsTests",
            dependencies: ["Tether", "TetherValidation", "TetherDiagnostics", "TetherTesting", "TetherTestSupport"],
            path: "Tests/DocsTests",
            resources: [], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
