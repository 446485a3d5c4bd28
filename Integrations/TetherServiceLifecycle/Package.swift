// swift-tools-version:6.1
import PackageDescription

// Tether on swift-service-lifecycle: a `Service` that runs the container's eager start-up and, on graceful
// shutdown, its ordered shutdown. A package of its own, so that Tether's products keep zero dependencies.
let package = Package(
    name: "TetherServiceLifecycle",
    // swift-service-lifecycle's own floor.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "TetherServiceLifecycle", targets: ["TetherServiceLifecycle"])
    ],
    dependencies: [
        .package(name: "Tether", path: "../.."),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "TetherServiceLifecycle",
            dependencies: [
                .product(name: "Tether", package: "Tether"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "TetherServiceLifecycleTests",
            dependencies: [
                "TetherServiceLifecycle",
                .product(name: "Tether", package: "Tether"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "TetherTesting", package: "Tether"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
