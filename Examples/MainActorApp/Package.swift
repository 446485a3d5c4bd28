// swift-tools-version:6.2
import PackageDescription

// An app target as Xcode 26 makes new ones: every declaration `@MainActor` unless it says otherwise (SE-0466), and
// the upcoming features of its "approachable concurrency" setting on. Its registrations are written as
// Docs/en/Concurrency.md writes them for such a target. A package of its own, since the setting applies to a whole
// target; CI builds it with warnings as errors and runs its tests.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

let package = Package(
    name: "MainActorApp",
    dependencies: [
        .package(name: "tether", path: "../..")
    ],
    targets: [
        .target(
            name: "MainActorApp",
            dependencies: [.product(name: "Tether", package: "tether")],
            swiftSettings: appSettings),
        .testTarget(
            name: "MainActorAppTests",
            dependencies: [
                "MainActorApp",
                .product(name: "Tether", package: "tether"),
                .product(name: "TetherValidation", package: "tether"),
            ],
            swiftSettings: appSettings),
    ],
    swiftLanguageModes: [.v6]
)
