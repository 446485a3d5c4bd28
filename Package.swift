// swift-tools-version:6.0
import PackageDescription

/// Settings shared by every target: strict existentials and explicit imports keep the public surface honest.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Tether",
    // The core locks and publishes with the toolchain's `Synchronization` module (`Mutex`, `Atomic`),
    // which Apple ships from these OS versions on. Linux has no minimum.
    platforms: [
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "Tether", targets: ["Tether"]),
        .library(name: "TetherValidation", targets: ["TetherValidation"]),
        .library(name: "TetherDiagnostics", targets: ["TetherDiagnostics"]),
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
        .executableTarget(
            name: "TetherDemo", dependencies: ["Tether", "TetherValidation", "TetherDiagnostics"],
            path: "Sources/Demo", swiftSettings: strictSettings),
        .testTarget(
            name: "TetherTests", dependencies: ["Tether"], path: "Tests/ContainerTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherValidationTests", dependencies: ["TetherValidation"], path: "Tests/ValidationTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherDiagnosticsTests", dependencies: ["TetherDiagnostics"], path: "Tests/DiagnosticsTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherDemoTests", dependencies: ["TetherDemo"], path: "Tests/DemoTests",
            swiftSettings: strictSettings),
        .testTarget(
            name: "TetherDocsTests", dependencies: ["Tether", "TetherValidation", "TetherDiagnostics"], path: "Tests/DocsTests",
            resources: [], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
