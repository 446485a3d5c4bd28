// swift-tools-version:6.1
import PackageDescription

// Tether on Vapor 4: a `LifecycleHandler` that starts and shuts down the container with the application, and a
// middleware that gives each request its own scope. A package of its own, so that Tether's products keep zero
// dependencies and a Hummingbird or plain-NIO user never builds Vapor.
let package = Package(
    name: "TetherVapor",
    // The floor of `Duration`, which the shutdown's time limit takes; Vapor's own is lower.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "TetherVapor", targets: ["TetherVapor"])
    ],
    dependencies: [
        .package(name: "Tether", path: "../.."),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        // Vapor's own dependency: its locks, for the state a handler and a request's scope share across tasks.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(
            name: "TetherVapor",
            dependencies: [
                .product(name: "Tether", package: "Tether"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "TetherVaporTests",
            dependencies: [
                "TetherVapor",
                .product(name: "Tether", package: "Tether"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "TetherTesting", package: "Tether"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
