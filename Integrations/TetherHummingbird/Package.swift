// swift-tools-version:6.1
import PackageDescription

// Tether on Hummingbird 2: a request context that carries the request's scope, a middleware that makes the scope and
// ends it once the response body is written, and the app run inside the container's `TetherService`. A package of its
// own, so that Tether's products keep zero dependencies.
let package = Package(
    name: "TetherHummingbird",
    // TetherServiceLifecycle's floor, which is swift-service-lifecycle's.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18)],
    products: [
        .library(name: "TetherHummingbird", targets: ["TetherHummingbird"])
    ],
    dependencies: [
        .package(name: "Tether", path: "../.."),
        .package(name: "TetherServiceLifecycle", path: "../TetherServiceLifecycle"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "TetherHummingbird",
            dependencies: [
                .product(name: "Tether", package: "Tether"),
                .product(name: "TetherServiceLifecycle", package: "TetherServiceLifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Its tests call a live server over loopback with Hummingbird's own client (`app.test(.live)`).
        .testTarget(
            name: "TetherHummingbirdTests",
            dependencies: [
                "TetherHummingbird",
                .product(name: "Tether", package: "Tether"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
