// swift-tools-version:6.1
import PackageDescription

// An example server: a todo API on Hummingbird 2 whose services are registered in Tether, over a SQLite database
// (sqlite-nio), started and stopped through TetherServiceLifecycle, each request's scope from TetherHummingbird. A package of its own, so that Tether's products
// keep zero dependencies.
let package = Package(
    name: "TodoServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "todo-server", targets: ["TodoServer"])
    ],
    dependencies: [
        .package(name: "Tether", path: "../.."),
        .package(name: "TetherServiceLifecycle", path: "../../Integrations/TetherServiceLifecycle"),
        .package(name: "TetherHummingbird", path: "../../Integrations/TetherHummingbird"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The app: its components, their registrations and its routes, for the executable and the tests.
        .target(
            name: "TodoApp",
            dependencies: [
                .product(name: "Tether", package: "Tether"),
                .product(name: "TetherServiceLifecycle", package: "TetherServiceLifecycle"),
                .product(name: "TetherHummingbird", package: "TetherHummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "TodoServer",
            dependencies: [
                "TodoApp",
                .product(name: "TetherValidation", package: "Tether"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Its client is Hummingbird's own (HummingbirdTesting), so the package names no HTTP client of its own.
        .testTarget(
            name: "TodoAppTests",
            dependencies: [
                "TodoApp",
                .product(name: "Tether", package: "Tether"),
                .product(name: "TetherValidation", package: "Tether"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
